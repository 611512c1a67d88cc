/**
 * The only script every page loads (its size: README.md, Performance): it wakes each island of the
 * prerendered page (the header, calculators, forms) when the visitor is about to
 * use it. Static sections never load React, and calculators never do either: a
 * small script of their own makes them live as soon as the page is idle.
 */
import type { AnalyticsClientConfig } from "../analytics/config.ts";
import { PAGE_IDS } from "../content/page-ids.ts";
import type { SiteData } from "../site/types.ts";
import type { IslandRecord, IslandsPayload } from "./island.tsx";
import { showIslandError } from "./island-error.ts";
import { islands } from "./islands.ts";
import { logNotFound } from "./not-found-log.ts";
import { SEARCH_ATTRIBUTE } from "../ui/search/search-dom.ts";
import { keepDrawnTypeface } from "./drawn-typeface.ts";

/** What the prerender wrote into the page for this script: its islands, the site's settings' address, its analytics. */
function pagePayload(): IslandsPayload | undefined {
  const script = document.getElementById(PAGE_IDS.islands);
  return script?.textContent ? (JSON.parse(script.textContent) as IslandsPayload) : undefined;
}

function startIslands(payload: IslandsPayload) {
  if (payload.path === "*") {
    logNotFound(window.location.pathname);
    // Its own chunk: only a visitor on the 404 page loads it.
    void import("./not-found-suggest.ts").then(({ suggestRoutes }) => suggestRoutes());
  }
  for (const record of payload.islands) {
    const element = document.querySelector<HTMLElement>(`[data-island="${record.id}"]`);
    if (!element) continue;
    let replay: (() => void) | undefined;
    const wake = once(
      () =>
        void wakeIsland(element, record, payload)
          .catch((error: unknown) => showIslandError(element, error))
          // Awake or broken, a click that waited is let through (a broken island's links still lead to their videos).
          .finally(() => replay?.()),
    );
    // Whatever its schedule, an island the visitor starts to use wakes at once.
    onFirstInteraction(element, wake);
    if (record.wakeOn) replay = wakeFrom(record.wakeOn, wake);
    if (record.when === "idle") onIdle(wake);
    else if (record.when === "visible") onNearScreen(element, wake);
  }
}

async function wakeIsland(element: HTMLElement, record: IslandRecord, { site: siteModule, theme }: IslandsPayload) {
  const island = islands[record.name];
  if (island.by === "enhance") {
    const enhance = await island.load();
    enhance(element, record.props);
    element.setAttribute("data-hydrated", "");
    return;
  }
  if (!siteModule) throw new Error("The page does not say where the site's settings are.");
  // Side by side: React and the island's code, the site's settings, and every token of the theme, which what it draws once awake may name.
  const [runtime, site] = await Promise.all([import("./island-runtime.tsx"), siteSettings(siteModule), theme && themeSheet(theme)]);
  await runtime.hydrateIsland(element, record, site);
}

let settings: Promise<SiteData> | undefined;

/** The site's settings, one request for every island of the page; the address changes with them, so a browser keeps them cached. */
function siteSettings(url: string): Promise<SiteData> {
  settings ??= import(/* @vite-ignore */ url).then((module: { default: SiteData }) => module.default);
  return settings;
}

let themeLoaded: Promise<void> | undefined;

/**
 * The theme's whole stylesheet (src/pipeline/theme-tokens.ts): the same values the page declares,
 * and those it left out. Added by script, so it never holds up the page's first paint; a sheet
 * that cannot load leaves the island to wake with the tokens the page has.
 */
function themeSheet(href: string): Promise<void> {
  themeLoaded ??= new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    // The sheet styles every element again: text still drawn in the fallback face must stay in it.
    keepDrawnTypeface();
    document.head.append(link);
  });
  return themeLoaded;
}

/**
 * A provider's code, only on a site that configures one: a few hundred bytes that keep the
 * visit's campaign tags and schedule the analytics chunk (src/analytics/start-later.ts), which
 * such a site's pages preload beside this script.
 */
function startAnalytics(config: AnalyticsClientConfig | undefined) {
  if (!config) return;
  void import("../analytics/start-later.ts")
    .then(({ scheduleAnalytics }) => scheduleAnalytics(config, () => import("../analytics/start.ts")))
    // A chunk that cannot load (offline, blocked) leaves the page as it is.
    .catch(() => undefined);
}

/**
 * An island whose parts sit elsewhere on the page (videos, in any block) wakes when one is
 * touched; a click on one before it is awake waits for it, and is replayed on the same part
 * (found again by its place: waking may replace the element).
 */
function wakeFrom(selector: string, wake: () => void): () => void {
  const parts = () => [...document.querySelectorAll(selector)] as HTMLElement[];
  let pending = -1;
  let awake = false;
  for (const part of parts()) onFirstInteraction(part, wake);
  document.addEventListener(
    "click",
    (event) => {
      const part = (event.target as Element).closest?.(selector);
      if (awake || !part) return;
      event.preventDefault();
      pending = parts().indexOf(part as HTMLElement);
      wake();
    },
    true,
  );
  return () => {
    awake = true;
    parts()[pending]?.click();
  };
}

function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
}

// Capture, because toggle (a <details> opening) does not bubble.
const INTERACTIONS = ["pointerdown", "focusin", "keydown", "toggle"] as const;

function onFirstInteraction(element: HTMLElement, run: () => void) {
  for (const type of INTERACTIONS) element.addEventListener(type, run, { capture: true, once: true });
}

/** After the page's load, when the main thread is free: the page is ready to use before these scripts run. */
function onIdle(run: () => void) {
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Islands are box-less wrappers (display: contents), so their first element is what scrolls into view. */
function onNearScreen(element: HTMLElement, run: () => void) {
  const target = element.firstElementChild;
  if (!target || !("IntersectionObserver" in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "400px 0px" },
  );
  observer.observe(target);
}

/** The site search's window: its own chunk, loaded by a visitor's first press of a search button, never before. */
function startSearch() {
  const buttonOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(`[${SEARCH_ATTRIBUTE}]`) : null);
  const open = (button: HTMLElement, typed?: string) => void import("../ui/search/search-dialog.ts").then(({ openSearch }) => openSearch(button, typed));
  document.addEventListener("click", (event) => {
    const button = buttonOf(event);
    if (button) open(button);
  });
  // The search fields of the 404 page and the menu are buttons that look like fields: a letter typed on a search button starts the search with it.
  document.addEventListener("keydown", (event) => {
    const button = buttonOf(event);
    if (!button || event.key.length !== 1 || event.key === " " || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    event.preventDefault();
    open(button, event.key);
  });
}

startSearch();
if (import.meta.env.DEV) void import("./dev-client.tsx").then((dev) => dev.start());
else {
  const payload = pagePayload();
  if (payload) startIslands(payload);
  startAnalytics(payload?.analytics);
}
