/**
 * Articles (content/articles.yaml) on the built spec fixture site: each is a prerendered
 * page of its own with its structured data, its Markdown as headings, lists, a table and
 * links, and no script of its own; /resources lists them, newest first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { axeViolations, DESKTOP, fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";

const browser = useBrowser();
const articles = (
  parse(readFileSync(join(SPEC_SITE, "content", "articles.yaml"), "utf8")) as {
    items: { slug: string; title: string; date: string; summary: string; author: string }[];
  }
).items;
const newestFirst = [...articles].sort((a, b) => b.date.localeCompare(a.date));
const first = newestFirst[0]!;

describe("an article's page", () => {
  it("is prerendered with its title, description, canonical address and Article structured data", async () => {
    const response = await fetch(fixtureUrl(`/resources/${first.slug}`));
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(new RegExp(`<title>${first.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
    expect(head).toContain(`<meta name="description" content="${first.summary}" />`);
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+/resources/${first.slug}" />`));
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!) as Record<string, unknown>[];
    const article = data.find((item) => item["@type"] === "Article")!;
    expect(article).toMatchObject({ headline: first.title, datePublished: first.date, author: { "@type": "Person", name: first.author } });
    expect(article.mainEntityOfPage).toMatch(new RegExp(`/resources/${first.slug}$`));
  });

  it("shows its Markdown as headings in order, a table, a list, a quote and links, readable without JavaScript", async () => {
    const { page, close } = await openPage(browser(), DESKTOP, { javaScriptEnabled: false });
    await page.goto(fixtureUrl(`/resources/${first.slug}`));
    const headings = await page
      .locator("main")
      .locator("h1, h2, h3, h4")
      .evaluateAll((all) => all.map((h) => `${h.tagName} ${h.textContent}`));
    expect(headings).toEqual([`H1 ${first.title}`, "H2 The due dates", "H3 When a date is a holiday", "H2 How much is enough"]);
    expect(await page.locator("article table th").allTextContents()).toEqual(["Income earned", "Payment due"]);
    expect(await page.locator("article ol > li").count()).toBe(2);
    expect(await page.locator("article blockquote").textContent()).toContain("paid as you earn");
    expect(await page.getByRole("link", { name: "calculator", exact: true }).getAttribute("href")).toBe("/calculator");
    const booking = page.getByRole("link", { name: /book a call/ });
    expect(await booking.getAttribute("href")).toMatch(/^https:/);
    expect(await booking.getAttribute("target")).toBe("_blank");
    expect(await page.locator("article time").getAttribute("datetime")).toBe(first.date);
    await close();
  });

  it("ships no script of its own: the header is the page's only island, and no Markdown parser reaches the browser", async () => {
    const html = await (await fetch(fixtureUrl(`/resources/${first.slug}`))).text();
    const islands = JSON.parse(/<script type="application\/json" id="islands">([\s\S]*?)<\/script>/.exec(html)![1]!) as { islands: { name: string }[] };
    expect(islands.islands.map((island) => island.name)).toEqual(["header"]);
    const assets = join(FIXTURE_DIST, "assets");
    for (const name of readdirSync(assets).filter((file) => file.endsWith(".js"))) {
      const code = readFileSync(join(assets, name), "utf8");
      for (const marker of ["micromark", "mdast", "fromMarkdown"]) expect(code.includes(marker), `${name} contains ${marker}`).toBe(false);
    }
  });

  it("is in the sitemap", async () => {
    const sitemap = await (await fetch(fixtureUrl("/sitemap.xml"))).text();
    for (const article of articles) expect(sitemap).toMatch(new RegExp(`<loc>https://[^<]+/resources/${article.slug}</loc>`));
  });
});

describe("/resources", () => {
  it("lists the articles newest first, each linking to its page", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/resources"));
    const list = page.locator("#articles");
    expect(await list.getByRole("heading", { level: 3 }).allTextContents()).toEqual(newestFirst.map((article) => article.title));
    expect(await list.getByRole("link").evaluateAll((all) => all.map((a) => a.getAttribute("href")))).toEqual(
      newestFirst.map((article) => `/resources/${article.slug}`),
    );
    await close();
  });
});

describe.each([
  ["390 px", PHONE],
  ["1280 px", DESKTOP],
] as const)("at %s", (_name, viewport) => {
  it.each([`/resources/${first.slug}`, "/resources"])("%s has no axe violation and does not scroll sideways", async (route) => {
    const { page, problems, close } = await openPage(browser(), viewport);
    await page.goto(fixtureUrl(route), { waitUntil: "networkidle" });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });
});
