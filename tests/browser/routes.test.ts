import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module without types
import { createSiteServer } from "../../scripts/serve.mjs";
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
    expect(html).toMatch(/<style data-styles="[^"]+">/);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<link rel="canonical" href="https://www.northbridge-tax.example${route}" />`);
    expect(head).toContain('<meta property="og:image" content="https://www.northbridge-tax.example/images/share.png" />');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!) as { "@type": string }[];
    expect(jsonLd[0]!["@type"]).toBe("AccountingService");
  });

  it("lists every page that answers 200 in the sitemap, which robots.txt names; serves the share image", async () => {
    const sitemap = await (await fetch(url("/sitemap.xml"))).text();
    const listed = [...sitemap.matchAll(/<loc>https:\/\/www\.northbridge-tax\.example([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...ROUTES].sort());
    for (const route of listed) expect((await fetch(url(route!))).status).toBe(200);
    const robots = await (await fetch(url("/robots.txt"))).text();
    expect(robots).toContain("Sitemap: https://www.northbridge-tax.example/sitemap.xml");
    const image = await fetch(url("/images/share.png"));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it.each(ROUTES)("%s renders its sections and hydrates without console errors, warnings or policy violations", async (route) => {
    const { page, problems, close } = await openPage(browser());
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        ((window as unknown as { violations?: string[] }).violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(url(route), { waitUntil: "networkidle" });
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
    expect(await page.locator("main section").count()).toBeGreaterThan(0);
    expect(await page.locator("h1").count()).toBe(1);
    expect(problems()).toEqual([]);
    await close();
  });

  it("asks the browser to prerender the internal page a visitor points at, and links to it as a plain document", async () => {
    // A server of its own, to see the browser's speculative request, which never reaches the page's own event log.
    const server = createSiteServer(join(import.meta.dirname, "..", "..", "dist"));
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
