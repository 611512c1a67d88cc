import { describe, expect, it } from "vitest";
import { hydrated, openPage, ROUTES, url, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

describe("every route", () => {
  it.each(ROUTES)("%s answers 200 with its content prerendered in the HTML", async (route) => {
    const response = await fetch(url(route));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html.indexOf("<title>")).toBeLessThan(html.indexOf("</head>"));
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('<main id="main"');
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it.each(ROUTES)("%s renders its sections and hydrates without console errors or warnings", async (route) => {
    const { page, problems, close } = await openPage(browser());
    await page.goto(url(route), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await page.locator("main section").count()).toBeGreaterThan(0);
    expect(await page.locator("h1").count()).toBe(1);
    expect(problems()).toEqual([]);
    await close();
  });

  it("navigates between pages on the client, without reloading", async () => {
    const { page, problems, close } = await openPage(browser());
    await page.goto(url("/home"), { waitUntil: "networkidle" });
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Tax Course" }).click();
    await page.waitForURL(url("/tax-course"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("tax preparer");
    expect(await page.title()).toContain("Tax Preparation Course");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems()).toEqual([]);
    await close();
  });
});
