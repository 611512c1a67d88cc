/**
 * Schedules (from, until, hidden windows), the announcement banner, shared sections and brand
 * colours on the built spec fixture site, whose build clock is fixed at 2026-11-23T12:00Z
 * (npm run build:fixtures).
 */
import { describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { browserThemeColor, surfaces } from "../../src/content/brand.ts";
import { FIXTURE_NOW, loadFixture } from "../support/fixture-site.ts";

const browser = useBrowser();

async function violationsAt(path: string, viewport: typeof PHONE) {
  const { page, close } = await openPage(browser(), viewport);
  try {
    await page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
    return await axeViolations(page);
  } finally {
    await close();
  }
}

/** Records every layout shift from the first paint on, and whether the banner showed when the document was parsed. */
async function watchLoad(page: import("playwright-core").Page) {
  await page.addInitScript(() => {
    const record: { shifts: number; bannerShown?: boolean } = { shifts: 0 };
    (window as unknown as { loadRecord: typeof record }).loadRecord = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) record.shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      const banner = document.querySelector("[data-banner]");
      record.bannerShown = banner ? getComputedStyle(banner).display !== "none" : undefined;
    });
  });
}
const loadRecord = (page: import("playwright-core").Page) =>
  page.evaluate(() => (window as unknown as { loadRecord: { shifts: number; bannerShown?: boolean } }).loadRecord);

describe("the announcement banner", () => {
  it("is one named region above the header, prerendered, with a 44 px close button", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    try {
      await watchLoad(page);
      await page.goto(fixtureUrl("/whats-new"), { waitUntil: "networkidle" });
      const banner = page.getByRole("region", { name: "Announcement" });
      expect(await banner.count()).toBe(1);
      expect(await banner.textContent()).toContain("Tax season hours: evenings and Saturdays from December 1.");
      expect(await banner.getByRole("link", { name: /Book a call/ }).getAttribute("href")).toBe("https://calendly.com/");
      const bannerBox = (await banner.boundingBox())!;
      const headerBox = (await page.locator("header").boundingBox())!;
      expect(bannerBox.y).toBe(0);
      expect(headerBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
      const button = (await banner.getByRole("button", { name: "Dismiss announcement" }).boundingBox())!;
      expect(button.width).toBeGreaterThanOrEqual(44);
      expect(button.height).toBeGreaterThanOrEqual(44);
      // Lighthouse's resolution (0.001): on a CPU slowed twelvefold the menu button settles by a few pixels (0.0004).
      expect((await loadRecord(page)).shifts).toBeLessThan(0.001);
      expect(problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("stays dismissed across a reload, hidden before the page is drawn, with nothing moving", async () => {
    const { page, problems, close } = await openPage(browser(), DESKTOP);
    try {
      await watchLoad(page);
      await page.goto(fixtureUrl("/whats-new"), { waitUntil: "networkidle" });
      expect((await loadRecord(page)).bannerShown).toBe(true);
      await page.getByRole("button", { name: "Dismiss announcement" }).click();
      await expect.poll(() => page.getByRole("region", { name: "Announcement" }).count()).toBe(0);
      expect((await page.locator("header").boundingBox())!.y).toBe(0);

      await page.reload({ waitUntil: "networkidle" });
      // Still in the page (prerendered), never shown: hidden when the document was parsed, so nothing shifted.
      expect(await page.locator("[data-banner]").count()).toBe(1);
      const record = await loadRecord(page);
      expect(record.bannerShown).toBe(false);
      expect(record.shifts).toBeLessThan(0.001);
      expect(await page.getByRole("region", { name: "Announcement" }).count()).toBe(0);
      expect((await page.locator("header").boundingBox())!.y).toBe(0);
      expect(problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("has no close button without JavaScript, which could not close it", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    try {
      await page.goto(fixtureUrl("/whats-new"));
      expect(await page.getByRole("region", { name: "Announcement" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Dismiss announcement" }).isVisible()).toBe(false);
    } finally {
      await close();
    }
  });

  it("is on no page once the site-wide banner's window has ended", async () => {
    const html = await (await fetch(fixtureUrl("/"))).text();
    expect(html).not.toContain("data-banner=");
    expect(html).not.toContain("closed for the holidays");
  });
});

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

  it("leaves out a section while one of its hidden windows holds, and shows one whose windows are elsewhere", async () => {
    const { page, problems, close } = await openPage(browser());
    try {
      await page.goto(fixtureUrl("/whats-new"));
      const html = await page.content();
      // Walk-in hours are paused for the week the build's clock is in: not in the page at all.
      for (const gone of ["walk-in-hours", "Walk-in hours"]) expect(html).not.toContain(gone);
      // This season's cards are hidden over the holidays only: shown, the one element with their id
      // (their holiday version shares it, and shows only while they are hidden).
      expect(await page.locator("#this-season").count()).toBe(1);
      expect(await page.locator("#this-season h2").textContent()).toBe("This season");
      expect(html).not.toContain("Holiday hours");
      expect(problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("puts the paused section back at a moment outside its windows", () => {
    const shown = (now: string) =>
      loadFixture({}, { now: new Date(now) })
        .content!.pages.find((page) => page.path === "/whats-new")!
        .sections.map((section) => section.id);
    expect(shown(FIXTURE_NOW.toISOString())).not.toContain("walk-in-hours");
    expect(shown("2026-11-30T00:00Z")).toContain("walk-in-hours");
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("has no axe violation on the scheduled page, with its banner (%s)", async (_name, viewport) => {
    expect(await violationsAt("/whats-new", viewport)).toEqual([]);
  });
});

describe("a shared section", () => {
  it("shows the same on the two pages that place it", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    try {
      const seen: string[] = [];
      for (const path of ["/whats-new", "/forms"]) {
        await page.goto(fixtureUrl(path));
        const section = page.locator("section#newsletter");
        expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe("Tax tips, once a month");
        // Its text and links (the element ids React generates differ from page to page).
        seen.push(
          await section.evaluate((element) =>
            JSON.stringify([element.textContent, [...element.querySelectorAll("a")].map((a) => a.getAttribute("href")), element.dataset.tone]),
          ),
        );
      }
      expect(seen[1]).toBe(seen[0]);
    } finally {
      await close();
    }
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("leaves no axe violation on the other page that places it (%s)", async (_name, viewport) => {
    expect(await violationsAt("/forms", viewport)).toEqual([]);
  });
});

describe("brand colours from site.yaml", () => {
  it("drive the theme: the fixture's colours fill the theme's scales and buttons, its font sets the text", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto(fixtureUrl("/whats-new"));
      const styles = await page.evaluate(() => ({
        brand: getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-navy-700").trim(),
        button: getComputedStyle(document.querySelector("header a[href^='https:']")!).backgroundColor,
        font: getComputedStyle(document.body).fontFamily,
      }));
      expect(styles.brand).toBe("#0f4c5c");
      expect(styles.font).toContain("Roboto, Arial, sans-serif");
      // The header's call to action is an accent button: the fixture's accent, #f2b134.
      expect(styles.button).toBe("rgb(242, 177, 52)");
    } finally {
      await close();
    }
  });

  it("paint the sections: muted and brand sections on the fixture's surfaces, the footer a shade under the dark one", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto(fixtureUrl("/"));
      const painted = await page.evaluate(() => {
        const background = (selector: string) => getComputedStyle(document.querySelector(selector)!).backgroundColor;
        return { muted: background("[data-tone=muted]"), brand: background("main [data-tone=brand]"), footer: background("footer") };
      });
      const colours = surfaces(loadFixture().content!.site.brand.colors!);
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;
      expect(painted).toEqual({ muted: rgb(colours.muted), brand: rgb(colours.dark), footer: rgb(colours.darkest) });
      // The fixture gives its own surfaces: none of them is the theme's.
      expect(colours.muted).not.toBe(surfaces({}).muted);
      expect(colours.dark).not.toBe(surfaces({ brand: "#0f4c5c" }).dark);
    } finally {
      await close();
    }
  });

  it.each([
    ["/", PHONE],
    ["/", DESKTOP],
    ["/home", PHONE],
    ["/home", DESKTOP],
  ])("leave no axe violation on %s (%o)", async (path, viewport) => {
    expect(await violationsAt(path, viewport)).toEqual([]);
  });
});

describe("app icons made from the logo", () => {
  it("are linked from every page, opaque squares of their sizes, with a manifest naming them", async () => {
    const html = await (await fetch(fixtureUrl("/"))).text();
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest" />');
    const manifest = (await (await fetch(fixtureUrl("/site.webmanifest"))).json()) as { icons: { src: string; sizes: string }[]; theme_color: string };
    // The browser's bar takes the fixture's own brand colour, not the default navy.
    const themeColor = browserThemeColor(loadFixture().content!.site.brand.colors);
    expect(themeColor).not.toBe(browserThemeColor(undefined));
    expect(html).toContain(`<meta name="theme-color" content="${themeColor}" />`);
    expect(html.match(/name="theme-color"/g)).toHaveLength(1);
    expect(manifest.theme_color).toBe(themeColor);
    const { default: sharp } = await import("sharp");
    for (const [src, size] of [
      ["/apple-touch-icon.png", 180],
      ...manifest.icons.map((icon) => [icon.src, Number(icon.sizes.split("x")[0])] as const),
    ] as const) {
      const response = await fetch(fixtureUrl(String(src)));
      expect(response.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([size, size, false]);
    }
  });
});
