import type { Browser, ConsoleMessage, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchChromium } from "./chromium.ts";

export const ROUTES = ["/", "/home", "/calculator", "/services", "/resources", "/links", "/press", "/tax-course", "/cap-services"];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export const url = (path: string) => inject("baseUrl") + path;

/** One Chromium per test file, closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not started yet.");
    return browser;
  };
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

/**
 * Wakes every island of the page as a visitor would (scrolling each one near the
 * screen, touching the header) and resolves once React has hydrated them all,
 * keeping their prerendered nodes rather than rendering anew.
 */
export async function hydrated(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    for (const island of document.querySelectorAll("[data-island]:not([data-hydrated])")) island.dispatchEvent(new FocusEvent("focusin"));
  });
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
    return islands.length > 0 && islands.every(isHydrated);

    function isHydrated(island: HTMLElement) {
      const prerendered = (window as unknown as { prerenderedIslands?: Record<string, Element | null> }).prerenderedIslands?.[island.dataset.island!];
      const node = island.querySelector(":scope > :not(link)");
      return island.hasAttribute("data-hydrated") && !!node && node === prerendered && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
    }
  });
}

/** Resolves once the island holding `target` has hydrated; waking it is up to the test (scrolling to it, touching it). */
export async function islandHydrated(target: Locator) {
  const island = await target.evaluateHandle((element) => element.closest("[data-island]"));
  await target.page().waitForFunction((island) => !!island && island.hasAttribute("data-hydrated"), island);
}
