/**
 * Pictures on the built spec fixture site, as a browser fetches them: every one
 * with its size (nothing shifts), photos in AVIF and WebP with widths for their
 * place, the hero's picture first and every other one lazily, logos in each
 * press layout named for screen readers.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fixtureUrl, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { ROOT, SPEC_SITE } from "../support/fixture-site.ts";
import { siteCopy } from "../support/site-copy.ts";

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

describe("a photo added while the dev server runs", () => {
  const site = siteCopy("dev-photo-test");
  const pagesFile = join(site.dir, "pages.yaml");
  const original = readFileSync(pagesFile, "utf8");
  /** The pictures' cache of this server alone, holding the fixture's pictures: what it makes for the new photos stays here. */
  const cache = mkdtempSync(join(tmpdir(), "dev-photo-cache-"));
  const cacheBefore = process.env.IMAGE_CACHE_DIR;
  let server: ViteDevServer;
  let base = "";

  beforeAll(async () => {
    cpSync(join(ROOT, ".cache", "images"), cache, { recursive: true });
    process.env.IMAGE_CACHE_DIR = cache;
    server = await createServer({ root: site.dir, cacheDir: join(site.dir, ".vite"), logLevel: "silent", server: { port: 0 } });
    await server.listen();
    base = server.resolvedUrls!.local[0]!;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (cacheBefore === undefined) delete process.env.IMAGE_CACHE_DIR;
    else process.env.IMAGE_CACHE_DIR = cacheBefore;
    site.remove();
    rmSync(cache, { recursive: true, force: true });
  });

  /** The page's picture whose file name starts with `name`: whether it has loaded, and what the browser took. */
  const picture = (page: Page, name: string) =>
    page.evaluate((name) => {
      const img = [...document.querySelectorAll("img")].find((candidate) => candidate.currentSrc.includes(`/images/_/${name}-`));
      return img ? { loaded: img.complete && img.naturalWidth > 0, current: img.currentSrc.split("/").pop()! } : undefined;
    }, name);
  const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark?: number }).mark = 1));
  const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

  it("shows a new portrait as its own file at once, then swaps in its versions in place when the worker has made them", async () => {
    // Smooth, so that its versions take seconds.
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1350"><rect width="1800" height="1350" fill="#35507a"/><circle cx="${600 + (Date.now() % 600)}" cy="675" r="400" fill="#e8c39e"/></svg>`;
    // A name of its own on every try: a second try saves a change too.
    const name = `new-portrait-${Date.now().toString(36)}`;
    writeFileSync(join(site.dir, "content", "images", `${name}.jpg`), await sharp(Buffer.from(drawing)).jpeg({ quality: 90 }).toBuffer());
    const { page, close } = await openPage(browser());
    await page.goto(base, { waitUntil: "networkidle" });
    await mark(page);
    writeFileSync(pagesFile, original.replace("src: /images/founder.jpg", `src: /images/${name}.jpg`));
    await page.locator(`img[src*='${name}']`).scrollIntoViewIfNeeded({ timeout: 15_000 });
    await expect
      .poll(() => picture(page, name), { timeout: 15_000 })
      .toEqual({ loaded: true, current: expect.stringMatching(new RegExp(`^${name}-[0-9a-f]{10}\\.jpg$`)) });
    // The versions, in the box the original held: the same page, not reloaded.
    await expect
      .poll(() => picture(page, name), { timeout: 120_000, interval: 500 })
      .toEqual({ loaded: true, current: expect.stringMatching(new RegExp(`^${name}-[0-9a-f]{10}-\\d+\\.(avif|webp)$`)) });
    expect(await marked(page)).toBe(true);
    await close();
  }, 180_000);

  it("shows a 12-megapixel photo before its versions are made, and another page keeps answering meanwhile", async () => {
    // A camera's 12-megapixel JPEG, in no cache: noise, as a sensor leaves it, at quality 90 (about 10 MB).
    const width = 4000;
    const height = 3000;
    const noise = Buffer.alloc(width * height * 3);
    let state = Date.now() >>> 0;
    for (let i = 0; i < noise.length; i++) noise[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    // The marketer puts the photo in content/images/, then names it in pages.yaml and saves.
    const name = `new-photo-${Date.now().toString(36)}`;
    writeFileSync(join(site.dir, "content", "images", `${name}.jpg`), photo);
    const { page, close } = await openPage(browser());
    await page.goto(base, { waitUntil: "networkidle" });
    const saved = performance.now();
    writeFileSync(pagesFile, original.replace("src: /images/hero-advisory.jpg", `src: /images/${name}.jpg`));

    // Meanwhile another page (its HTML and its content), asked for again and again while the server takes the photo in and the worker makes its versions.
    const waits: { path: string; ms: number; at: number }[] = [];
    let asking = true;
    const otherPage = (async () => {
      while (asking) {
        for (const path of ["services", "__site-content?path=/services"]) {
          const started = performance.now();
          const status = await statusOnNewConnection(base + path);
          expect(status).toBe(200);
          waits.push({ path, ms: performance.now() - started, at: started - saved });
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();

    await expect
      .poll(() => picture(page, name), { timeout: 15_000, interval: 50 })
      .toEqual({ loaded: true, current: expect.stringMatching(new RegExp(`^${name}-[0-9a-f]{10}\\.jpg$`)) });
    const shown = performance.now() - saved;
    // Keep asking while the worker starts and decodes the photo.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    asking = false;
    await otherPage;
    const slowest = (from: number, to = Infinity) =>
      waits.filter((wait) => wait.at >= from && wait.at < to).reduce((worst, wait) => (wait.ms > worst.ms ? wait : worst), { path: "", ms: 0, at: 0 });
    const whileTakenIn = slowest(0, shown);
    const whileMade = slowest(shown);
    console.log(
      `12-megapixel photo shown ${Math.round(shown)} ms after the save; another page answered in at most ${Math.round(whileTakenIn.ms)} ms while the server took the photo in (${whileTakenIn.path}), ${Math.round(whileMade.ms)} ms while the worker made its versions (${whileMade.path}); ${waits.length} requests`,
    );
    // On an otherwise idle machine: shown in 1.6 to 2.9 s, other pages within 1 s. Beside another test file the same
    // steps take several times as long, so the bounds here tell "shown before its versions exist" (those take 20 s
    // and more) and "never blocked by the worker" from a regression, not a fast machine from a busy one.
    expect(shown).toBeLessThan(10_000);
    // While the content is read again, the server answers after its validation (npm run bench measures that); while the
    // photo's versions are made, it answers at once: the worker shares neither its event loop nor its file reads.
    expect(whileTakenIn.ms).toBeLessThan(5_000);
    expect(whileMade.ms).toBeLessThan(3_000);
    await close();
  }, 120_000);
});

/**
 * A GET on a connection of its own, read to its end: its status. A kept-alive connection can be
 * closed by the server's idle timer just as the next request goes out on it (a browser sends that
 * request again); each request here opens its own, so a closed connection is never the server's answer.
 */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    }).on("error", reject);
  });
}
