/**
 * The checks that hold for ANY valid content: run on the live site (whatever the
 * marketers have written today) and on copies of it that marketers have edited. They
 * read every title, description, route and address from the content itself and never
 * assert a price, a name, a heading or a URL of the copy. What the spec fixes (prices,
 * counts, formulas) is proven on the spec fixture site instead (tests/fixtures/spec-site).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { idleScriptBound, SCRIPT_BUDGETS } from "../../src/render/script-budgets.ts";
import { loadContent, type LoadResult } from "../../src/site/load.ts";
import { axeViolations, DESKTOP, hydrated, openPage, PHONE } from "./browser.ts";
import { routesOf } from "./fixture-site.ts";

export interface SiteUnderTest {
  /** Names the site in the tests' titles. */
  name: string;
  /** Where its pages.yaml and content/ are. */
  contentRoot: string;
  /** Its built output (read when the tests run, so it may be built in a beforeAll). */
  dist: string;
  /** Where it is served (asked when the tests run). */
  baseUrl: () => string;
  /** The routes axe checks at both widths ("*" for the 404 page); every route and the 404 page unless given. */
  axeRoutes?: string[];
  /** The routes opened in the browser at 390 px; every route unless given (the 404 page always is). */
  visitRoutes?: string[];
  /** Those of them also opened at 1280 px; all of them unless given. */
  desktopRoutes?: string[];
}

/** What a page may cost, transferred (compressed, with headers) unless said otherwise. */
export const BUDGETS = {
  /** Script requested before the page's load event (src/render/script-budgets.ts). */
  scriptBeforeIdle: SCRIPT_BUDGETS.beforeIdle,
  /** Script requested once the page is idle: a calculator's live script, the analytics chunk (src/render/script-budgets.ts). */
  scriptAtIdle: SCRIPT_BUDGETS.atIdle,
  /** Script once every island of the page has woken: React, the theme and the islands' code (about 125 KB). */
  scriptAwake: 160 * 1024,
  /** Styles a page carries as it loads: its inlined critical CSS (uncompressed) and any stylesheet (about 120 KB on the longest page). */
  css: 200 * 1024,
  /** Everything transferred while a page loads, before any island wakes: HTML, CSS, script, images (about 23 KB). */
  pageWeight: 160 * 1024,
};

/** How long a visit may wait on one step before the log says which. */
const STUCK_MS = 30_000;

/** Markers of the build-time validation libraries, which must never reach the browser. */
const VALIDATION_CODE = ["LineCounter", "YAMLParseError", "ZodError", "$ZodType", "toJSONSchema"];

/** The text of HTML as the head writes it (src/render/head.ts escapes & " < >). */
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A path that is none of the routes, to ask for the 404 page. */
export function unusedPath(routes: string[]): string {
  let path = "/no-such-page";
  while (routes.includes(path)) path += "-really";
  return path;
}

/** Every built page of a site: its route ("(404 page)" for 404.html) and HTML. */
export function builtPages(dist: string, dir = dist, route = ""): { route: string; html: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "assets" ? [] : builtPages(dist, path, `${route}/${name}`);
    if (name === "index.html") return [{ route: route || "/", html: readFileSync(path, "utf8") }];
    if (name === "404.html") return [{ route: "(404 page)", html: readFileSync(path, "utf8") }];
    return [];
  });
}

export interface BrokenLink {
  /** The page the link is on. */
  from: string;
  href: string;
  /** The path it asks for, without query or anchor. */
  path: string;
  /** Set when the page exists but has no element with this id. */
  missingAnchor?: string;
}

/** Every internal address (href, src) in a built site that leads to no page, file or anchor of it. */
export function brokenLinks(dist: string): { checked: number; broken: BrokenLink[] } {
  const pages = builtPages(dist);
  const ids = new Map(pages.map(({ route, html }) => [route, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]))]));
  const target = (path: string): string | undefined => {
    if (path === "/") return "/";
    if (existsSync(join(dist, path, "index.html"))) return path;
    if (existsSync(join(dist, path)) && statSync(join(dist, path)).isFile()) return path;
    return undefined;
  };
  const broken: BrokenLink[] = [];
  let checked = 0;
  for (const { route, html } of pages) {
    for (const [, raw] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const href = unescapeHtml(raw!);
      if (!href.startsWith("/") && !href.startsWith("#")) continue;
      checked++;
      const path = href.replace(/[?#].*$/, "");
      const anchor = /#(.+)$/.exec(href)?.[1];
      const page = path === "" ? route : target(path);
      if (!page) broken.push({ from: route, href, path });
      else if (anchor && !ids.get(page)?.has(anchor)) broken.push({ from: route, href, path, missingAnchor: anchor });
    }
  }
  return { checked, broken };
}

/**
 * Declares the invariant checks of one built and served site. `browser` is the test
 * file's Chromium (useBrowser()).
 */
export function siteChecks(site: SiteUnderTest, browser: () => Browser) {
  const routes = routesOf(site.contentRoot);
  const notFoundPath = unusedPath(routes);
  const axeRoutes = new Set(site.axeRoutes ?? [...routes, "*"]);
  const visitRoutes = routes.filter((route) => !site.visitRoutes || site.visitRoutes.includes(route));
  const desktopRoutes = visitRoutes.filter((route) => !site.desktopRoutes || site.desktopRoutes.includes(route));
  const url = (path: string) => site.baseUrl() + path;
  let loaded: LoadResult | undefined;
  const load = () => (loaded ??= loadContent(site.contentRoot));
  const content = () => {
    const { content } = load();
    if (!content) throw new Error(`${site.contentRoot} does not validate.`);
    return content;
  };
  const page = (path: string) => content().pages.find((candidate) => candidate.path === path)!;
  const absolute = (path: string) => content().site.siteUrl + path;

  /**
   * Opens a page at a width as a visitor would, wakes every island, and checks what
   * holds for every page: no console error or warning (React reports hydration
   * mismatches there), no policy violation, no horizontal scroll, and axe where asked.
   * Returns what the page transferred while loading and once awake.
   */
  async function visit(path: string, viewport: typeof PHONE, { axe, expectedLog = [] }: { axe: boolean; expectedLog?: string[] }) {
    const { page, problems, close } = await openPage(browser(), viewport);
    // Names the step a visit is stuck at, in the log, before the test's timeout ends it without a word.
    let step = "starting";
    const at = <T>(name: string, work: Promise<T>): Promise<T> => ((step = name), work);
    const stuck = setTimeout(() => console.warn(`The visit of ${path} at ${viewport.width} px has waited ${STUCK_MS / 1000} s at: ${step}`), STUCK_MS);
    try {
      const transfers = await at("recording the network", transferLog(page));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          ((window as unknown as { violations?: string[] }).violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await at("loading the page", page.goto(url(path), { waitUntil: "networkidle" }));
      step = "reading what it loaded";
      const atLoad = transfers();
      // What the page asked for once loaded: the scripts that wake at idle (or at a first action), budgeted apart.
      const afterLoad = new Set(
        await page.evaluate(() => {
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime >= navigation.loadEventStart)
            .map((entry) => entry.name);
        }),
      );
      const css =
        (await page.evaluate(() => [...document.querySelectorAll("style")].reduce((sum, style) => sum + new Blob([style.textContent ?? ""]).size, 0))) +
        transferred(atLoad, "Stylesheet");
      await at("waking the islands", hydrated(page));
      step = "reading the awake page";
      const awake = transfers();
      expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []), "policy violations").toEqual([]);
      // Chromium reports the 404 page's own status as a failed resource; the page logs the unknown path, as the spec says.
      expect(problems().filter((line) => !line.includes("status of 404") && !expectedLog.some((expected) => line.includes(expected)))).toEqual([]);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
      if (axe) {
        expect(await at("axe", axeViolations(page))).toEqual([]);
      }
      return {
        scriptBeforeIdle: transferred(
          atLoad.filter((request) => !afterLoad.has(request.url)),
          "Script",
        ),
        scriptAtIdle: transferred(
          atLoad.filter((request) => afterLoad.has(request.url)),
          "Script",
        ),
        scriptAwake: transferred(awake, "Script"),
        css,
        pageWeight: transferred(atLoad),
      };
    } finally {
      clearTimeout(stuck);
      await at("closing the page", close());
    }
  }

  describe(site.name, () => {
    it("validates with no errors", () => {
      expect(load().problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect(content().pages.some((each) => each.path === "*")).toBe(true);
    });

    it.each(routes)("%s answers 200 with its own title, description and content prerendered", async (route) => {
      const response = await fetch(url(route));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-");
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(unescapeHtml(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? "")).toBe(page(route).title);
      expect(unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? "")).toBe(page(route).description);
      expect(head).toContain(`<link rel="canonical" href="${absolute(route)}" />`);
      expect(head).toContain(`<meta property="og:image" content="${absolute(content().site.share.image)}" />`);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!) as { "@type": string }[];
      expect(jsonLd[0]!["@type"]).toBe("AccountingService");
      expect(html).toContain('<main id="main"');
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<style data-styles="[^"]+">/);
      expect(rulesOnEveryElement(html)).toEqual([]);
    });

    it("answers a path that is no route with the 404 page and status 404", async () => {
      const response = await fetch(url(notFoundPath));
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(page("*").title);
      expect(html).toContain('<meta name="robots" content="noindex" />');
    });

    it("lists every route in the sitemap, which robots.txt names, and serves the share image", async () => {
      const sitemap = await (await fetch(url("/sitemap.xml"))).text();
      const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
      expect([...listed].sort()).toEqual(routes.map(absolute).sort());
      const robots = await (await fetch(url("/robots.txt"))).text();
      expect(robots).toContain(`Sitemap: ${absolute("/sitemap.xml")}`);
      const image = await fetch(url(content().site.share.image));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
    });

    // Each visit waits on the network and the page more than on the processor: a few at once.
    it.concurrent.each(desktopRoutes)(
      "%s at 1280 px wakes every island without a console error, hydration warning or policy violation, fits the screen and keeps to its budgets",
      async (route) => {
        const cost = await visit(route, DESKTOP, { axe: axeRoutes.has(route) });
        for (const [name, budget] of Object.entries(BUDGETS)) expect(cost[name as keyof typeof BUDGETS], `${name} (bytes)`).toBeLessThanOrEqual(budget);
        // What wakes at idle keeps to the bound of what the content declares: the analytics provider, a calculator.
        const bound = idleScriptBound(
          content().site.analytics?.provider,
          page(route).sections.map((section) => section.type),
        );
        expect(cost.scriptAtIdle, `script at idle (bytes), for ${bound.parts.join(" + ") || "nothing declared"}`).toBeLessThanOrEqual(bound.total);
      },
    );

    it.concurrent.each(visitRoutes)("%s at 390 px wakes every island without a console error or policy violation and fits the screen", async (route) => {
      await visit(route, PHONE, { axe: axeRoutes.has(route) });
    });

    it.each([
      ["390 px", PHONE],
      ["1280 px", DESKTOP],
    ] as const)("the 404 page at %s wakes cleanly and fits the screen", async (_name, viewport) => {
      await visit(notFoundPath, viewport, { axe: axeRoutes.has("*"), expectedLog: [notFoundPath] });
    });

    it("has links that lead to a page, a file or an anchor that exists, or to a route validation warned is missing", () => {
      const warnings = load().problems.filter((problem) => problem.severity === "warning");
      const { checked, broken } = brokenLinks(site.dist);
      expect(checked).toBeGreaterThan(routes.length);
      const unexpected = broken.filter(
        ({ path, missingAnchor }) => missingAnchor || routes.includes(path) || !warnings.some((warning) => warning.message.includes(path)),
      );
      expect(unexpected.map(({ from, href, missingAnchor }) => `${from} → ${href}${missingAnchor ? ` (no element with id ${missingAnchor})` : ""}`)).toEqual(
        [],
      );
    });

    it("ships no validation code to the browser: yaml and zod stay at build time", () => {
      const assets = join(site.dist, "assets");
      const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const name of scripts) {
        const code = readFileSync(join(assets, name), "utf8");
        for (const marker of VALIDATION_CODE) expect(code.includes(marker), `${name} contains ${marker}`).toBe(false);
      }
    });
  });
}

/**
 * Inline CSS rules that give every element its own custom properties or its own selection style:
 * each costs every element of the page work when styles are computed (together they once took
 * half the style time), where declaring them on the root and inheriting costs nothing per element.
 */
function rulesOnEveryElement(html: string): string[] {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  const found: string[] = [];
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const list = selectors!.split(",").map((selector) => selector.trim());
    // Pseudo-elements every element may have (not ::placeholder, which only fields have).
    const universal = list.some((selector) => /^\*?(::(before|after|backdrop|marker|selection))?$/.test(selector) && selector !== "");
    if (universal && /(^|;)\s*--/.test(body!)) found.push(`${selectors} declares custom properties`);
    if (list.some((selector) => selector.endsWith("::selection") && selector !== "html::selection")) found.push(`${selectors} styles each element's selection`);
  }
  return found;
}

interface Transfer {
  url: string;
  /** As the DevTools protocol names it: Document, Script, Stylesheet, Image, Font, Fetch… */
  type: string;
  /** Bytes received: headers and the body as sent (compressed). */
  bytes: number;
}

/**
 * Records every response the page receives in full, as the browser's network layer counts it.
 * (Playwright's request.sizes() does the same per request, but in Chromium it now and then never
 * answers, which left a visit hanging until the test's timeout.)
 */
async function transferLog(page: Page): Promise<() => Transfer[]> {
  const session = await page.context().newCDPSession(page);
  const requests = new Map<string, { url: string; type: string }>();
  const finished: Transfer[] = [];
  session.on("Network.requestWillBeSent", (event) => requests.set(event.requestId, { url: event.request.url, type: event.type ?? "Other" }));
  session.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) finished.push({ ...request, bytes: event.encodedDataLength });
  });
  await session.send("Network.enable");
  return () => [...finished];
}

function transferred(sizes: Transfer[], type?: string): number {
  return sizes.filter((size) => !type || size.type === type).reduce((sum, size) => sum + size.bytes, 0);
}
