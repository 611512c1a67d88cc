import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { fixtureUrl, hydrated, inLanes, LANES, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";
import { fixturePages } from "../support/fixture-site.ts";

const browser = useBrowser();
const assets = join(FIXTURE_DIST, "assets");
const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
const staticImports = (name: string) =>
  [...readFileSync(join(assets, name), "utf8").matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
const routes = fixturePages().filter((route) => route.path !== "*");
const hasCalculator = (route: (typeof routes)[number]) => route.sections.some((section) => section.type.endsWith("-calculator"));

describe("client bundle", () => {
  // That no validation code reaches the browser is a site check (tests/support/site-checks.ts).
  it("keeps framer-motion in the calculators' live chunk, which no other browser code imports", () => {
    // A name only framer-motion's DOM animation uses; the test fails, rather than passes, if an upgrade drops it.
    const MOTION = "applyToOptions";
    const live = scripts.filter((name) => /^calculator-live-/.test(name));
    expect(live).toHaveLength(1);
    expect(readFileSync(join(assets, live[0]!), "utf8")).toContain("data-calc-input");
    expect(scripts.filter((name) => readFileSync(join(assets, name), "utf8").includes(MOTION))).toEqual(live);
    // Only the table of every block's component imports it, which the prerender uses and the browser never loads.
    for (const importer of scripts.filter((name) => staticImports(name).includes(live[0]!))) expect(importer).toMatch(/^components-/);
  });

  it("loads framer-motion on calculator pages only, and keeps their script before any interaction under 10 KB compressed", async () => {
    expect(routes.filter(hasCalculator).length).toBeGreaterThan(0);
    const pages = await Promise.all(Array.from({ length: LANES }, () => openPage(browser(), PHONE)));
    onTestFinished(() => Promise.all(pages.map(({ close }) => close())).then(() => undefined));
    await inLanes(routes, LANES, async (route, lane) => {
      const { page } = pages[lane]!;
      await page.goto(fixtureUrl(route.path), { waitUntil: "networkidle" });
      // Idle: what a page loads before the visitor does anything, once every island that wakes at idle has woken.
      await page.waitForFunction(() => {
        const records = (JSON.parse(document.getElementById("islands")?.textContent ?? "{}") as { islands?: { id: number; when: string }[] }).islands ?? [];
        return records
          .filter((record) => record.when === "idle")
          .every((record) => document.querySelector(`[data-island="${record.id}"]`)?.hasAttribute("data-hydrated"));
      });
      const before = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"))
          .map((entry) => ({ url: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
      );
      const motionBefore = before.some((entry) => /\/calculator-live-[^/]+\.js$/.test(entry.url));
      if (hasCalculator(route)) {
        expect(motionBefore, route.path).toBe(true);
        expect(
          before.reduce((sum, entry) => sum + entry.bytes, 0),
          route.path,
        ).toBeLessThan(10 * 1024);
      }
      // Every island awake (the visitor touched the header, scrolled to the forms): still no motion where there is no calculator.
      await hydrated(page);
      const all = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
      if (!hasCalculator(route))
        expect(
          all.filter((url) => /\/calculator-live-[^/]+\.js$/.test(url)),
          route.path,
        ).toEqual([]);
    });
  }, 120_000);
});
