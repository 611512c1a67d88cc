/**
 * Named prices on a built site: a copy of the spec fixture site whose course price is changed in
 * one place (content/site.yaml, prices:) and put on a sale that ends on 2026-12-31, with its
 * Spanish pages written as in Spain (locale: es, so that their prices read otherwise than the
 * English ones). Built twice by scripts/build.ts, with the clock (--now) during the sale and after
 * it, and served as npm start serves them: every page that names the price shows the new one,
 * struck through during the sale, alone after it; the texts that name it follow, each in its
 * page's language; search engines are told the same; and nothing is taken off a page.
 */
import { execFile } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, SPEC_SITE } from "../support/fixture-site.ts";
import { hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { serveSite } from "../support/serve-dist.ts";

const browser = useBrowser();
const CONTENT = join(ROOT, ".test-builds", "prices-content");
const BUILDS = { during: join(ROOT, ".test-builds", "prices-during"), after: join(ROOT, ".test-builds", "prices-after") };
const CLOCKS = { during: "2026-12-31T12:00Z", after: "2027-01-01T12:00Z" };

// The course's price, written once: both amounts new to the fixture, so that no page shows them by chance.
const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const course = /\n {2}course:\n( {4}[^\n]*\n)+/;
if (!course.test(site) || !site.includes("    locale: es-US\n")) throw new Error("The fixture's site.yaml no longer has prices.course or a Spanish locale.");
rmSync(CONTENT, { recursive: true, force: true });
cpSync(SPEC_SITE, CONTENT, { recursive: true });
writeFileSync(
  join(CONTENT, "content", "site.yaml"),
  site.replace(course, "\n  course:\n    price: 3497\n    salePrice: 597\n    saleUntil: 2026-12-31\n").replace("    locale: es-US\n", "    locale: es\n"),
);

type Section = { type: string; price?: unknown; intro?: string; heading?: string };
const routes = (parse(readFileSync(join(CONTENT, "pages.yaml"), "utf8")) as { routes: { path: string; lang?: string; sections: Section[] }[] }).routes;
/** The pages whose offers name the course's price, with how many do, and the pages whose texts name it. */
const naming = routes.filter((route) => route.sections.some((section) => section.type === "offer" && section.price === "course"));
const stating = routes.filter((route) => route.sections.some((section) => JSON.stringify(section).includes("{prices.course}")));
const offersOn = (route: (typeof routes)[number]) => route.sections.filter((section) => section.type === "offer" && section.price === "course").length;

/** A price as the page's language writes it: the site's en-US, or es as in Spain (2997 US$, with a no-break space). */
const written = (amount: number, lang?: string) => (lang === "es" ? `${amount}\u00a0US$` : `$${amount.toLocaleString("en-US")}`);
const words = (lang?: string) => (lang === "es" ? { was: "antes", now: "ahora" } : { was: "was", now: "now" });

let served: Record<keyof typeof BUILDS, { url: string; close: () => Promise<void> }>;
beforeAll(async () => {
  const build = (out: string, now: string) =>
    promisify(execFile)(process.execPath, ["scripts/cli.mjs", "build", "--content", CONTENT, "--out", out, "--now", now], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
  // One after the other: the second takes the bundles the first made (the clock is not in them) instead of making them alongside.
  await build(BUILDS.during, CLOCKS.during);
  await build(BUILDS.after, CLOCKS.after);
  const [during, after] = await Promise.all([serveSite(BUILDS.during), serveSite(BUILDS.after)]);
  served = { during: during!, after: after! };
}, 300_000);
afterAll(async () => {
  await Promise.all(Object.values(served ?? {}).map((server) => server.close()));
  rmSync(CONTENT, { recursive: true, force: true });
});

/** The main content's text of a built page, with its spaces as one (a no-break space kept); each page read once. */
const texts = new Map<string, Promise<string>>();
function mainText(build: keyof typeof BUILDS, path: string): Promise<string> {
  const key = `${build} ${path}`;
  if (!texts.has(key)) texts.set(key, readMain(build, path));
  return texts.get(key)!;
}

async function readMain(build: keyof typeof BUILDS, path: string): Promise<string> {
  const { page, problems, close } = await openPage(browser(), PHONE);
  try {
    await page.goto(served[build].url + path);
    const text = (await page.locator("main").textContent())!.replace(/[ \t\n]+/g, " ");
    expect(problems()).toEqual([]);
    return text;
  } finally {
    await close();
  }
}

/** The Course a page describes to search engines. */
async function courseData(build: keyof typeof BUILDS, path: string): Promise<{ offers: Record<string, unknown> }> {
  const html = await (await fetch(served[build].url + path)).text();
  const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { "@type": string }[];
  return data.find((item) => item["@type"] === "Course") as unknown as { offers: Record<string, unknown> };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("a price written once, in content/site.yaml", () => {
  it("names pages in both languages, and texts too, so that the test means something", () => {
    expect(naming.length).toBeGreaterThanOrEqual(3);
    expect(naming.some((route) => route.lang === "es")).toBe(true);
    expect(stating.some((route) => route.lang === "es")).toBe(true);
  });

  it("during its sale: every page that names it shows the sale price beside the new regular price struck through, in its language", async () => {
    for (const route of naming) {
      const text = await mainText("during", route.path);
      const { was, now } = words(route.lang);
      expect(count(text, `${was} ${written(3497, route.lang)}, ${now} ${written(597, route.lang)}`), route.path).toBe(offersOn(route));
      // The saving is computed from the price written in site.yaml.
      expect(text, route.path).toContain(written(2900, route.lang));
    }
  });

  it("during its sale: every text that names it says the sale price, in the page's language", async () => {
    for (const route of stating) {
      const text = await mainText("during", route.path);
      expect(text, route.path).toContain(route.lang === "es" ? `por ${written(597, "es")} ` : `for ${written(597)} `);
      expect(text, route.path).not.toContain("{prices.");
    }
  });

  it("after its sale: the regular price alone, in every offer and text, with every section still there", async () => {
    for (const route of [...new Set([...naming, ...stating])]) {
      const [during, after] = [await mainText("during", route.path), await mainText("after", route.path)];
      expect(after, route.path).not.toContain(written(597, route.lang));
      expect(count(after, `${words(route.lang).was} `), route.path).toBe(count(during, `${words(route.lang).was} `) - offersOn(route));
      expect(count(after, written(3497, route.lang)), route.path).toBeGreaterThanOrEqual(offersOn(route));
      if (stating.includes(route)) expect(after, route.path).toContain(route.lang === "es" ? `por ${written(3497, "es")} ` : `for ${written(3497)} `);
      const sections = async (build: keyof typeof BUILDS) => (await (await fetch(served[build].url + route.path)).text()).match(/<section\b/g)?.length;
      expect(await sections("after"), route.path).toBe(await sections("during"));
    }
  });

  it("keeps the prices when the page wakes in the browser", async () => {
    const spanish = naming.find((route) => route.lang === "es")!;
    const { page, problems, close } = await openPage(browser(), PHONE);
    try {
      await page.goto(served.during.url + spanish.path, { waitUntil: "networkidle" });
      await hydrated(page);
      const text = (await page.locator("main").textContent())!;
      expect(text).toContain(`antes ${written(3497, "es")}`);
      expect(text).toContain(`por ${written(597, "es")} `);
      expect(problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("tells search engines the sale price and its last day during the sale, then the regular price", async () => {
    const described = naming.filter((route) => route.sections.some((section) => section.type === "offer" && "product" in section));
    expect(described.length).toBeGreaterThan(0);
    for (const route of described) {
      expect((await courseData("during", route.path)).offers, route.path).toMatchObject({
        price: "597.00",
        priceCurrency: "USD",
        priceValidUntil: "2026-12-31",
      });
      const after = (await courseData("after", route.path)).offers;
      expect(after, route.path).toMatchObject({ price: "3497.00", priceCurrency: "USD" });
      expect(after, route.path).not.toHaveProperty("priceValidUntil");
    }
  });
});
