import { describe, expect, it } from "vitest";
import { fixtureUrl, hydrated, openPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

/** The spec's 404 page (section 8), on the spec fixture site; the live site's is checked by live-site.test.ts. */
describe("404 page", () => {
  it.each(["/insurance-agency-cpa", "/no/such/page"])("%s answers 404 with the not-found page", async (path) => {
    const response = await fetch(fixtureUrl(path));
    expect(response.status).toBe(404);
    const html = await response.text();
    // The heading as read, whatever markup keeps its last words together.
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
    expect(heading).toBe("Oops! Page not found");
    expect(html).toContain(">404<");
  });

  it("logs the unknown path as an error and links home", async () => {
    const { page, problems, close } = await openPage(browser());
    const response = await page.goto(fixtureUrl("/insurance-agency-cpa"), { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await hydrated(page);
    // Chromium also reports the document's own 404 status as a failed resource; that one is expected.
    const logged = () => problems().filter((line) => !line.includes("status of 404"));
    await expect.poll(logged).toEqual(["error: 404 Error: User attempted to access non-existent route: /insurance-agency-cpa"]);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(fixtureUrl("/"));
    await close();
  });
});
