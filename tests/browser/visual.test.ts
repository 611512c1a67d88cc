import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FIXTURE_ROUTES, fixtureUrl, useBrowser } from "../support/browser.ts";
import { baselineName, clearBaselines, compareWithBaseline, screenshot, settle, UPDATING, writeBaseline } from "../support/visual.ts";

/**
 * Visual regression: every route of the spec fixture site (and its 404 page) at phone,
 * tablet and desktop width, compared with the screenshots in tests/visual-baselines.
 * After an intended change of look: npm run test:visual:update, then review the new PNGs.
 */
const WIDTHS = [390, 768, 1280];
const ROUTES = [...FIXTURE_ROUTES, "/not-a-page"];

describe("visual regression on the spec fixture site", () => {
  const browser = useBrowser();
  beforeAll(() => {
    if (UPDATING) clearBaselines();
  });

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await browser().newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
        page = await context.newPage();
        // The typeface is used only when it is there for the first paint: fetch it once, as a
        // visitor's first page does, so that every page compared is drawn in it.
        await page.goto(fixtureUrl(ROUTES[0]!), { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
      });
      afterAll(() => context?.close());

      test.each(ROUTES)(`%s looks as its baseline`, async (route) => {
        await page.goto(fixtureUrl(route), { waitUntil: "load" });
        await settle(page);
        const png = await screenshot(page);
        const name = baselineName(route, width);
        if (UPDATING) return writeBaseline(name, png);
        const result = await compareWithBaseline(name, png);
        expect(result.ok, result.ok ? "" : result.reason).toBe(true);
      });
    });
  }
});
