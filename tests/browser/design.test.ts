/**
 * The site's design as a visitor meets it, on the spec fixture site: the brand typeface from
 * the site's own origin, one primary button per section, the footer's legal links, the 404
 * page's suggestions, and calculators honest without JavaScript with figures that fit a small
 * phone.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LATE_FONT_ATTRIBUTE } from "../../src/ui/fonts.ts";
import { formatUsd } from "../../src/ui/format.ts";
import { DESKTOP, fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { drawEverySection } from "../support/draw-sections.ts";
import { fixturePages } from "../support/fixture-site.ts";

const browser = useBrowser();

type Route = { path: string; sections: { type: string }[] };
const routes = fixturePages() as unknown as Route[];
const calculatorPath = routes.find((route) => route.sections.some((section) => section.type.endsWith("-calculator")))!.path;

describe("brand typeface", () => {
  it("is loaded from the site's origin, preloaded, and set on headings and text", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    // A first visit fills the cache: on a busy machine the file may miss this page's first paint, and is then left out of it.
    await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    const origin = new URL(fixtureUrl("/")).origin;
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(new URL(font).origin).toBe(origin);
    expect(await page.locator('head link[rel="preload"][as="font"]').getAttribute("href")).toMatch(/^\/fonts\/inter-latin-wght-normal-[\d.]+\.woff2$/);
    const used = await page.evaluate(async () => {
      await document.fonts.ready;
      const h1 = document.querySelector("h1")!;
      return {
        family: getComputedStyle(h1).fontFamily,
        loaded: document.fonts.check(`700 40px ${getComputedStyle(h1).fontFamily.split(",")[0]}`),
        faces: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', "")),
        weights: ["h1", "h2", "h3"].map((tag) => getComputedStyle(document.querySelector(tag)!).fontWeight),
      };
    });
    expect(used.family.split(",")[0]).toMatch(/^["']?Inter["']?$/);
    expect(used.loaded).toBe(true);
    expect(used.faces).toContain("Inter");
    // Display, section and card headings: three weights, heaviest first.
    const [h1, h2, h3] = used.weights.map(Number);
    expect(h1).toBeGreaterThan(h2!);
    expect(h2).toBeGreaterThan(h3!);
    await close();
  });

  it("that comes after the first paint stays out of the page: waking an island later rewraps no text", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await recordShifts(page);
      await page.goto(fixtureUrl("/"));
      // Scrolled through, so that an island React draws wakes and adds the theme's stylesheet, once the file has come.
      expect(await scrollUntilThemeSheet(page)).toBe(true);
      await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(".woff2")));
      await expectFallbackKept(page);
    } finally {
      await close();
    }
  });

  it("that was there for the first paint stays in when an island adds the theme's stylesheet", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      // A first visit fills the cache, so the file is there for the next page's first paint.
      await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
      await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
      expect(await scrollUntilThemeSheet(page)).toBe(true);
      const after = await typefaceState(page);
      expect(after.late).toBe(false);
      expect(after.family.split(",")[0]).toMatch(/^["']?Inter["']?$/);
    } finally {
      await close();
    }
  });

  it("that came after the first layout but before the first script's check stays out too: the text keeps the face it was drawn in", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.woff2$/, async (route) => {
        await held;
        await route.continue();
      });
      await recordShifts(page);
      // The load event waits for the held file.
      await page.goto(fixtureUrl("/"), { waitUntil: "domcontentloaded" });
      // The check a frame after the first paint found the file missing. Its mark is taken away, as if
      // the file had come between the first layout and the check; then the file comes.
      await page.waitForFunction((lateFont) => document.documentElement.hasAttribute(lateFont), LATE_FONT_ATTRIBUTE);
      await page.evaluate((lateFont) => document.documentElement.removeAttribute(lateFont), LATE_FONT_ATTRIBUTE);
      release();
      await page.waitForFunction(() => [...document.fonts].some((face) => face.display === "optional" && face.status === "loaded"));
      expect(await scrollUntilThemeSheet(page)).toBe(true);
      await expectFallbackKept(page);
    } finally {
      await close();
    }
  });
});

describe("brand typeface, another subset", () => {
  it("a file of another subset still coming keeps the typeface: only the Latin file's lateness leaves it out", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      const url = fixtureUrl("/");
      // A page in a language with letters past Latin's: its heading holds one, and its subset's file comes a little later.
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const html = (await response.text())
          .replace(
            "</style>",
            () =>
              `@font-face{font-family:'Inter';font-display:optional;font-weight:100 900;src:url(/fonts/inter-latin-wght-normal-5.3.0.woff2?ext) format('woff2');unicode-range:U+0100-024F}</style>`,
          )
          .replace(/(<h1[^>]*>)/, (opening) => `${opening}Łódź `);
        await route.fulfill({ response, body: html });
      });
      await page.route(/\?ext$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await route.continue();
      });
      await page.goto(url, { waitUntil: "networkidle" });
      const shown = await page.evaluate(
        (lateFont) => ({ late: document.documentElement.hasAttribute(lateFont), family: getComputedStyle(document.querySelector("h1")!).fontFamily }),
        LATE_FONT_ATTRIBUTE,
      );
      expect(shown.late).toBe(false);
      expect(shown.family.split(",")[0]).toMatch(/^["']?Inter["']?$/);
    } finally {
      await close();
    }
  });
});

describe("hierarchy of actions", () => {
  it.each(routes.filter((route) => route.path !== "*").map((route) => route.path))("%s: no section has more than one primary button", async (path) => {
    const { page, close } = await openPage(browser(), DESKTOP, { javaScriptEnabled: false });
    await page.goto(fixtureUrl(path));
    // A primary button is the gold filled one: its background is the accent colour.
    const counts = await page.evaluate(() => {
      const accent = getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-gold-solid").trim();
      const probe = document.createElement("span");
      probe.style.color = accent;
      document.body.append(probe);
      const accentRgb = getComputedStyle(probe).color;
      probe.remove();
      return [...document.querySelectorAll("main section")].map(
        (section) => [...section.querySelectorAll("a, button")].filter((element) => getComputedStyle(element).backgroundColor === accentRgb).length,
      );
    });
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1);
    // The home page's hero leads with its one primary button: the probe finds primaries where they are.
    if (path === "/") expect(counts[0]).toBe(1);
    await close();
  });
});

describe("footer", () => {
  it("links the privacy policy and terms, and both pages answer", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/"));
    const legal = page.locator("footer [data-legal-links] a");
    const hrefs = await legal.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(expect.arrayContaining(["/privacy", "/terms"]));
    for (const href of hrefs) {
      const response = await page.goto(fixtureUrl(href!));
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBeTruthy();
    }
    await close();
  });
});

describe("404 page", () => {
  it.each([
    ["/tax-cours", "/tax-course"],
    ["/servises", "/services"],
    ["/resources/estimated-taxs", "/resources/estimated-taxes"],
  ])("%s suggests %s", async (typed, expected) => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl(typed), { waitUntil: "networkidle" });
    const suggestions = page.locator("[data-not-found-suggestions]");
    await expect.poll(() => suggestions.isVisible()).toBe(true);
    const first = await suggestions.locator("li a").first().getAttribute("href");
    expect(first).toBe(expected);
    await close();
  });

  it("lists the main sections without JavaScript, suggestions hidden", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/tax-cours"));
    expect(await page.locator("[data-not-found-suggestions]").isVisible()).toBe(false);
    const links = await page.locator("main nav a").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links).toEqual(expect.arrayContaining(["/tax-course", "/services"]));
    await close();
  });
});

describe("calculators", () => {
  it("say they need JavaScript when it is off, and only then", async () => {
    const off = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await off.page.goto(fixtureUrl(calculatorPath));
    await expect.poll(() => off.page.locator("[data-calculator-noscript]").first().isVisible()).toBe(true);
    await off.close();
    const on = await openPage(browser(), PHONE);
    await on.page.goto(fixtureUrl(calculatorPath));
    expect(await on.page.locator("[data-calculator-noscript]").count()).toBe(0);
    await on.close();
  });

  it("fit a figure of 1e15 in its card at 320 px", async () => {
    const { page, close } = await openPage(browser(), { width: 320, height: 700 });
    await page.goto(fixtureUrl(calculatorPath));
    await drawEverySection(page);
    const spills = await page.evaluate(
      (figure) => {
        const out: string[] = [];
        for (const result of document.querySelectorAll<HTMLElement>("[data-result]")) {
          result.textContent = figure;
          const card = result.closest("dd")!.parentElement!.getBoundingClientRect();
          const box = result.getBoundingClientRect();
          if (box.right > card.right + 0.5 || box.left < card.left - 0.5)
            out.push(`${result.dataset.result}: ${box.left}–${box.right} in ${card.left}–${card.right}`);
        }
        return out;
      },
      formatUsd(1e15, "en-US"),
    );
    expect(spills).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await close();
  });
});

/** Sums the page's layout shifts from its first paint (typefaceState reads the sum). */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Scrolls until an island React draws has woken and added the theme's stylesheet; whether one did. */
async function scrollUntilThemeSheet(page: Page): Promise<boolean> {
  const sheetAdded = () => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/theme-")));
  for (let step = 0; step < 30 && !(await sheetAdded()); step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  return sheetAdded();
}

/** Whether the page is marked as drawn without the typeface, the h1's fonts, and the shifts recordShifts summed (0 without it). */
function typefaceState(page: Page) {
  return page.evaluate(
    (lateFont) => ({
      late: document.documentElement.hasAttribute(lateFont),
      family: getComputedStyle(document.querySelector("h1")!).fontFamily,
      shifted: ((window as unknown as { shifts?: number[] }).shifts ?? []).reduce((sum, value) => sum + value, 0),
    }),
    LATE_FONT_ATTRIBUTE,
  );
}

/** A frame later: the page marked as drawn without the typeface, its h1 in the fallback, and nothing shifted. */
async function expectFallbackKept(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const after = await typefaceState(page);
  expect(after.shifted).toBeLessThan(0.001);
  expect(after.late).toBe(true);
  expect(after.family.split(",")[0]).toMatch(/Fallback/);
}
