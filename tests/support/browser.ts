/**
 * Browser tests, and how to keep them cheap (npm test runs them all, on two shared cores):
 * - Test the built sites already served: fixtureUrl() (the spec fixture site, for the engine) and
 *   url() (the live site, for invariants only). Build in a test only what it is about.
 * - A variant site (other settings, other content) is built into .test-builds/<name>, never a
 *   fresh folder, from inputs that are the same from run to run (no random port or path inside the
 *   content): the build then starts from the previous run's and re-renders only what changed
 *   (tests/support/analytics-sites.ts keeps its collector on a steady port for this). Build the
 *   variants of a file side by side, once, in its beforeAll.
 * - useBrowser(): the worker's one Chromium; each test opens its own context (openPage) and closes it.
 * - Visiting every route, one page after another, queues their waits: visit them inLanes().
 * - Wait for a condition (a locator, expect.poll, page.waitForFunction), never for a time; a
 *   goto with waitUntil "networkidle" costs half a second of quiet on every load: use it only
 *   when the test needs everything the page fetches.
 * - What needs only the HTML, a header or a file is read with fetch() or from disk, without a page.
 */
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Result, RunOptions } from "axe-core";
import type { Browser, ConsoleMessage, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { launchChromium } from "./chromium.ts";
import { drawEverySection } from "./draw-sections.ts";
import { ROOT, routesOf, SPEC_SITE } from "./fixture-site.ts";

/** The live site's routes, as its pages.yaml declares them today (the 404 page's "*" left out). */
export const ROUTES = routesOf(ROOT);
/** The spec fixture site's routes. */
export const FIXTURE_ROUTES = routesOf(SPEC_SITE);
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A path on the live site. */
export const url = (path: string) => {
  const base = inject("baseUrl");
  if (!base) throw new Error("dist/ is not built: run npm run build before the browser tests of the live site.");
  return base + path;
};
/** A path on the spec fixture site (tests/fixtures/spec-site): engine tests that need particular content use it. */
export const fixtureUrl = (path: string) => inject("fixtureUrl") + path;

/**
 * One Chromium for all the files a test worker runs, one after another (the browser project
 * keeps a worker's modules from file to file): each launch costs about a second of processor
 * time. Playwright closes it when the worker exits; a browser that crashed is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const running = await workerBrowser?.catch(() => undefined);
    if (running?.isConnected()) browser = running;
    else browser = await (workerBrowser = launchChromium());
  });
  afterAll(async () => {
    // What a file left open must not reach the next file.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  return () => {
    if (!browser) throw new Error("The browser is not started yet.");
    return browser;
  };
}

/** Pages a test keeps open at once, as the browser project's maxConcurrency does for concurrent tests. */
export const LANES = 3;

/**
 * Does `work` for every item, `lanes` at a time: a page's load and its quiet half second of
 * network idle, its frames and its timers are waits, which lanes overlap where one page in a loop
 * would queue them. `lane` numbers the lane from 0: the caller opens a page per lane beforehand and
 * works on that one. After a failure the other lanes take no new item, and the failure is thrown
 * (the first lane's, if several failed).
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T, lane: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(lanes, items.length) }, async (_, lane) => {
      while (!failed && next < items.length) {
        const item = items[next++]!;
        try {
          await work(item, lane);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

/** Opens a page that records console errors and warnings (React reports hydration problems there). */
export async function openPage(browser: Browser, viewport = DESKTOP, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  // Remember each island's prerendered root node before any script runs: hydration keeps that very node, a fresh render replaces it.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const nodes: Record<string, Element | null> = {};
      for (const island of document.querySelectorAll<HTMLElement>("[data-island]")) nodes[island.dataset.island!] = island.querySelector(":scope > :not(link)");
      (window as unknown as { prerenderedIslands?: Record<string, Element | null> }).prerenderedIslands = nodes;
    });
  });
  const messages: ConsoleMessage[] = [];
  const pageErrors: Error[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") messages.push(message);
  });
  page.on("pageerror", (error) => pageErrors.push(error));
  return {
    page,
    problems: () => [...messages.map((m) => `${m.type()}: ${m.text()}`), ...pageErrors.map((e) => `pageerror: ${e.message}`)],
    close: () => context.close(),
  };
}

/** Long enough for the slowest island on a loaded machine, short of the test's own timeout, so the report below is seen. */
const ISLAND_WAIT_MS = 40_000;
/** Scrolling a long page through, a frame per screen: a few seconds on a loaded machine. */
const SCROLL_WAIT_MS = 20_000;

/** `promise`, or an error naming `what` once `ms` have passed without it settling. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Gave up after ${ms / 1000} s: ${what}.`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Wakes every island of the page as a visitor would (scrolling each one near the
 * screen, touching the header) and resolves once React has hydrated them all,
 * keeping their prerendered nodes rather than rendering anew.
 */
export async function hydrated(page: Page) {
  // An evaluation has no timeout of its own: a page that stops drawing frames would hold the test
  // until the test's own limit, and say nothing of where it stopped.
  await within(
    SCROLL_WAIT_MS,
    `scrolling through ${page.url()} (the page drew no frame for a while)`,
    page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // A screen at a time: the screens cover the page end to end, so each island comes into view once.
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo({ top: y, behavior: "instant" });
        await frame();
      }
      window.scrollTo({ top: 0, behavior: "instant" });
      for (const island of document.querySelectorAll("[data-island]:not([data-hydrated])")) island.dispatchEvent(new FocusEvent("focusin"));
    }),
  );
  await page
    .waitForFunction(
      () => {
        const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
        const records = (JSON.parse(document.getElementById("islands")?.textContent ?? "{}") as { islands?: { id: number; by: string }[] }).islands ?? [];
        const enhanced = new Set(records.filter((record) => record.by === "enhance").map((record) => String(record.id)));
        return islands.length > 0 && islands.every(isAwake);

        // React keeps the prerendered node when it hydrates (a fresh render would replace it); an enhanced island has no React at all.
        function isAwake(island: HTMLElement) {
          const prerendered = (window as unknown as { prerenderedIslands?: Record<string, Element | null> }).prerenderedIslands?.[island.dataset.island!];
          const node = island.querySelector(":scope > :not(link)");
          const reactOwned = !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
          return island.hasAttribute("data-hydrated") && !!node && node === prerendered && (enhanced.has(island.dataset.island!) ? !reactOwned : reactOwned);
        }
      },
      undefined,
      // Every 100 ms rather than every frame: the check reads every island, and many pages are open at once on two cores.
      { timeout: ISLAND_WAIT_MS, polling: 100 },
    )
    .catch(async (error: Error) => {
      // Which island stayed asleep, in the log even when a retry then passes.
      const state = await page
        .evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[data-island]")].map((island) => {
            const node = island.querySelector(":scope > :not(link)");
            const kept = node === (window as unknown as { prerenderedIslands?: Record<string, Element | null> }).prerenderedIslands?.[island.dataset.island!];
            const react = !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
            return `island ${island.dataset.island} <${node?.tagName.toLowerCase() ?? "none"}>: ${island.hasAttribute("data-hydrated") ? "hydrated" : "asleep"}, prerendered node ${kept ? "kept" : "replaced"}, ${react ? "" : "not "}React's`;
          }),
        )
        .catch(() => ["(the page could not be read)"]);
      const report = `Not every island woke within ${ISLAND_WAIT_MS / 1000} s on ${page.url()}: ${state.join("; ")}`;
      console.warn(report);
      throw new Error(`${report}\n${error.message}`);
    });
}

/** Resolves once the island holding `target` has hydrated; waking it is up to the test (scrolling to it, touching it). */
export async function islandHydrated(target: Locator) {
  const island = await target.evaluateHandle((element) => element.closest("[data-island]"));
  await target.page().waitForFunction((island) => !!island && island.hasAttribute("data-hydrated"), island);
}

/**
 * The theme's tokens (src/pipeline/theme-tokens.ts) that the page's styles name, without a
 * fallback, but none of them declares. A built page leaves out the tokens it does not use, so
 * what an island draws once awake must find the rest in the theme's stylesheet. Empty when all
 * is well (and on a page that left nothing out).
 */
export async function undeclaredTokens(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const theme = (JSON.parse(document.getElementById("islands")?.textContent ?? "{}") as { theme?: string }).theme;
    if (!theme) return [];
    const tokens = new Set([...(await (await fetch(theme)).text()).matchAll(/[{;](--[\w-]+)\s*:/g)].map(([, name]) => name!));
    const declared = new Set<string>();
    const named = new Set<string>();
    // The declarations as written: a shorthand that names a token (a border, a padding) reads as empty longhands.
    const read = (css: string) => {
      for (const [, name] of css.matchAll(/(?:^|[;{\s])(--[\w-]+)\s*:/g)) declared.add(name!);
      for (const [, name, fallback] of css.matchAll(/var\(\s*(--[\w-]+)\s*(,)?/g)) if (!fallback) named.add(name!);
    };
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
        if ("style" in rule) read((rule as CSSStyleRule).style.cssText);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("[style]"))) read(element.getAttribute("style") ?? "");
    return [...named].filter((name) => tokens.has(name) && !declared.has(name)).sort();
  });
}

/** A struck price and the current one, both shown, read as "was …, now …". */
export async function expectPrice(panel: Locator, was: string, now: string) {
  const struck = panel.locator("s");
  const current = panel.locator("s + *");
  expect(await struck.textContent()).toBe(`was ${was}`);
  expect(await current.textContent()).toBe(`, now ${now}`);
  await expect.poll(() => current.isVisible()).toBe(true);
  expect(await struck.isVisible()).toBe(true);
}

/** axe's source, from the axe-core @axe-core/playwright itself puts into pages, and the settings its legacy mode gives it. */
const AXE_SETUP = `${(createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string }).source}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;

/** WCAG 2.2 AA, as axe tags its rules. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every axe violation on the page as it is now, one line each: the rule, its help and the elements
 * (with, for a contrast failure, the text's colour, the background's and their ratio).
 * Every section is drawn first, as a visitor scrolling sees it: axe measures where each element
 * sits, and in a section not yet drawn it can only mark the colours of the text as unknown.
 * `rules` runs those rules alone (["color-contrast"]: a fraction of the time of all of WCAG's) instead of `tags`.
 */
export async function axeViolations(
  page: Page,
  { tags = WCAG, rules, include, exclude }: { tags?: string[]; rules?: string[]; include?: string; exclude?: string } = {},
): Promise<string[]> {
  await drawEverySection(page);
  // Only the violations are collected (the passes' nodes cost as much again to gather and send).
  // What holds no frame is checked in the page itself (legacy mode) rather than finished in a
  // second page axe opens: together half the time per page. Legacy mode cannot reach into a frame
  // of another origin, so where the part checked (include, less exclude) holds a frame, it is checked the usual way.
  const framesChecked = await page.evaluate(
    ({ include, exclude }) =>
      (include ? [...document.querySelectorAll(include)] : [document.documentElement])
        .flatMap((root) => [...(root.matches("iframe, frame") ? [root] : []), ...root.querySelectorAll("iframe, frame")])
        .filter((frame) => !(exclude && frame.closest(exclude))).length,
    { include, exclude },
  );
  const options: RunOptions = { resultTypes: ["violations"], runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags } };
  let violations: Result[];
  if (framesChecked === 0) {
    // axe is put into a document once, and run there as the builder's legacy mode runs it: the builder
    // put its 1.3 MB in twice for every check, a quarter of the time of a check of contrast alone.
    // (A string evaluated by the tool, as the builder does, is not the page's eval, which its policy forbids.)
    if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function"))) await page.evaluate(AXE_SETUP);
    const context = { include: include ? [include] : [], exclude: exclude ? [exclude] : [] };
    violations = await page.evaluate(
      async ({ context, options }) =>
        (await (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Result[] }> } }).axe.run(context, options))
          .violations,
      { context, options },
    );
  } else {
    const builder = new AxeBuilder({ page }).options(options);
    if (include) builder.include(include);
    if (exclude) builder.exclude(exclude);
    ({ violations } = await builder.analyze());
  }
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ") + colours(n)).join(", ")})`);
}

/** What axe measured of a contrast failure, " [#777777 on #ffffff 4.48:1, needs 4.5:1, 12.0pt (16px) normal]", or nothing for other rules. */
function colours(node: { any: { data?: unknown }[] }): string {
  const data = node.any.find((check) => (check.data as { fgColor?: string } | undefined)?.fgColor)?.data as
    { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string; fontSize?: string; fontWeight?: string } | undefined;
  if (!data) return "";
  const text = data.fontSize ? `, ${data.fontSize} ${data.fontWeight ?? ""}`.trimEnd() : "";
  return ` [${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}${text}]`;
}
