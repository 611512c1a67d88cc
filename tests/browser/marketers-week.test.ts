/**
 * A marketer's week, applied to a copy of the live content: the course price lowered,
 * the two home pages swapped, a product renamed, a section deleted, the booking link
 * tagged with UTM parameters, a testimonial added, a page added and put in the menu,
 * Plausible turned on with a tracked button, a site-wide banner on a site with a Spanish page.
 * The copy is validated, built with scripts/build.ts and served as npm start serves it,
 * then held to the same checks as the live site (tests/support/site-checks.ts). Every
 * edit the guide invites must leave `npm test` green.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFileList, loadContent } from "../../src/site/load.ts";
import { formatProblems } from "../../src/content/problems.ts";
import { DEFAULT_LANGUAGE } from "../../src/site/languages.ts";
import { useBrowser } from "../support/browser.ts";
import { ROOT } from "../support/fixture-site.ts";
import { changedRoutes, marketersWeek, NEW_TESTIMONIAL, usd, type Files } from "../support/marketers-week.ts";
import { serveSite } from "../support/serve-dist.ts";
import { builtPages, siteChecks } from "../support/site-checks.ts";

const browser = useBrowser();
const CONTENT = join(ROOT, ".test-builds", "marketers-week-content");
const DIST = join(ROOT, ".test-builds", "marketers-week");

// The week is applied when the file is collected, so the checks below can take their routes from its pages.yaml.
const live: Files = Object.fromEntries(contentFileList().map((file) => [file, readFileSync(join(ROOT, file), "utf8")]));
const week = marketersWeek(live);
rmSync(CONTENT, { recursive: true, force: true });
mkdirSync(CONTENT, { recursive: true });
cpSync(join(ROOT, "content"), join(CONTENT, "content"), { recursive: true });
for (const [file, text] of Object.entries(week.files)) {
  mkdirSync(dirname(join(CONTENT, file)), { recursive: true });
  writeFileSync(join(CONTENT, file), text);
}

let served: Awaited<ReturnType<typeof serveSite>> | undefined;
beforeAll(async () => {
  const errors = loadContent(CONTENT).problems.filter((problem) => problem.severity === "error");
  if (errors.length) throw new Error(`The week's edits left the content invalid:\n${formatProblems(errors)}`);
  await promisify(execFile)("npm", ["run", "--silent", "build", "--", "--content", CONTENT, "--out", DIST], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
  });
  served = await serveSite(DIST);
}, 240_000);
afterAll(async () => {
  await served?.close();
  rmSync(CONTENT, { recursive: true, force: true });
});

const content = () => loadContent(CONTENT).content!;
const siteLang = (parse(week.files["content/site.yaml"]!) as { language?: { code?: string } }).language?.code ?? DEFAULT_LANGUAGE;
/** A built page's HTML by its route. */
const html = (route: string) => builtPages(DIST).find((page) => page.route === route)!.html;
/** Text as it stands in built HTML. */
const inHtml = (text: string) => text.replace(/&/g, "&amp;");
type Route = { path: string; title: string; lang?: string; sections: { type: string; price?: number | string }[] };
const routesOf = (files: Files) => (parse(files["pages.yaml"]!) as { routes: Route[] }).routes;

describe("a marketer's week", () => {
  it("changes what each edit set out to change, and nothing stays as it was", () => {
    const before = routesOf(live);
    const after = routesOf(week.files);

    if (week.price) {
      // Changed where it is written: on each offer, or once in site.yaml for the offers that name it (price: course).
      const { from, to, name } = week.price;
      const offers = (routes: Route[]) => routes.flatMap((route) => route.sections.filter((section) => section.type === "offer").map((offer) => offer.price));
      const named = (price: Route["sections"][number]["price"]) => name !== undefined && price === name;
      expect(offers(after)).not.toContain(from);
      expect(offers(after).filter((price) => price === to || named(price)).length).toBeGreaterThanOrEqual(
        offers(before).filter((price) => price === from || named(price)).length,
      );
      for (const route of after.filter((each) => each.sections.some((section) => section.type === "offer" && (section.price === to || named(section.price)))))
        expect(html(route.path === "*" ? "(404 page)" : route.path), route.path).toContain(usd(to));
    }

    const { first, second } = week.swap;
    expect([after[first.index]!.path, after[second.index]!.path]).toEqual([second.path, first.path]);
    for (const { index } of [first, second]) {
      const route = after[index]!;
      expect(html(route.path)).toContain(`<title>${inHtml(route.title).replace(/"/g, "&quot;")}</title>`);
    }

    if (week.rename) {
      const { from, to } = week.rename;
      for (const [file, text] of Object.entries(week.files)) expect(text.includes(from), file).toBe(false);
      const pages = builtPages(DIST);
      expect(pages.filter((page) => page.html.includes(inHtml(from))).map((page) => page.route)).toEqual([]);
      expect(pages.filter((page) => page.html.includes(inHtml(to))).length).toBeGreaterThan(0);
    }

    if (week.deleted) {
      const { routeIndex, sectionsBefore } = week.deleted;
      expect(after[routeIndex]!.sections).toHaveLength(sectionsBefore - 1);
      expect(content().pages[routeIndex]!.sections).toHaveLength(sectionsBefore - 1);
    }

    const { from, to } = week.booking;
    const hrefs = builtPages(DIST).flatMap((page) => [...page.html.matchAll(/\shref="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&")));
    expect(hrefs).not.toContain(from);
    expect(hrefs).toContain(to);

    const { path } = week.page;
    const added = html(path);
    expect(added).toContain(inHtml(NEW_TESTIMONIAL.quote));
    // The menu it was added to is the site language's; pages in another language have their own.
    const inSiteLanguage = builtPages(DIST).filter((page) => page.html.includes(`<html lang="${siteLang}"`));
    expect(inSiteLanguage.length).toBeGreaterThan(0);
    for (const page of inSiteLanguage) expect(page.html, page.route).toContain(`href="${path}"`);

    if (week.analytics) {
      // The new page's button records the event; every page carries the analytics loader's settings.
      expect(added).toMatch(new RegExp(`data-track="${week.analytics.event}"`));
      expect(content().site.analytics?.provider).toBe(week.analytics.provider);
    }
    if (week.banner) {
      // Every page shows it, named in the page's own language.
      const labels = (lang: string | undefined) => (lang && lang !== siteLang ? content().site.translations![lang]!.labels : content().site.labels);
      for (const route of routesOf(week.files)) {
        const page = html(route.path === "*" ? "(404 page)" : route.path);
        expect(page, route.path).toContain(inHtml(week.banner.text));
        expect(page, route.path).toContain(`aria-label="${inHtml(labels(route.lang).announcement!)}"`);
      }
    }
  });
});

const firstPage = routesOf(week.files)[0]!.path;
const weekRoutes = [...new Set([firstPage, ...changedRoutes(live["pages.yaml"]!, week.files["pages.yaml"]!)])];
// The banner and the analytics change every page: a page in each other language (its own words name the banner) and a
// calculator's page (its live script and the analytics chunk both wake at idle) are held to the checks too.
const weekRoutesAll = routesOf(week.files);
const otherLanguages = [...new Set(weekRoutesAll.flatMap((route) => (route.lang && route.lang !== siteLang ? [route.lang] : [])))];
const translatedPages = otherLanguages.map((lang) => weekRoutesAll.find((route) => route.lang === lang)!.path);
const calculatorPage = weekRoutesAll.find((route) => route.sections.some((section) => section.type.endsWith("-calculator")))?.path;
const checkedRoutes = [...new Set([...weekRoutes, ...translatedPages, ...(calculatorPage ? [calculatorPage] : [])])];

siteChecks(
  {
    name: "the site after a marketer's week",
    contentRoot: CONTENT,
    dist: DIST,
    baseUrl: () => served!.url,
    // The pages whose sections the week changed, and the first page for what changed on every page (the menu,
    // the banner, the colours); the live site's checks cover the rest, whose sections are the same. Edited words
    // overflow and crowd first on a phone: every such page is opened at 390 px, and at 1280 px the first page
    // and the page the week added, the one layout the live site has never shown.
    axeRoutes: checkedRoutes,
    visitRoutes: checkedRoutes,
    desktopRoutes: [firstPage, week.page.path, ...translatedPages, ...(calculatorPage ? [calculatorPage] : [])],
  },
  browser,
);
