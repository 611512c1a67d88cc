/**
 * The pages that reach out (/press, /links, /resources) and their email boxes, as the
 * spec describes them (section 2), on the spec fixture site.
 */
import type { Locator, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { DESKTOP, expectPrice, fixtureUrl, hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";

const browser = useBrowser();
/** The fixture's press collection as authored: the pages must show what it holds, however long it grows. */
const press = (parse(readFileSync(join(SPEC_SITE, "content", "press.yaml"), "utf8")) as { items: { name: string; url: string; tags?: string[] }[] }).items;

const sectionNamed = (page: Page, name: string | RegExp) => page.locator("section", { has: page.getByRole("heading", { name }) });
const texts = (locator: Locator) => locator.allTextContents().then((all) => all.map((text) => text.replace(/\s+/g, " ").trim()));
/** A heading that shows an outlet's logo is named by the logo's alt text, as a screen reader announces it. */
const accessibleNames = (locator: Locator) =>
  locator.evaluateAll((all) =>
    all.map((element) => (element.querySelector("img")?.getAttribute("alt") ?? element.textContent ?? "").replace(/\s+/g, " ").trim()),
  );
const hrefs = (links: Locator) => links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));

async function expectNewTabLinks(links: Locator, count: number) {
  expect(await links.count()).toBe(count);
  for (const link of await links.all()) {
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
  }
}

describe("/press", () => {
  it("shows three featured stories, then every outlet of the collection, counted", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/press"));
    const featured = page.locator("#featured");
    await expectNewTabLinks(featured.getByRole("link"), 3);
    expect(await accessibleNames(featured.getByRole("heading", { level: 3 }))).toEqual(
      press.filter((item) => item.tags?.includes("featured")).map((item) => item.name),
    );
    const all = page.locator("#all-press");
    expect(await all.getByRole("heading", { level: 2 }).textContent()).toBe(`Featured in ${press.length} publications`);
    expect(press.length).toBeGreaterThanOrEqual(28);
    await expectNewTabLinks(all.getByRole("link"), press.length);
    expect(await hrefs(all.getByRole("link"))).toEqual(press.map((item) => item.url));
    await close();
  });

  it("offers booking and consultation buttons", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/press"));
    const closing = sectionNamed(page, "Get the advice behind the headlines");
    await expectNewTabLinks(closing.getByRole("link"), 2);
    expect(await hrefs(closing.getByRole("link"))).toEqual(["https://calendly.com/", "https://calendly.com/"]);
    await close();
  });
});

describe("/links", () => {
  it("has the profile, the stats, six service links, three social links, five press links and more press", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/links"));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Jordan Avery, CPA");
    expect(await texts(page.locator("dl dd"))).toEqual(["500+", "$50M+", "98%"]);
    const work = sectionNamed(page, "Work with us").getByRole("link");
    expect(await hrefs(work)).toEqual(["https://calendly.com/", "/tax-course", "https://teachable.com/", "/calculator", "/services", "/resources"]);
    await expectNewTabLinks(sectionNamed(page, "Work with us").locator("a[href^='https:']"), 2);
    await expectNewTabLinks(sectionNamed(page, "Follow along").getByRole("link"), 3);
    const pressSection = sectionNamed(page, "As featured in");
    const pressLinks = pressSection.locator("ul a");
    await expectNewTabLinks(pressLinks, 5);
    expect(await hrefs(pressLinks)).toEqual(press.filter((item) => item.tags?.includes("links")).map((item) => item.url));
    expect(await pressSection.getByRole("link", { name: "See All Press" }).getAttribute("href")).toBe("/press");
    await close();
  });

  it("is one column of tap targets at least 44 px high, on phones and on wide screens", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, close } = await openPage(browser(), viewport);
      await page.goto(fixtureUrl("/links"));
      const targets = page.locator("main a, main button, main input");
      expect(await targets.count()).toBeGreaterThan(15);
      const boxes = await targets.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(44);
      const rows = await page.locator("main li a").evaluateAll((all) => all.map((el) => el.getBoundingClientRect().left));
      expect(new Set(rows).size).toBe(1);
      expect((await page.locator("main li a").first().boundingBox())!.width).toBeLessThanOrEqual(600);
      await close();
    }
  });

  it("links to internal pages, and carries its own copyright line", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/links"), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(
      await page
        .locator("footer")
        .getByText(/^© 2024 /)
        .isVisible(),
    ).toBe(true);
    await page.getByRole("link", { name: /Revenue Calculator/ }).click();
    await page.waitForURL(fixtureUrl("/calculator"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tax Business Revenue Calculator");
    expect(
      await page
        .locator("footer")
        .getByText(/^© 2025 /)
        .isVisible(),
    ).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("/resources", () => {
  it("opens the course from the four free resources and lists three video categories of four", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/resources"));
    const resources = page.locator("#free-resources");
    expect(await resources.getByRole("heading", { level: 3 }).count()).toBe(4);
    await expectNewTabLinks(resources.getByRole("link"), 4);
    expect(new Set(await hrefs(resources.getByRole("link")))).toEqual(new Set(["https://teachable.com/"]));
    const library = page.locator("#videos");
    expect(await texts(library.getByRole("heading", { level: 3 }))).toEqual(["Getting Started", "Growing Your Practice", "Advanced Strategies"]);
    for (const list of await library.locator("ul").all()) expect(await list.locator("> li").count()).toBe(4);
    expect(await sectionNamed(page, "From free resources to a full practice").locator("ul > li blockquote").count()).toBe(2);
    const bundle = page.locator("#bundle");
    await expectPrice(bundle, "$2,997", "$497");
    await close();
  });
});

describe("email boxes on /links and /cap-services", () => {
  /** An endpoint at an origin the site's policy lets forms reach (the fixture's /forms page posts there); Playwright answers for it. */
  const ENDPOINT = "https://forms.example.com/subscribe";

  it.each([
    ["/links", "#community", "Subscribe", "You're subscribed"],
    ["/cap-services", "#assessment", "Get My Free Assessment", "Request received"],
  ])("%s: a required email, posted to the form's action with a confirmation", async (path, id, submit, confirmation) => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    const received: Request[] = [];
    await page.route(`${ENDPOINT}**`, (route) => {
      received.push(route.request());
      return route.fulfill({ status: 200, contentType: "application/json", headers: { "Access-Control-Allow-Origin": "*" }, body: '{"ok":true}' });
    });
    await page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
    await hydrated(page);
    const form = page.locator(`${id} form`);
    const email = form.getByLabel(/^Email/);
    expect(await email.getAttribute("type")).toBe("email");
    expect(await email.getAttribute("required")).not.toBeNull();
    expect(await form.locator("label").textContent()).toContain("*");
    await form.evaluate((el, action) => el.setAttribute("action", action), ENDPOINT);
    await email.fill("grace@example.org");
    await form.getByRole("button", { name: submit }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(Object.fromEntries(new URLSearchParams(received[0]!.postData() ?? ""))).toEqual({ email: "grace@example.org" });
    await expect.poll(() => page.getByText(confirmation).isVisible()).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });
});
