/**
 * The routes the spec names, and how pages link to each other, on the spec fixture site.
 * Every route of the live site is checked by tests/browser/live-site.test.ts.
 */
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createSiteServer } from "../../src/serve/site-server.ts";
import { FIXTURE_ROUTES, fixtureUrl, openPage, useBrowser } from "../support/browser.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";

const browser = useBrowser();
/** The spec's routes (section 2), beside the 404 page. */
const SPEC_ROUTES = ["/", "/home", "/calculator", "/services", "/resources", "/links", "/press", "/tax-course", "/cap-services"];

describe("the spec's routes", () => {
  it("are all built, answer 200 and are listed in the sitemap", async () => {
    expect(FIXTURE_ROUTES).toEqual(expect.arrayContaining(SPEC_ROUTES));
    const sitemap = await (await fetch(fixtureUrl("/sitemap.xml"))).text();
    const listed = [...sitemap.matchAll(/<loc>https:\/\/www\.northbridge-tax\.example([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(listed).toEqual(expect.arrayContaining(SPEC_ROUTES));
    for (const route of SPEC_ROUTES) expect((await fetch(fixtureUrl(route))).status, route).toBe(200);
  });

  it("asks the browser to prerender the internal page a visitor points at, and links to it as a plain document", async () => {
    // A server of its own, to see the browser's speculative request, which never reaches the page's own event log.
    const server = createSiteServer(FIXTURE_DIST);
    const speculative: string[] = [];
    server.on("request", (request: IncomingMessage) => {
      if (String(request.headers["sec-purpose"] ?? "").includes("prerender")) speculative.push(request.url ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { page, problems, close } = await openPage(browser());
    try {
      await page.goto(base + "/home", { waitUntil: "networkidle" });
      const link = page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Tax Course" });
      expect(speculative).toEqual([]);
      await link.hover();
      await expect.poll(() => speculative).toEqual(["/tax-course"]);
      await link.click();
      await page.waitForURL(base + "/tax-course");
      expect(await page.locator("h1").textContent()).toContain("tax preparer");
      expect(await page.title()).toContain("Tax Preparation Course");
      expect(problems()).toEqual([]);
    } finally {
      await close();
      server.close();
    }
  });
});
