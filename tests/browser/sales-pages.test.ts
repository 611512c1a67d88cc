/**
 * The sales pages as the spec prices and describes them (sections 2 and 9), on the spec
 * fixture site: the live copy's prices and names are the marketers' to change.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, expectPrice, fixtureUrl, hydrated, islandHydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** The section whose heading (h2 or h3 name) is given. */
const sectionNamed = (page: Page, name: string | RegExp) => page.locator("section", { has: page.getByRole("heading", { name }) });

const texts = (locator: Locator) => locator.allTextContents().then((all) => all.map((text) => text.replace(/\s+/g, " ").trim()));

/** Every outbound link opens a new tab without giving the new page a handle on this one. */
async function expectNewTabLinks(links: Locator, count: number) {
  expect(await links.count()).toBe(count);
  for (const link of await links.all()) {
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
  }
}

describe("/tax-course", () => {
  it("shows the badges, the offer, and the struck former price", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/tax-course"));
    const hero = page.locator("section").first();
    expect(await texts(hero.locator("ul li"))).toEqual(["2,500+ Students", "4.9/5 Rating", "22+ Hours"]);
    const offer = page.locator("#enroll");
    await expectPrice(offer, "$2,997", "$497");
    expect(await offer.getByText("Save $2,500").isVisible()).toBe(true);
    expect(await offer.locator("ul li").count()).toBe(8);
    expect(await offer.getByText(/30-day money-back guarantee/).isVisible()).toBe(true);
    await close();
  });

  it("computes the bonuses' total from their values", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/tax-course"));
    const bonuses = sectionNamed(page, "Five bonuses to launch faster");
    const values = (await texts(bonuses.getByText(/^Value: /))).map((text) => Number(text.replace(/\D/g, "")));
    expect(values).toEqual([497, 297, 197, 397, 997]);
    expect(await bonuses.getByText(/^Total bonus value:/).textContent()).toBe("Total bonus value: $2,385");
    await close();
  });

  it("lists the eight modules with their lessons and hours, and the computed course total", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/tax-course"));
    const rows = page.locator("#curriculum ol > li");
    expect(await rows.count()).toBe(8);
    const lessons = [8, 12, 10, 9, 7, 6, 5, 8];
    const hours = [2.5, 4, 3.5, 3, 2.5, 2, 1.5, 3];
    for (const [index, row] of (await rows.all()).entries()) {
      const text = (await row.textContent())!;
      expect(text).toContain(`Module ${index + 1}`);
      expect(text).toContain(`${lessons[index]} lessons`);
      expect(text).toContain(`${hours[index]} hours`);
    }
    expect(
      await page
        .locator("#curriculum")
        .getByText(/^Course total:/)
        .textContent(),
    ).toBe("Course total: 8 modules, 65 lessons, 22 hours of training");
    await close();
  });

  it("has three testimonials, a final call to action, and a Free Preview button that opens the preview in a window", async () => {
    const { page, problems, close } = await openPage(browser(), DESKTOP);
    // The video's host is never reached from tests.
    const here = new URL(fixtureUrl("/")).origin;
    await page.route(
      (address) => address.origin !== here,
      (route) => route.abort(),
    );
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await sectionNamed(page, "What our students say").locator("ul > li blockquote").count()).toBe(3);
    const closing = sectionNamed(page, "Start your tax business this season");
    await expectNewTabLinks(closing.getByRole("link"), 2);
    const preview = page.getByRole("button", { name: "Free Preview" });
    expect(await preview.getAttribute("aria-haspopup")).toBe("dialog");
    const pages = page.context().pages().length;
    await preview.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator("iframe").count()).toBe(1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(page.url()).toBe(fixtureUrl("/tax-course"));
    expect(page.context().pages().length).toBe(pages);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("/services", () => {
  it("gives each of the four core services a call to action in a new tab", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/services"));
    const core = page.locator("#core-services");
    expect(await texts(core.getByRole("heading", { level: 3 }))).toEqual([
      "Tax Strategy & Planning",
      "Fractional CFO",
      "Entity Formation",
      "Bookkeeping & Payroll",
    ]);
    await expectNewTabLinks(core.getByRole("link"), 4);
    await close();
  });

  it("prices the education program and the complete package, and the premium services' timelines", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/services"));
    const education = page.locator("#education");
    expect(await education.getByText("Most Popular").isVisible()).toBe(true);
    await expectPrice(education, "$2,997", "$1,997");
    const premium = page.locator("#premium");
    expect(await texts(premium.locator("ul > li").getByText(/weeks$/))).toEqual(["2-3 weeks", "12 weeks", "4-6 weeks"]);
    expect(await premium.getByText("Premium services start at $5,000.").isVisible()).toBe(true);
    const complete = page.locator("#complete-package");
    await expectPrice(complete, "$4,997", "$1,997");
    await close();
  });

  it("sends the insurance-agency card to /insurance-agency-cpa, which is the 404 page", async () => {
    const { page, problems, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/services"), { waitUntil: "networkidle" });
    await hydrated(page);
    const button = sectionNamed(page, "CPA Services for Insurance Agencies").getByRole("link", { name: "Explore Agency Services" });
    expect(await button.getAttribute("href")).toBe("/insurance-agency-cpa");
    await button.click();
    await page.waitForURL(fixtureUrl("/insurance-agency-cpa"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    // The link loads the 404 page as a document, answered with status 404, which Chromium also logs as a failed resource.
    expect(problems().filter((line) => !line.includes("status of 404"))).toEqual([
      "error: 404 Error: User attempted to access non-existent route: /insurance-agency-cpa",
    ]);
    const direct = await fetch(fixtureUrl("/insurance-agency-cpa"));
    expect(direct.status).toBe(404);
    await close();
  });
});

describe("/cap-services", () => {
  it("prices the four services, lists the benefits and books through the booking page", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/cap-services"));
    const pricing = page.locator("#pricing");
    const prices = await texts(pricing.locator("ul > li").getByText(/^\$[\d,]+/));
    expect(prices).toEqual(["$2,500/month", "$1,500/year", "$3,500 one-time", "$500/month"]);
    await expectNewTabLinks(pricing.getByRole("link"), 4);
    for (const href of await pricing.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
      expect(href).toBe("https://calendly.com/");
    expect(await sectionNamed(page, "What you get with a CPA-led team").locator("ul > li").count()).toBe(6);
    expect(await sectionNamed(page, "What business owners say").locator("ul > li").count()).toBe(3);
    await close();
  });
});

describe("/calculator", () => {
  const outputs = (page: Page) => page.locator("#calculator [data-result]").allTextContents();

  it("starts from 50 clients, $250 and 4 months, and updates as the visitor types", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/calculator"), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await page.getByLabel("Clients per season").inputValue()).toBe("50");
    expect(await page.getByLabel("Average fee per client").inputValue()).toBe("250");
    expect(await page.getByLabel("Active months per year").inputValue()).toBe("4");
    expect(await outputs(page)).toEqual(["$50,000", "$150,000", "$100,000"]);
    await page.getByLabel("Active months per year").fill("12");
    expect(await outputs(page)).toEqual(["$150,000", "$450,000", "$300,000"]);
    await page.getByLabel("Average fee per client").fill("99.5");
    expect(await outputs(page)).toEqual(["$59,700", "$179,100", "$119,400"]);
    await page.getByLabel("Clients per season").fill("");
    expect(await outputs(page)).toEqual(["$0", "$0", "$0"]);
    await page.getByLabel("Clients per season").fill("1e308");
    for (const text of await outputs(page)) expect(text).toMatch(/^-?\$[\d,]+\+?$/);
    await page.getByLabel("Clients per season").fill("-10");
    expect(await outputs(page)).toEqual(["-$11,940", "-$35,820", "-$23,880"]);
    expect(problems()).toEqual([]);
    await close();
  });

  it("never loads React for the calculator, and keeps what was typed before its live script arrived", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    // A slow network: the calculator's live script arrives well after the visitor starts typing.
    await page.route(/\/calculator-live-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(fixtureUrl("/calculator"), { waitUntil: "domcontentloaded" });
    await page.getByLabel("Active months per year").fill("12");
    expect(await outputs(page)).toEqual(["$50,000", "$150,000", "$100,000"]);
    await islandHydrated(page.locator("#calculator"));
    await expect.poll(() => outputs(page)).toEqual(["$150,000", "$450,000", "$300,000"]);
    expect(await page.getByLabel("Active months per year").inputValue()).toBe("12");
    // Only the island loader and the calculator's live script: no React, no theme, no component.
    expect(scripts.filter((path) => !/\/(index|calculator-live|rolldown-runtime)-[^/]+\.js$/.test(path))).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });

  it("explains the formula, says results vary, and opens the course and its preview in a new tab before any script", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/calculator"));
    const calculator = page.locator("#calculator");
    expect(await calculator.getByText(/^How this is calculated:/).isVisible()).toBe(true);
    expect(await calculator.getByText(/Results vary/).isVisible()).toBe(true);
    await expectNewTabLinks(calculator.getByRole("link"), 2);
    const [course, preview] = await calculator.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(course).toBe("https://teachable.com/");
    // Without a script the preview is a link to the video's own page; with one, a button that opens it in a window.
    expect(new URL(preview!).hostname).toMatch(/(^|\.)youtube\.com$/);
    await close();
  });

  it("puts the inputs beside the results on wide screens and above them on phones", async () => {
    for (const [viewport, beside] of [
      [DESKTOP, true],
      [PHONE, false],
    ] as const) {
      const { page, close } = await openPage(browser(), viewport);
      await page.goto(fixtureUrl("/calculator"));
      const input = (await page.getByLabel("Clients per season").boundingBox())!;
      const result = (await page.locator("#calculator [data-result]").first().boundingBox())!;
      if (beside) expect(result.x).toBeGreaterThan(input.x + input.width);
      else expect(result.y).toBeGreaterThan(input.y + input.height);
      await close();
    }
  });
});
