/**
 * Schedules, the announcement banner, shared sections and brand colours on the built spec
 * fixture site, whose build clock is fixed at 2026-11-23T12:00Z (npm run build:fixtures).
 */
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { DESKTOP, fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";

const browser = useBrowser();
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function axeViolations(path: string, viewport: typeof PHONE) {
  const { page, close } = await openPage(browser(), viewport);
  try {
    await page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  } finally {
    await close();
  }
}

describe("scheduled content", () => {
  it("shows what is inside its window at the build's clock, and nothing of what is outside", async () => {
    const { page, problems, close } = await openPage(browser());
    try {
      await page.goto(fixtureUrl("/whats-new"));
      const html = await page.content();
      // Ended (summer hours, a mid-year card) and upcoming (the spring workshop) are not in the page at all.
      for (const gone of ["summer-hours", "Summer hours", "Mid-year bookkeeping check", "spring-workshop", "Spring workshop"]) expect(html).not.toContain(gone);
      expect(await page.locator("#this-season h3").allTextContents()).toEqual(["Year-end planning sessions", "Estimated tax reminders"]);
      expect(problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("has no axe violation on the scheduled page (%s)", async (_name, viewport) => {
    expect(await axeViolations("/whats-new", viewport)).toEqual([]);
  });
});
