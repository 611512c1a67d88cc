/**
 * How the cost of the site grows with its content: builds synthetic sites of 10,
 * 100 and 1,000 routes made of copies of the real pages, and prints for each the
 * validation time, the full build time (client, server, prerender) and the output
 * size. Usage: npm run bench [-- 10 100 1000]
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "vite";
import { parseDocument, stringify } from "yaml";
import { loadContent } from "../src/content/load.ts";
import { launchChromium } from "../tests/support/chromium.ts";
import { siteCopy } from "../tests/support/site-copy.ts";

const root = process.cwd();
const sizes = process.argv.slice(2).length ? process.argv.slice(2).map(Number) : [10, 100, 1000];

interface Row {
  routes: number;
  yamlKb: number;
  validateMs: number;
  buildS: number;
  distMb: number;
  htmlFiles: number;
  devEditS: number;
}

type Route = { path: string; [field: string]: unknown };

const realRoutes = (parseDocument(readFileSync(join(root, "pages.yaml"), "utf8")).toJS() as { routes: Route[] }).routes;
const notFound = realRoutes.find((route) => route.path === "*")!;
const pages = realRoutes.filter((route) => route.path !== "*");

// The first validation pays for loading and compiling the schemas; time the rest warm, as the dev server runs them.
loadContent(root);

const rows: Row[] = [];
for (const count of sizes) rows.push(await benchSite(count));
printTable(rows);

async function benchSite(count: number): Promise<Row> {
  const yaml = stringify({ routes: [...syntheticRoutes(count), notFound] }, { lineWidth: 0, aliasDuplicateObjects: false });
  const { dir, remove } = siteCopy(`site-bench-${count}`, { pagesYaml: yaml, content: root });
  try {
    const started = performance.now();
    const { content, problems } = loadContent(dir);
    const validateMs = performance.now() - started;
    if (!content) throw new Error(`The synthetic site of ${count} routes is not valid:\n${problems.map((p) => p.message).join("\n")}`);

    const buildStarted = performance.now();
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    const buildS = (performance.now() - buildStarted) / 1000;
    if (build.status !== 0) throw new Error(`The build of ${count} routes failed:\n${build.stdout}\n${build.stderr}`);

    const output = measure(join(dir, "dist"));
    const devEditS = await devEditSeconds(dir);
    const phases = /prerendered .*/.exec(build.stdout)?.[0] ?? "";
    process.stderr.write(`benched ${count} routes: ${phases}\n`);
    return { routes: count + 1, yamlKb: yaml.length / 1024, validateMs, buildS, distMb: output.bytes / 1024 / 1024, htmlFiles: output.html, devEditS };
  } finally {
    remove();
  }
}

/**
 * A marketer's edit in the dev server: the time from saving a new home-page
 * heading in pages.yaml to the browser showing it (validation, reload, render).
 */
async function devEditSeconds(dir: string): Promise<number> {
  const server = await createServer({ root: dir, cacheDir: join(dir, ".vite"), logLevel: "silent", server: { port: 0, strictPort: false } });
  await server.listen();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(server.resolvedUrls!.local[0]!, { waitUntil: "networkidle" });
    const pagesFile = join(dir, "pages.yaml");
    const original = readFileSync(pagesFile, "utf8");
    const heading = (parseDocument(original).toJS() as { routes: { sections: { heading?: string }[] }[] }).routes[0]!.sections[0]!.heading!;
    let seconds = NaN;
    // The first edit warms the server up; the second is the one a marketer feels all day.
    for (const edit of ["first edit", "second edit"]) {
      const marker = `${heading} (${edit})`;
      const started = performance.now();
      writeFileSync(pagesFile, original.replace(heading, marker));
      await page.waitForFunction((text) => document.querySelector("h1")?.textContent === text, marker, { timeout: 30_000 });
      seconds = (performance.now() - started) / 1000;
    }
    return seconds;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** `count` pages: the real ones first, then numbered copies of them at routes of their own. */
function syntheticRoutes(count: number): Route[] {
  return Array.from({ length: count }, (_, index) => {
    const page = pages[index % pages.length]!;
    const copy = Math.floor(index / pages.length);
    if (copy === 0) return page;
    const base = page.path === "/" ? "/index" : page.path;
    return { ...page, path: `${base}-${copy + 1}` };
  });
}

function measure(dir: string): { bytes: number; html: number } {
  let bytes = 0;
  let html = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const inner = measure(path);
      bytes += inner.bytes;
      html += inner.html;
    } else {
      bytes += stat.size;
      if (name.endsWith(".html")) html++;
    }
  }
  return { bytes, html };
}

function printTable(table: Row[]) {
  const header = ["routes", "pages.yaml KiB", "validate ms", "validate ms/route", "build s", "build ms/route", "dist MiB", "HTML files", "dev edit s"];
  console.log(`\n| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of table) {
    const line = [
      row.routes,
      row.yamlKb.toFixed(0),
      row.validateMs.toFixed(0),
      (row.validateMs / row.routes).toFixed(2),
      row.buildS.toFixed(1),
      ((row.buildS * 1000) / row.routes).toFixed(0),
      row.distMb.toFixed(1),
      row.htmlFiles,
      row.devEditS.toFixed(2),
    ];
    console.log(`| ${line.join(" | ")} |`);
  }
}
