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

    // Enter goes to the first result of what the field says, even before the list has caught up with it.
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await field.fill("tax");
    await dialog.getByRole("link").first().waitFor();
    await field.pressSequentially(` ${BODY_ONLY.word}`);
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

    // Eight results at a time, named by their titles; the button under them shows the next.
    await field.fill("tax");
    await dialog.getByRole("link").first().waitFor();
    const found = Number((await dialog.getByRole("status").textContent())!.match(/^(\d+) pages found$/)![1]);
    expect(found).toBeGreaterThan(8);
    expect(await dialog.getByRole("link").count()).toBe(8);
    const names = await dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")));
    expect(names.every((name) => name && name.length <= 80)).toBe(true);
    await dialog.getByRole("button", { name: "More results" }).click();
    await expect.poll(() => dialog.getByRole("link").count()).toBe(Math.min(found, 16));
    expect(
      await dialog
        .getByRole("link")
        .nth(8)
        .evaluate((link) => link === document.activeElement),
    ).toBe(true);
    expect(await axeViolations(page, { include: "dialog.site-search" })).toEqual([]);
    await field.focus();
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

  it("on a phone too narrow for the button beside the name, opens from the menu instead", async () => {
    const { page, close } = await openPage(browser(), { ...PHONE, width: 320 });
    await page.goto(fixtureUrl("/tax-course"), { waitUntil: "networkidle" });
    expect(await page.locator("header [data-search-open]").first().isVisible()).toBe(false);
    await page.locator("header summary").click();
    await page.getByRole("button", { name: "Search articles and pages" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Search" }).isVisible()).toBe(true);
    await close();
  });

  it("is offered on the 404 page, where a word typed on its field starts the search", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/no/such/page"), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Search articles and pages" }).focus();
    await page.keyboard.type(BODY_ONLY.word, { delay: 30 });
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect.poll(() => dialog.getByRole("searchbox").inputValue()).toBe(BODY_ONLY.word);
    await dialog.getByRole("link", { name: BODY_ONLY.title }).waitFor();
    await close();
  });

  it("says so when the index does not arrive, and finds again once it does; without scripts no button is drawn", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    let offline = true;
    await page.route("**/pagefind/**", (route) => (offline && /\.(pagefind|pf_meta|json)$/.test(route.request().url()) ? route.abort() : route.continue()));
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    const field = dialog.getByRole("searchbox");
    await field.pressSequentially(BODY_ONLY.word);
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("Search is not available right now.");
    offline = false;
    await field.pressSequentially("s");
    await field.press("Backspace");
    await dialog.getByRole("link", { name: BODY_ONLY.title }).waitFor();
    await close();

    const withoutScripts = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await withoutScripts.page.goto(fixtureUrl("/no/such/page"));
    // The header's button, the menu's field and the 404 page's field.
    expect(await withoutScripts.page.locator("[data-search-open]").count()).toBe(3);
    for (const button of await withoutScripts.page.locator("[data-search-open]").all()) expect(await button.isVisible()).toBe(false);
    await withoutScripts.close();
  });
});
