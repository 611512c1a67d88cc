import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureUrl, hydrated, islandHydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { ROOT } from "../support/fixture-site.ts";
import { fixtureSite, navSites, type NavLink } from "../support/nav-sites.ts";

const browser = useBrowser();

/** Header menus of realistic length; each label links a route of the spec fixture site. */
const SEVEN: NavLink[] = [
  { label: "Tax Preparation Course", to: "/tax-course" },
  { label: "Calculator", to: "/calculator" },
  { label: "Services", to: "/services" },
  { label: "Press", to: "/press" },
  { label: "Resources", to: "/resources" },
  { label: "Links", to: "/links" },
  { label: "Contact Us", to: "/forms" },
];
const NINE: NavLink[] = [
  ...SEVEN.slice(0, 6),
  { label: "About", to: "/home" },
  { label: "Contact Us", to: "/forms" },
  { label: "Insurance CPA", to: "/cap-services" },
];

const CLOSE_CALLS = [1024, 1100, 1180, 1280];
const SPOT_CHECKS = [320, 390, 768, 1440, 1920];
/** The bar's height (4rem) and its bottom border, at the usual text size. */
const ONE_LINE_HEADER = 65;
/** Where the test leaves pictures of the bar, to look at after a change to the header. */
const SCREENSHOTS = join(ROOT, ".test-builds", "header-screenshots");

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface Item extends Box {
  text: string;
  /** Lines its text takes. */
  lines: number;
  /** Text cut short with an ellipsis. */
  truncated: boolean;
}
interface Bar {
  viewport: number;
  pageOverflow: number;
  header: Box & { height: number };
  links: boolean;
  menuButton: boolean;
  cta: boolean;
  items: Item[];
}

/** What the header's bar shows, measured in the page: its visible parts, left to right. */
function measureBar(page: Page): Promise<Bar> {
  return page.evaluate(() => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    const box = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    const lines = (element: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        // Text for screen readers only sits out of the flow, one clipped pixel.
        if (!shown(parent) || getComputedStyle(parent).position === "absolute") continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    };
    const truncated = (element: Element) =>
      [element, ...element.querySelectorAll("*")].some((e) => shown(e) && getComputedStyle(e).position !== "absolute" && e.scrollWidth > e.clientWidth);
    // An icon button is named by its label and drawn on one line whatever it holds.
    const item = (element: Element) => ({
      text: element.textContent || (element.getAttribute("aria-label") ?? ""),
      ...box(element),
      lines: element.textContent ? lines(element) : 1,
      truncated: truncated(element),
    });

    const header = document.querySelector("header")!;
    const details = header.querySelector("details")!;
    // The row: the brand, the links, then the search button, the button and the menu button side by side.
    const group = details.parentElement!;
    const row = group.parentElement!;
    const [brand, nav] = [...row.children] as HTMLElement[];
    const search = group.querySelector("[data-search-open]");
    const cta = [...group.children].find((child) => !(search && child.contains(search)) && child !== details)!;
    const items = [brand!, ...nav!.querySelectorAll("a"), ...(search ? [search] : []), ...cta.querySelectorAll("a"), details.querySelector("summary")!]
      .filter(shown)
      .map(item);
    const { height } = header.getBoundingClientRect();
    return {
      viewport: window.innerWidth,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      header: { ...box(header), height },
      links: shown(nav!),
      menuButton: shown(details),
      cta: shown(cta),
      items,
    };
  });
}

function expectOneLine(bar: Bar, where: string) {
  expect(bar.links !== bar.menuButton, `${where}: either the links or the menu button`).toBe(true);
  expect(bar.cta, `${where}: the button shows with the links`).toBe(bar.links);
  expect(Math.round(bar.header.height), `${where}: header height`).toBe(ONE_LINE_HEADER);
  expect(bar.pageOverflow, `${where}: page wider than the screen`).toBeLessThanOrEqual(0);
  for (const item of bar.items) {
    expect(item.lines, `${where}: "${item.text}" wraps`).toBe(1);
    expect(item.truncated, `${where}: "${item.text}" is cut short`).toBe(false);
    expect(item.left, `${where}: "${item.text}" starts off screen`).toBeGreaterThanOrEqual(0);
    expect(item.right, `${where}: "${item.text}" ends off screen`).toBeLessThanOrEqual(bar.viewport);
    expect(item.top, `${where}: "${item.text}" above the bar`).toBeGreaterThanOrEqual(bar.header.top);
    expect(item.bottom, `${where}: "${item.text}" below the bar`).toBeLessThanOrEqual(bar.header.bottom);
  }
  // One row: side by side without overlapping, each level with the others.
  for (const [before, after] of bar.items.slice(1).map((item, index) => [bar.items[index]!, item] as const)) {
    expect(before.right, `${where}: "${before.text}" runs into "${after.text}"`).toBeLessThanOrEqual(after.left + 0.5);
  }
  expect(Math.max(...bar.items.map((item) => item.top)), `${where}: not one row`).toBeLessThan(Math.min(...bar.items.map((item) => item.bottom)));
}

/** Whether the element is on screen and nothing covers its middle. */
function showsFocused(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    const rect = focused.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === focused || focused.contains(hit));
  });
}

describe("the header on one line", () => {
  let sites: { urls: Record<"seven" | "nine", string>; stop: () => Promise<void> };
  // Two builds: after a change of the engine both are built whole, over a minute on a busy machine.
  beforeAll(async () => {
    sites = await navSites({ seven: SEVEN, nine: NINE });
  }, 300_000);
  afterAll(() => sites?.stop());

  const menus = () => ({ spec: fixtureUrl(""), seven: sites.urls.seven, nine: sites.urls.nine });

  it("fits the bar at every width with the fixture's menu and with 7 and 9 long labels, before any script runs", async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [name, base] of Object.entries(menus())) {
      const { page, close } = await openPage(browser(), { width: 1280, height: 800 }, { javaScriptEnabled: false });
      await page.goto(base + "/tax-course");
      for (const width of [...CLOSE_CALLS, ...SPOT_CHECKS]) {
        await page.setViewportSize({ width, height: 800 });
        const bar = await measureBar(page);
        expectOneLine(bar, `${name} menu at ${width} px`);
        // The switch is where the links stop fitting: phones and tablets have the menu button, wide screens the links.
        if (width <= 768) expect(bar.menuButton, `${name} menu at ${width} px`).toBe(true);
        if (width >= 1440) expect(bar.links, `${name} menu at ${width} px`).toBe(true);
        // For a look by eye: the close calls, and the open menu on a phone.
        if (name !== "spec" && [1024, 1180, 1280].includes(width)) await page.locator("header").screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
      }
      if (name !== "spec") {
        await page.setViewportSize(PHONE);
        await page.locator("header summary").click();
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-390-open.png`), clip: { x: 0, y: 0, width: PHONE.width, height: 640 } });
      }
      await close();
    }
  });

  it("keeps the prerendered bar as it is when the header hydrates", async () => {
    const { page, problems, close } = await openPage(browser(), { width: 1100, height: 800 });
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    const before = await measureBar(page);
    await hydrated(page);
    expect(await measureBar(page)).toEqual(before);
    // With scripts the search button is in the bar too (from the width that holds it beside the name).
    for (const width of [320, 360, PHONE.width]) {
      await page.setViewportSize({ ...PHONE, width });
      expectOneLine(await measureBar(page), `hydrated, at ${width} px`);
    }
    expect(await page.locator("header [data-search-open]").first().isVisible()).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("the phone menu", () => {
  const { navigation } = fixtureSite();

  it("closes when focus moves on past its last link, and never covers what has focus", async () => {
    // A phone on its side: the menu is taller than the screen below the bar.
    const { page, problems, close } = await openPage(browser(), { width: 844, height: 390 });
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    const menu = page.locator("header details");
    await menu.locator("summary").click();
    await islandHydrated(menu);
    expect(await menu.getAttribute("open")).not.toBeNull();
    const inMenu = () => menu.evaluate((details) => details.contains(document.activeElement));
    const visited: string[] = [];
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press("Tab");
      if (!(await inMenu())) break;
      visited.push(await page.evaluate(() => document.activeElement?.textContent ?? ""));
      // Within a moment: the menu may scroll smoothly to what has focus.
      await expect.poll(() => showsFocused(page), { message: `"${visited.at(-1)}" is covered`, timeout: 2000 }).toBe(true);
    }
    expect(visited.length).toBe(navigation.links.length + 1);
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    // The page scrolls it into view, smoothly.
    await expect.poll(() => showsFocused(page), { message: "what gets focus after the menu shows" }).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });

  it("closes on a tap outside it", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    const menu = page.locator("header details");
    await menu.locator("summary").click();
    await islandHydrated(menu);
    expect(await menu.getAttribute("open")).not.toBeNull();
    // A spot below the open menu: the backdrop dimming the page, not a link or a control.
    const spot = { x: 4, y: PHONE.height - 4 };
    expect(
      await page.evaluate(({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return !!hit && !hit.closest("a, button, input, select, textarea, summary, label") && hit.getAttribute("aria-hidden") === "true";
      }, spot),
    ).toBe(true);
    await page.mouse.click(spot.x, spot.y);
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    await close();
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    const menu = page.locator("header details");
    await menu.locator("summary").focus();
    await page.keyboard.press("Enter");
    await islandHydrated(menu);
    expect(await menu.getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Tab");
    expect(await menu.getByRole("link", { name: navigation.links[0]!.label, exact: true }).evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    expect(await menu.locator("summary").evaluate((summary) => summary === document.activeElement)).toBe(true);
    await close();
  });

  it("opens and closes without JavaScript, its icon following", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/tax-course"));
    const menu = page.locator("header details");
    const icon = async () => ({ open: await menu.locator(".menu-open").isVisible(), close: await menu.locator(".menu-close").isVisible() });
    expect(await icon()).toEqual({ open: true, close: false });
    await menu.locator("summary").click();
    for (const { label } of navigation.links) expect(await menu.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    expect(await icon()).toEqual({ open: false, close: true });
    await menu.locator("summary").click();
    expect(await menu.getAttribute("open")).toBeNull();
    expect(await icon()).toEqual({ open: true, close: false });
    await close();
  });
});
