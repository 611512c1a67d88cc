/**
 * Screenshots of every route at phone and desktop width into .screenshots/: the
 * full page, and the page cut into slices short enough to read at full size.
 * Serves dist/ itself: run npm run build first.
 * Usage: npm run screenshots [-- /route ...]
 */
import { mkdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { launchChromium } from "../tests/support/chromium.ts";
import { drawEverySection } from "../tests/support/draw-sections.ts";
import { createSiteServer } from "../src/serve/site-server.ts";

const WIDTHS = [390, 1280];
// By default every page of the built sitemap, and an address that is not a page (the 404).
const routes = process.argv.slice(2).length ? process.argv.slice(2) : [...sitemapRoutes(), "/not-a-page"];

const server = createSiteServer();
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
mkdirSync(".screenshots", { recursive: true });
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: "networkidle" });
      // Sections and lazy pictures below the fold would show as empty boxes in a full-page screenshot.
      await drawEverySection(page);
      await page.evaluate(async () => {
        for (const image of document.images) image.loading = "eager";
        await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      });
      const name = route === "/" ? "root" : route.slice(1).replaceAll("/", "_");
      await page.screenshot({ path: `.screenshots/${name}-${width}.png`, fullPage: true });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const slice = width < 600 ? 1400 : 1100;
      for (let y = 0, part = 1; y < height; y += slice, part++) {
        await page.screenshot({
          path: `.screenshots/${name}-${width}-${part}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(slice, height - y) },
        });
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
function sitemapRoutes(): string[] {
  const sitemap = readFileSync("dist/sitemap.xml", "utf8");
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => new URL(address!).pathname);
}

console.log(`screenshots of ${routes.length} routes at ${WIDTHS.join(" and ")} px in .screenshots/`);
