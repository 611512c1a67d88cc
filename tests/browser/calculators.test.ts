/**
 * The calculators on the spec fixture site, as a visitor uses them: figures and
 * bars that follow the formulas as they type, motion that never delays a figure
 * (and none with reduced motion), one summary for screen readers, values typed
 * before any script ran, and a broken island shown as such while the page works.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { projectRevenue } from "../../src/blocks/revenue-calculator/formula.ts";
import { projectTaxes } from "../../src/blocks/tax-calculator/formula.ts";
import { barShares, barTransform } from "../../src/ui/calculator/model.ts";
import { formatUsd, fill } from "../../src/ui/format.ts";
import { DESKTOP, fixtureUrl, islandHydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { fixturePages } from "../support/fixture-site.ts";

const browser = useBrowser();

type Section = Record<string, unknown> & { type: string; id?: string };
const routes = fixturePages() as unknown as { path: string; sections: Section[] }[];
const calculators = routes.flatMap((route) =>
  route.sections.filter((section) => section.type.endsWith("-calculator")).map((section) => ({ path: route.path, section })),
);
const revenue = calculators.find(({ section }) => section.type === "revenue-calculator" && typeof section.months === "number")!;
const tax = calculators.find(({ section }) => section.type === "tax-calculator")!;

const calculatorOn = (page: Page) => page.locator("[data-calculator]").first();
const figures = (page: Page) => calculatorOn(page).locator("[data-result]").allTextContents();
const field = (page: Page, key: string) => calculatorOn(page).locator(`[data-calc-input="${key}"]`);

async function openCalculator(path: string, options: { reducedMotion?: "reduce" | "no-preference" } = {}) {
  const opened = await openPage(browser(), PHONE);
  await opened.page.emulateMedia({ reducedMotion: options.reducedMotion ?? "no-preference" });
  await opened.page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
  await islandHydrated(calculatorOn(opened.page));
  return opened;
}

describe("calculator charts", () => {
  it.each(calculators.map(({ path, section }) => [path, section.type, section] as const))(
    "%s %s: a chart with its name beside the figures",
    async (path, _type, section) => {
      const { page, problems, close } = await openCalculator(path);
      const names = section.type === "tax-calculator" ? Object.values(section.chartLabels as object) : [section.chartLabel];
      const charts = calculatorOn(page).getByRole("img");
      expect(await charts.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label")))).toEqual(names);
      // The figures are the chart's text equivalent.
      for (const chart of await charts.all()) {
        const described = await chart.getAttribute("aria-describedby");
        expect(await page.locator(`[id="${described}"] [data-result]`).count()).toBeGreaterThan(0);
      }
      expect(problems()).toEqual([]);
      await close();
    },
  );
});

describe("typing into a calculator", () => {
  it("updates the figures and bars by the formula at once, and animates the bars only for show", async () => {
    const { page, problems, close } = await openCalculator(revenue.path);
    const months = revenue.section.months as number;
    const multiplier = revenue.section.systemMultiplier as number;
    // The figure is right in the page on the very frame of the keystroke; the motion is drawn over it.
    const sameFrame = await field(page, "clients").evaluate(async (input: HTMLInputElement) => {
      input.value = "7";
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const root = input.closest("[data-calculator]")!;
      const shownAtOnce = [...root.querySelectorAll("[data-result]")].map((element) => element.textContent);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { figures: shownAtOnce, animating: [...root.querySelectorAll<HTMLElement>("[data-bar]")].some((bar) => bar.getAnimations().length > 0) };
    });
    await field(page, "fee").fill("99.99");
    const shown = projectRevenue({ clients: 7, fee: 99.99, months, systemMultiplier: multiplier });
    expect(sameFrame.animating).toBe(true);
    expect(await figures(page)).toEqual([shown.current, shown.withSystem, shown.increase].map((amount) => formatUsd(amount)));
    expect(await figures(page)).toEqual(["$2,800", "$8,400", "$5,600"]);
    const shares = barShares({ label: "", bars: ["current", "withSystem"] }, { ...shown });
    for (const key of ["current", "withSystem"]) {
      expect(
        await calculatorOn(page)
          .locator(`[data-bar="${key}"]`)
          .evaluate((bar: HTMLElement) => bar.style.transform),
      ).toBe(barTransform(shares[key]!));
    }
    expect(sameFrame.figures[0]).toBe(formatUsd(projectRevenue({ clients: 7, fee: 250, months, systemMultiplier: multiplier }).current));
    expect(problems()).toEqual([]);
    await close();
  });

  it("with reduced motion, the bars and figures change at once, without animation", async () => {
    const { page, close } = await openCalculator(tax.path, { reducedMotion: "reduce" });
    const animations = await field(page, "clients").evaluate((input: HTMLInputElement) => {
      input.value = "100";
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return document.getAnimations().length;
    });
    expect(animations).toBe(0);
    const shown = projectTaxes({
      clients: 100,
      mrr: (tax.section.mrr as { default: number }).default,
      taxRate: (tax.section.taxRate as { default: number }).default,
      optimizedTaxShare: tax.section.optimizedTaxShare as number,
      revenueMultiplier: tax.section.revenueMultiplier as number,
    });
    expect(await figures(page)).toEqual(
      [shown.annualRevenue, shown.currentTax, shown.optimizedTax, shown.savings, shown.optimizedRevenue].map((amount) => formatUsd(amount)),
    );
    const shares = barShares({ label: "", bars: ["currentTax", "optimizedTax", "savings"] }, { ...shown });
    expect(
      await calculatorOn(page)
        .locator('[data-chart="0"] [data-bar="savings"]')
        .evaluate((bar: HTMLElement) => bar.style.transform),
    ).toBe(barTransform(shares.savings!));
    await close();
  });

  it("reads one short summary once typing pauses, instead of every figure on every keystroke", async () => {
    const { page, close } = await openCalculator(revenue.path);
    const region = calculatorOn(page).locator("[aria-live=polite]");
    expect(await region.textContent()).toBe("");
    expect(await calculatorOn(page).locator("[aria-live]:not([aria-live=off]), output, [role=status]").count()).toBe(1);
    await field(page, "clients").pressSequentially("12", { delay: 50 });
    expect(await region.textContent()).toBe("");
    const value = await field(page, "clients").inputValue();
    const shown = projectRevenue({
      clients: Number(value),
      fee: 250,
      months: revenue.section.months as number,
      systemMultiplier: revenue.section.systemMultiplier as number,
    });
    const formatted = Object.fromEntries(Object.entries(shown).map(([key, amount]) => [key, formatUsd(amount)]));
    await expect.poll(() => region.textContent(), { timeout: 3000 }).toBe(fill(revenue.section.summary as string, formatted));
    await close();
  });

  it("honours what was typed before the calculator's script arrived", async () => {
    const opened = await openPage(browser(), PHONE);
    const { page } = opened;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The calculator's script is held back until the visitor has typed.
    await page.route(/\/assets\/calculator-live-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(fixtureUrl(revenue.path), { waitUntil: "domcontentloaded" });
    await field(page, "clients").fill("120");
    await field(page, "fee").fill("400");
    const before = await figures(page);
    release();
    await islandHydrated(calculatorOn(page));
    const shown = projectRevenue({
      clients: 120,
      fee: 400,
      months: revenue.section.months as number,
      systemMultiplier: revenue.section.systemMultiplier as number,
    });
    await expect.poll(() => figures(page)).toEqual([shown.current, shown.withSystem, shown.increase].map((amount) => formatUsd(amount)));
    expect(before).not.toEqual(await figures(page));
    await opened.close();
  });
});

describe("the calculator's layout on a wide screen", () => {
  it.each(calculators.map(({ path, section }) => [path, section.type] as const))(
    "%s %s: the fields stay in view while the visitor scrolls down the results",
    async (path) => {
      const { page, close } = await openPage(browser(), DESKTOP);
      try {
        await page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
        // Scrolled down until the last chart ends at the bottom of the screen, its fields far above in the page.
        await calculatorOn(page)
          .locator("[data-chart]")
          .last()
          .evaluate((chart) => window.scrollTo(0, chart.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 8));
        const inputs = await calculatorOn(page)
          .locator("input")
          .evaluateAll((elements) =>
            elements.map((element) => {
              const box = element.getBoundingClientRect();
              return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
            }),
          );
        const header = await page
          .locator("header")
          .first()
          .evaluate((element) => element.getBoundingClientRect().bottom);
        const viewport = page.viewportSize()!.height;
        for (const input of inputs) {
          expect(input.top).toBeGreaterThanOrEqual(header);
          expect(input.bottom).toBeLessThanOrEqual(viewport);
        }
      } finally {
        await close();
      }
    },
  );
});

describe("a broken island", () => {
  it("shows the error screen in its place while the rest of the page keeps working", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.route(/\/assets\/calculator-live-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: 'throw new Error("The calculator broke on purpose.");' }),
    );
    await page.goto(fixtureUrl(revenue.path), { waitUntil: "networkidle" });
    const island = page.locator("[data-island]", { has: page.locator("[data-calculator], [role=alert]") }).last();
    await expect.poll(() => island.getByRole("alert").count()).toBe(1);
    expect(await island.getByRole("heading", { level: 2 }).textContent()).toBe("Unexpected Application Error!");
    expect(await island.getByRole("heading", { level: 3 }).textContent()).toBe("The calculator broke on purpose.");
    // The header still works.
    await page.locator("header details summary").click();
    expect(await page.locator("header details").getAttribute("open")).not.toBeNull();
    expect(problems().some((line) => line.includes("broke on purpose"))).toBe(true);
    await close();
  });
});
