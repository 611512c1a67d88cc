/**
 * How long the page editor takes to show a saved change: from the moment its write
 * changes pages.yaml on disk to the moment the preview shows the new heading, on a
 * temporary copy of the spec fixture site at 1280 px. Then the same for a save from a
 * text editor (the file written directly, found by the dev server's file watcher). Also
 * prints the dev server's own reload (validation, pictures, invalidation) from its log.
 * Usage: npm run bench:editor [-- --runs 7] [-- --live]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEditor } from "../src/editor/start.ts";
import { launchChromium } from "../tests/support/chromium.ts";
import { siteCopy } from "../tests/support/site-copy.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, live: { type: "boolean", default: false } } });
const runs = Number(values.runs);
// The spec fixture site by default; --live times the site's own content (pages.yaml and content/ of the project).
const site = siteCopy("bench-editor", values.live ? { content: process.cwd() } : {});
const file = join(site.dir, "pages.yaml");
const reloads: number[] = [];
// The dev server says "content reloaded in N ms" once per change it takes in.
const log = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  const found = /content reloaded in (\d+) ms/.exec(String(chunk));
  if (found) reloads.push(Number(found[1]));
  return found ? true : log(chunk, ...rest);
}) as typeof process.stdout.write;

const editor = await startEditor({ root: site.dir, port: 0, quiet: false });
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(editor.url, { waitUntil: "load", timeout: 150_000 });
  await page.locator("[data-outline]").waitFor({ timeout: 150_000 });
  // The preview's first load (the dev server prepares its modules) is not an edit's wait.
  await page.frameLocator("iframe[data-preview]").locator("h1").first().waitFor({ timeout: 150_000 });
  await page.locator('[data-section-index="0"]').click();
  const heading = page.locator('[data-path="routes[0].sections[0].heading"]');
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const text = `A heading written for timing, number ${run}`;
    await heading.fill(text);
    // The editor saves once typing pauses; the clock starts when the file holds the change.
    while (!readFileSync(file, "utf8").includes(text)) await new Promise((done) => setTimeout(done, 2));
    const written = performance.now();
    await page.frameLocator("iframe[data-preview]").locator("h1").filter({ hasText: text }).waitFor({ timeout: 20_000 });
    samples.push(performance.now() - written);
  }
  const fromEditor = reloads.splice(0);
  // A text editor's save: the heading's line rewritten on disk, with no word from the page editor.
  const direct: number[] = [];
  for (let run = 0; run < runs; run++) {
    const before = readFileSync(file, "utf8");
    const current = /A heading written for timing, number \d+/.exec(before)![0];
    const text = `A heading saved from a text editor, number ${run}`;
    await new Promise((done) => setTimeout(done, 300));
    writeFileSync(file, before.split(current).join(text));
    const written = performance.now();
    await page.frameLocator("iframe[data-preview]").locator("h1").filter({ hasText: text }).waitFor({ timeout: 20_000 });
    direct.push(performance.now() - written);
    // The next text replaces this one.
    writeFileSync(file, readFileSync(file, "utf8").split(text).join(current));
    await page.frameLocator("iframe[data-preview]").locator("h1").filter({ hasText: current }).waitFor({ timeout: 20_000 });
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const line = (what: string, list: number[]) => `${what}: median ${median(list).toFixed(0)} ms (${list.map((n) => n.toFixed(0)).join(", ")})\n`;
  log(`\nFrom the file written to the preview showing it, ${runs} edits each\n`);
  log(line("saved by the page editor", samples));
  if (fromEditor.length) log(line("  of which the dev server's work", fromEditor));
  log(line("saved by a text editor", direct));
  // Each direct edit is two reloads (the change, and putting the heading back): the first of each pair is the one timed.
  const timed = reloads.filter((_, index) => index % 2 === 0);
  if (timed.length) log(line("  of which the dev server's reload", timed));
} finally {
  await browser.close();
  await editor.close();
  site.remove();
}
