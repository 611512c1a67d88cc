/**
 * How long the page editor takes to show a saved change: from the moment its write
 * changes pages.yaml on disk to the moment the preview shows the new heading, on a
 * temporary copy of the spec fixture site at 1280 px. Also prints the dev server's own
 * reload (validation, pictures, invalidation) for each edit, from its log.
 * Usage: npm run bench:editor [-- --runs 7]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEditor } from "../src/editor/start.ts";
import { launchChromium } from "../tests/support/chromium.ts";
import { siteCopy } from "../tests/support/site-copy.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const runs = Number(values.runs);
const site = siteCopy("bench-editor");
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
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  log(
    `\nFrom the file written to the preview showing it, ${runs} edits: median ${median(samples).toFixed(0)} ms (${samples.map((s) => s.toFixed(0)).join(", ")})\n`,
  );
  if (reloads.length) log(`of which the dev server's reload: median ${median(reloads)} ms (${reloads.join(", ")})\n`);
} finally {
  await browser.close();
  await editor.close();
  site.remove();
}
