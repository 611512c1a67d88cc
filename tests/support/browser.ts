import type { Browser, ConsoleMessage, Page } from "playwright-core";
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
  // Remember the prerendered <h1> before any script runs: hydration keeps that very node, a fresh render replaces it.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") (window as unknown as { prerenderedH1?: Element | null }).prerenderedH1 = document.querySelector("h1");
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

/** Resolves once React has hydrated the prerendered page, keeping its nodes rather than rendering anew. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    const h1 = (window as unknown as { prerenderedH1?: Element | null }).prerenderedH1;
    return (
      !!root &&
      Object.keys(root).some((key) => key.startsWith("__reactContainer")) &&
      !!h1 &&
      h1.isConnected &&
      Object.keys(h1).some((key) => key.startsWith("__reactFiber"))
    );
  });
}
