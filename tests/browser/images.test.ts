/**
 * Pictures on the built spec fixture site, as a browser fetches them: every one
 * with its size (nothing shifts), photos in AVIF and WebP with widths for their
 * place, the hero's picture first and every other one lazily, logos in each
 * press layout named for screen readers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";

const browser = useBrowser();
const routes = (
  parse(readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")) as { routes: { path: string; sections: { type: string; image?: unknown }[] }[] }
).routes
  .filter((route) => route.path !== "*")
  .map((route) => route.path);

interface Img {
  alt: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  sizes: string | null;
  srcset: string | null;
  sources: { type: string | null; srcset: string | null; sizes: string | null }[];
  src: string;
  inHero: boolean;
}

describe("pictures", () => {
  it("each have a width, a height and alt text; photos come in AVIF and WebP with sizes; only the hero's loads eagerly", async () => {
    const { page, close } = await openPage(browser());
    let photos = 0;
    let heroes = 0;
    for (const route of routes) {
      await page.goto(fixtureUrl(route));
      const images = await page.evaluate(() =>
        [...document.querySelectorAll("img")].map((img): Img => ({
          alt: img.getAttribute("alt"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          fetchPriority: img.getAttribute("fetchpriority"),
          sizes: img.getAttribute("sizes"),
          srcset: img.getAttribute("srcset"),
          sources: [...(img.parentElement?.tagName === "PICTURE" ? img.parentElement.querySelectorAll("source") : [])].map((source) => ({
            type: source.getAttribute("type"),
            srcset: source.getAttribute("srcset"),
            sizes: source.getAttribute("sizes"),
          })),
          src: img.getAttribute("src")!,
          inHero: !!img.closest("main > section:first-of-type, header"),
        })),
      );
      for (const image of images) {
        const where = `${route} ${image.src}`;
        expect(image.alt, where).not.toBeNull();
        expect(Number(image.width), where).toBeGreaterThan(0);
        expect(Number(image.height), where).toBeGreaterThan(0);
        expect(image.src, where).toMatch(/^\/images\/_\//);
        if (!image.src.endsWith(".svg")) {
          photos++;
          expect(
            image.sources.map((source) => source.type),
            where,
          ).toEqual(["image/avif", "image/webp"]);
          for (const source of [...image.sources, { srcset: image.srcset, sizes: image.sizes }]) {
            expect(source.srcset, where).toMatch(/^\/images\/_\/\S+ \d+w(, \/images\/_\/\S+ \d+w)*$/);
            expect(source.sizes, where).toBeTruthy();
          }
        }
        if (image.inHero) {
          heroes += image.fetchPriority === "high" ? 1 : 0;
          expect(image.loading, where).toBe("eager");
        } else expect(image.loading, where).toBe("lazy");
      }
      const heroImage = images.find((image) => image.inHero && image.fetchPriority === "high" && !image.src.includes("logo"));
      if (heroImage) {
        // The browser starts on the hero's picture with the page's head.
        const preload = await page.evaluate(() => {
          const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
          return link && { srcset: link.getAttribute("imagesrcset"), type: link.getAttribute("type") };
        });
        expect(preload, route).toEqual({ srcset: heroImage.sources[0]?.srcset ?? null, type: heroImage.sources[0]?.type ?? null });
      }
    }
    expect(photos).toBeGreaterThan(0);
    expect(heroes).toBeGreaterThan(0);
    await close();
  });

  it("on a 390 px phone at DPR 2, fetches a photo in AVIF or WebP at no more than 3× its displayed width", async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(fixtureUrl("/"));
    const portrait = page.locator("section img[src*='founder']").first();
    await portrait.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await portrait.elementHandle());
    const { current, natural, displayed } = await portrait.evaluate((img: HTMLImageElement) => ({
      current: img.currentSrc,
      natural: img.naturalWidth,
      displayed: img.clientWidth,
    }));
    expect(current).toMatch(/\.(avif|webp)$/);
    expect(natural).toBeLessThanOrEqual(3 * displayed);
    await context.close();
  });

  it("show each press outlet's logo in every layout, named by the outlet for screen readers", async () => {
    const { page, close } = await openPage(browser());
    const press = (parse(readFileSync(join(SPEC_SITE, "content", "press.yaml"), "utf8")) as { items: { name: string; logo?: string }[] }).items;
    const withLogo = new Set(press.filter((item) => item.logo).map((item) => item.name));
    expect(withLogo.size).toBeGreaterThan(0);
    let layouts = 0;
    for (const route of routes) {
      await page.goto(fixtureUrl(route));
      const logos = await page.evaluate(() =>
        [...document.querySelectorAll("main a img[src*='/images/_/']")]
          .filter((img) => /press/.test(img.getAttribute("src") ?? "") || img.closest("ul"))
          .map((img) => ({ alt: img.getAttribute("alt"), linkName: img.closest("a")?.textContent })),
      );
      const named = logos.filter((logo) => logo.alt && withLogo.has(logo.alt));
      if (named.length) layouts++;
      for (const logo of named) expect(logo.alt!.length).toBeGreaterThan(0);
    }
    expect(layouts).toBeGreaterThan(1);
    await close();
  });
});
