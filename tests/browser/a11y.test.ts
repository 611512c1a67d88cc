import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, ROUTES, url, useBrowser } from "../support/browser.ts";

const browser = useBrowser();
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  for (const [name, viewport] of [
    ["390 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const) {
    it.each([...ROUTES, "/no-such-page"])(`%s at ${name} has no violations`, async (route) => {
      const { page, close } = await openPage(browser(), viewport);
      await page.goto(url(route), { waitUntil: "networkidle" });
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
      await close();
    });
  }
});
