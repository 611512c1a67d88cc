import { describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** A word only the body of one fixture article holds (its summary, shown on listings, does not). */
const BODY_ONLY = { word: "holiday", title: "Estimated Taxes: When and How Much", route: "/resources/estimated-taxes" };

/** The site search on the spec fixture site (site.yaml, search:): the index is Pagefind's, built with the site. */
describe("site search", () => {
  it("loads nothing until opened, then finds a word of one article's body within 2 s of typing and opens it", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    const searchRequests: string[] = [];
    page.on("request", (request) => {
      if (/pagefind|search-dialog/.test(request.url())) searchRequests.push(request.url());
    });
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    expect(searchRequests).toEqual([]);

    await page.getByRole("button", { name: "Search", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const field = dialog.getByRole("searchbox", { name: "Search" });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    const typed = Date.now();
    await field.pressSequentially(BODY_ONLY.word);
    const result = dialog.getByRole("link", { name: new RegExp(BODY_ONLY.title) });
    await result.waitFor({ timeout: 2_000 });
    expect(Date.now() - typed).toBeLessThan(2_000);
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("1 page found");
    expect(await dialog.getByRole("link").count()).toBe(1);
    // The words found are marked in the sentence shown.
    expect((await result.locator("mark").allTextContents()).join(" ").toLowerCase()).toContain(BODY_ONLY.word);

    await field.press("Enter");
    await page.waitForURL(fixtureUrl(BODY_ONLY.route));
    expect(problems()).toEqual([]);
    await close();
  });

  it("searches only the main content, says when nothing matches, and closes with Escape, back to its button", async () => {
    const { page, problems, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    const button = page.getByRole("button", { name: "Search", exact: true });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    const field = dialog.getByRole("searchbox");
    // The footer's copyright line is on every page, outside the main content.
    const footerOnly = (await page.locator("footer").innerText()).match(/All rights reserved/i)?.[0];
    expect(footerOnly).toBeTruthy();
    await field.fill("zzyzx-nothing");
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("No page matches zzyzx-nothing.");
    await field.fill("reserved");
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("No page matches reserved.");
    expect(await dialog.getByRole("link").count()).toBe(0);
    // A draft section (the fixture's /preview holds one) is never built, so never found.
    await field.fill("Unannounced");
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("No page matches Unannounced.");

    await field.fill("tax");
    await dialog.getByRole("link").first().waitFor();
    expect(await axeViolations(page, { include: "dialog.site-search" })).toEqual([]);
    // Down moves from the field to the first result.
    await field.press("ArrowDown");
    expect(
      await dialog
        .getByRole("link")
        .first()
        .evaluate((link) => link === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });

  it("on a Spanish page, speaks Spanish and finds Spanish pages only", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/es/curso-de-impuestos"), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Buscar" });
    // A word of both languages' pages: the English ones are in the other index.
    await dialog.getByRole("searchbox", { name: "Buscar" }).pressSequentially("impuestos");
    await dialog.getByRole("link").first().waitFor();
    const hrefs = await dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((href) => href?.startsWith("/es/"))).toBe(true);
    expect(await dialog.getByRole("status").textContent()).toMatch(/página/);
    await close();
  });

  it("is offered on the 404 page, and not drawn where no script runs", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/no/such/page"), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Search articles and pages" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Search" }).isVisible()).toBe(true);
    await close();

    const withoutScripts = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await withoutScripts.page.goto(fixtureUrl("/no/such/page"));
    expect(await withoutScripts.page.locator("[data-search-open]").count()).toBe(2);
    for (const button of await withoutScripts.page.locator("[data-search-open]").all()) expect(await button.isVisible()).toBe(false);
    await withoutScripts.close();
  });
});
