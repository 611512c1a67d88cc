/**
 * What a phone visitor waits for on a calculator: from their first keystroke to
 * the result figures changing, on an emulated mid-range phone (CPU slowed 4×,
 * 150 ms round trip, 1.6 Mbps down, 750 kbps up), the page loaded and idle for
 * 1.5 s; then three more keystrokes. Median of 5 fresh loads per calculator.
 * Serves the built site: run npm run build first.
 * Usage: npm run bench:input [-- --runs 5] [-- /route ...]
 */
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import type { Browser, Page } from "playwright-core";
import { definitionOf } from "../src/blocks/registry.ts";
import { loadContent } from "../src/site/load.ts";
import { launchChromium } from "../tests/support/chromium.ts";
import { createSiteServer } from "../src/serve/site-server.ts";

const { values, positionals } = parseArgs({ options: { runs: { type: "string", default: "5" } }, allowPositionals: true });
const runs = Number(values.runs);
// The blocks a small script makes live as the visitor types: the calculators.
const isCalculator = (type: string) => definitionOf(type)?.island?.by === "enhance";
const content = loadContent(process.cwd()).content;
if (!content) throw new Error("The content has errors: run npm run validate.");
const routes = positionals.length
  ? positionals
  : content.pages.filter((page) => page.path !== "*" && page.sections.some((section) => isCalculator(section.type))).map((page) => page.path);

interface Sample {
  first: number;
  later: number[];
}

const server = createSiteServer();
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
const rows: string[][] = [];
try {
  for (const route of routes) {
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, base + route));
    const firsts = samples.map((sample) => sample.first);
    const laters = samples.flatMap((sample) => sample.later);
    rows.push([route, ms(median(firsts)), `${ms(Math.min(...firsts))}–${ms(Math.max(...firsts))}`, ms(median(laters)), ms(Math.max(...laters))]);
    process.stderr.write(`measured ${route}: first keystroke ${firsts.map(ms).join(", ")} ms\n`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`\nFirst keystroke to updated figures, emulated phone, median of ${runs}\n`);
const header = ["route", "first keystroke (median)", "first (range)", "later keystrokes (median)", "later (worst)"];
console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForTimeout(1500);
    const field = page.locator("input[type=number]").first();
    await field.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await field.tap();
    if (!(await field.evaluate((element) => element === document.activeElement))) throw new Error(`Tapping the first number field on ${url} did not focus it.`);
    await page.keyboard.press("End");
    const first = await keystroke(page, "7");
    const later: number[] = [];
    for (const digit of ["3", "1", "5"]) {
      await page.waitForTimeout(400);
      later.push(await keystroke(page, digit));
    }
    return { first, later };
  } finally {
    await context.close();
  }
}

/** Types one digit into the focused field; resolves with the time from its keydown to the result figures changing. */
async function keystroke(page: Page, digit: string): Promise<number> {
  // Installed and awaited before the key is pressed, so the listener cannot miss it. A string, so that
  // the script runner's helpers for named functions do not reach the page.
  await page.evaluate(`window.keystrokeTiming = new Promise((resolve) => {
    // The whole document, not the field: a calculator that re-renders may replace the field's node.
    const read = () => [...document.querySelectorAll("output, [data-result]")].map((element) => element.textContent).join("|");
    const before = read();
    let pressed = 0;
    document.addEventListener("keydown", (event) => (pressed = event.timeStamp), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!pressed || read() === before) return;
      observer.disconnect();
      resolve(performance.now() - pressed);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => resolve(Infinity), 15000);
  }); true`);
  await page.keyboard.press(digit);
  return (await page.evaluate("window.keystrokeTiming")) as number;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function ms(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value)) : "none in 15 s";
}
