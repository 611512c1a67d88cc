/**
 * The navigation, the FAQ and the pages without JavaScript, as the spec describes them
 * (sections 2 and 4), on the spec fixture site.
 */
import { describe, expect, it } from "vitest";
import { DESKTOP, fixtureUrl, hydrated, islandHydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("navigation", () => {
  it("marks the active route on wide screens and opens Get Started in a new tab", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/press"), { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    expect(await nav.getByRole("link", { name: "Press" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.locator("[aria-current]").count()).toBe(1);
    const cta = page.getByRole("link", { name: /Get Started/ }).first();
    expect(await cta.getAttribute("target")).toBe("_blank");
    expect(await cta.getAttribute("rel")).toContain("noopener");
    await close();
  });

  it("opens the phone menu, closes it when a link is chosen, and navigates", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    await hydrated(page);
    const menu = page.locator("header details");
    await menu.locator("summary").click();
    expect(await menu.getAttribute("open")).not.toBeNull();
    await menu.getByRole("link", { name: "Calculator" }).click();
    await page.waitForURL(fixtureUrl("/calculator"));
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    expect(problems()).toEqual([]);
    await close();
  });

  it("closes the phone menu on Escape and returns focus to the menu button", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
    const menu = page.locator("header details");
    // The header wakes on its first touch: the menu opens natively, then the script takes over.
    await menu.locator("summary").click();
    await islandHydrated(menu);
    expect(await menu.getAttribute("open")).not.toBeNull();
    await menu.getByRole("link", { name: "Services" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    await close();
  });

  it("lets keyboard users skip to the content", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await close();
  });
});

describe("faq", () => {
  it("keeps at most one answer open, and choosing the open question closes it", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
    await hydrated(page);
    const items = page.locator("#faq details");
    expect(await items.count()).toBe(6);
    const openCount = () => page.locator("#faq details[open]").count();
    expect(await openCount()).toBe(0);
    await items.nth(0).locator("summary").click();
    expect(await items.nth(0).getAttribute("open")).not.toBeNull();
    await items.nth(2).locator("summary").click();
    expect(await items.nth(2).getAttribute("open")).not.toBeNull();
    expect(await items.nth(0).getAttribute("open")).toBeNull();
    expect(await openCount()).toBe(1);
    await items.nth(2).locator("summary").click();
    expect(await openCount()).toBe(0);
    await close();
  });
});

describe("without JavaScript", () => {
  it("shows the content, the FAQ answers on demand and the phone menu", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/home"));
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await page.locator("#faq details").first().locator("summary").click();
    expect(await page.locator("#faq details[open]").count()).toBe(1);
    await page.locator("header details summary").click();
    expect(await page.locator("header details").getByRole("link", { name: "Services" }).isVisible()).toBe(true);
    await close();
  });
});
