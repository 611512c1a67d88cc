import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * The browsers the tests may drive, best first. Debian's chromium-headless-shell is Chromium's
 * headless build without the desktop browser around it: the same engine, about 40% less
 * processor time per page than the full browser in headless mode, which on two shared cores
 * is most of a browser test's cost. The visual baselines are recorded in it.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The browser the tests drive: CHROME_PATH when set, else the headless shell, else a full Chromium. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return [HEADLESS_SHELL, ...FULL_BROWSERS].find((path) => existsSync(path));
}

/** A full Chromium, for what drives the desktop browser itself (Lighthouse's audits, as a visitor's Chrome runs them). */
export function fullChromiumPath(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv) && fromEnv !== HEADLESS_SHELL) return fromEnv;
  return FULL_BROWSERS.find((path) => existsSync(path));
}

/** Flags that keep headless Chromium quiet and offline: no background network, no GPU. */
const QUIET = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The flags for `executable`: a full Chromium is told to run headless; the shell is nothing else. */
export function chromiumArgs(executable: string | undefined): string[] {
  return executable?.endsWith("headless-shell") ? QUIET : ["--headless=new", ...QUIET];
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium not found: install it (apt-get install chromium-headless-shell) or set CHROME_PATH.");
  return chromium.launch({ executablePath, args: chromiumArgs(executablePath), headless: true });
}
