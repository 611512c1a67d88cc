/**
 * The live site, whatever the marketers have written: only checks that hold for any
 * valid content (tests/support/site-checks.ts). Routes, titles and descriptions come
 * from pages.yaml and content/; nothing here names a price, a heading or an address,
 * apart from the landing pages' length budget below.
 */
import { describe, expect, test } from "vitest";
import { ROOT } from "../support/fixture-site.ts";
import { openPage, PHONE, url, useBrowser } from "../support/browser.ts";
import { LIVE_DIST } from "../support/serve-dist.ts";
import { siteChecks } from "../support/site-checks.ts";

const browser = useBrowser();

siteChecks({ name: "the live site", contentRoot: ROOT, dist: LIVE_DIST, baseUrl: () => url("") }, browser);

/** The most a landing page may scroll on a phone: past it, visitors stop before the closing call. */
const LANDING_PAGE_MAX = 10_000;

describe("the live site's landing pages on a phone", () => {
  test.each(["/", "/home"])(`%s is at most ${LANDING_PAGE_MAX.toLocaleString("en-US")} px tall at 390 px`, async (path) => {
    const { page, close } = await openPage(browser(), PHONE);
    try {
      await page.goto(url(path), { waitUntil: "load" });
      // Every section at its real height, not the estimate a section drawn on demand stands in with.
      await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
      await page.evaluate(() => document.fonts.ready);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeGreaterThan(PHONE.height);
      expect(height).toBeLessThanOrEqual(LANDING_PAGE_MAX);
    } finally {
      await close();
    }
  });
});
