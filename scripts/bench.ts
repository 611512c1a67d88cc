/**
 * How the cost of the site grows with its content. Two cases:
 *
 * - routes (default): synthetic sites of 10, 100 and 1,000 routes made of copies of the real
 *   pages; prints validation (first, and of a saved edit in the same process), full build
 *   (client, server, prerender), output size and the dev server's edit time.
 *   Usage: npm run bench [-- 10 100 1000]
 * - articles: the live site with 1,000 and 5,000 articles (its own, then copies of them under
 *   new slugs); prints validation, full build, the build after one article is edited,
 *   the build after content/site.yaml is edited, the output size, and, where `hugo` is
 *   installed, Hugo's full build over the same Markdown bodies with a minimal template, as the
 *   reference. Usage: npm run bench -- --articles 1000,5000
 *
 * `--prepare <dir>` with `--articles <n>` only writes the site of n articles to <dir>.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createServer } from "vite";
import { parseDocument, stringify } from "yaml";
import { loadContent } from "../src/site/load.ts";
import { launchChromium } from "../tests/support/chromium.ts";
import { siteCopy } from "../tests/support/site-copy.ts";

const root = process.cwd();
const args = parseArgs({ allowPositionals: true, options: { articles: { type: "string" }, prepare: { type: "string" } } });
const sizes = args.positionals.length ? args.positionals.map(Number) : [10, 100, 1000];

interface Row {
  routes: number;
  yamlKb: number;
  validateMs: number;
  /** A validation after one page is edited, in the same process (what the dev server and the editor do at every save). */
  editValidateMs: number;
  buildS: number;
  distMb: number;
  htmlFiles: number;
  devEditS: number;
}

type Route = { path: string; [field: string]: unknown };

const realRoutes = (parseDocument(readFileSync(join(root, "pages.yaml"), "utf8")).toJS() as { routes: Route[] }).routes;
const notFound = realRoutes.find((route) => route.path === "*")!;
const pages = realRoutes.filter((route) => route.path !== "*");

if (args.values.prepare) {
  const count = Number(args.values.articles ?? 1000);
  cpSync(join(root, "content"), join(args.values.prepare, "content"), { recursive: true });
  cpSync(join(root, "pages.yaml"), join(args.values.prepare, "pages.yaml"));
  addArticles(args.values.prepare, count);
  console.log(`wrote the live site with ${count} articles to ${args.values.prepare}`);
} else if (args.values.articles) {
  // The first validation pays for loading and compiling the schemas; time the rest warm, as the dev server runs them.
  loadContent(root);
  const rows: ArticlesRow[] = [];
  for (const count of args.values.articles.split(",").map(Number)) {
    try {
      rows.push(benchArticles(count));
    } catch (error) {
      // A size the content rules refuse (a collection holds at most 1,000 items) is reported, and the others still run.
      process.stderr.write(`${count} articles: ${(error as Error).message}\n`);
    }
  }
  printArticlesTable(rows);
} else {
  loadContent(root);
  const rows: Row[] = [];
  for (const count of sizes) rows.push(await benchSite(count));
  printTable(rows);
}

async function benchSite(count: number): Promise<Row> {
  const yaml = stringify({ routes: [...syntheticRoutes(count), notFound] }, { lineWidth: 0, aliasDuplicateObjects: false });
  const { dir, remove } = siteCopy(`site-bench-${count}`, { pagesYaml: yaml, content: root });
  try {
    const started = performance.now();
    const { content, problems } = loadContent(dir);
    const validateMs = performance.now() - started;
    if (!content) throw new Error(`The synthetic site of ${count} routes is not valid:\n${problems.map((p) => p.message).join("\n")}`);
    const editValidateMs = editValidation(dir);

    const buildStarted = performance.now();
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    const buildS = (performance.now() - buildStarted) / 1000;
    if (build.status !== 0) throw new Error(`The build of ${count} routes failed:\n${build.stdout}\n${build.stderr}`);

    const output = measure(join(dir, "dist"));
    const devEditS = await devEditSeconds(dir);
    const phases = /prerendered .*/.exec(build.stdout)?.[0] ?? "";
    process.stderr.write(`benched ${count} routes: ${phases}\n`);
    return {
      routes: count + 1,
      yamlKb: yaml.length / 1024,
      validateMs,
      editValidateMs,
      buildS,
      distMb: output.bytes / 1024 / 1024,
      htmlFiles: output.html,
      devEditS,
    };
  } finally {
    remove();
  }
}

/** The first heading of the first page of a pages.yaml text: what the edits below change. */
function firstHeading(pages: string): string {
  return (parseDocument(pages).toJS() as { routes: { sections: { heading?: string }[] }[] }).routes[0]!.sections[0]!.heading!;
}

/**
 * The validation of a saved edit, as the dev server and the editor make it: in the process that
 * validated the site before, with what it kept from that load (and frozen, as they freeze it), after
 * a new home-page heading in pages.yaml. The median of five edits after a first; pages.yaml is put back.
 */
function editValidation(dir: string): number {
  const pagesFile = join(dir, "pages.yaml");
  const original = readFileSync(pagesFile, "utf8");
  const heading = firstHeading(original);
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = "development";
  try {
    loadContent(dir, { drafts: true });
    const times: number[] = [];
    for (let edit = 0; edit <= 5; edit++) {
      writeFileSync(pagesFile, original.replace(heading, `${heading} (edit ${edit})`));
      const started = performance.now();
      const { content } = loadContent(dir, { drafts: true });
      if (!content) throw new Error("An edited heading made the synthetic site invalid.");
      if (edit > 0) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2]!;
  } finally {
    writeFileSync(pagesFile, original);
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}

/**
 * A marketer's edit in the dev server: the time from saving a new home-page
 * heading in pages.yaml to the browser showing it (validation, reload, render), median of five.
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
    const heading = firstHeading(original);
    const times: number[] = [];
    // The first edit warms the server up; the median of the five after it is what a marketer feels all day
    // (one edit alone swings by a third on this machine).
    for (let edit = 0; edit <= 5; edit++) {
      const marker = `${heading} (edit ${edit})`;
      const started = performance.now();
      writeFileSync(pagesFile, original.replace(heading, marker));
      await page.waitForFunction((text) => document.querySelector("h1")?.textContent === text, marker, { timeout: 30_000 });
      if (edit > 0) times.push((performance.now() - started) / 1000);
    }
    return times.sort((a, b) => a - b)[2]!;
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
    const copied = (path: string) => `${path === "/" ? "/index" : path}-${copy + 1}`;
    // A translation's copy translates the same copy of its original: one translation per page and language.
    const translationOf = typeof page.translationOf === "string" ? { translationOf: copied(page.translationOf) } : {};
    return { ...page, path: copied(page.path), ...translationOf };
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
  const header = [
    "routes",
    "pages.yaml KiB",
    "validate ms",
    "validate ms/route",
    "edit's validation ms",
    "build s",
    "build ms/route",
    "dist MiB",
    "HTML files",
    "dev edit s",
  ];
  console.log(`\n| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of table) {
    const line = [
      row.routes,
      row.yamlKb.toFixed(0),
      row.validateMs.toFixed(0),
      (row.validateMs / row.routes).toFixed(2),
      row.editValidateMs.toFixed(0),
      row.buildS.toFixed(1),
      ((row.buildS * 1000) / row.routes).toFixed(0),
      row.distMb.toFixed(1),
      row.htmlFiles,
      row.devEditS.toFixed(2),
    ];
    console.log(`| ${line.join(" | ")} |`);
  }
}

type Article = { slug: string; body: string; title: string; date: string; [field: string]: unknown };

/**
 * The live site with `count` articles in content/articles.yaml: its own, then copies of them
 * (bodies and all) under new slugs, in the copy at `dir`. Returns the articles' bodies
 * and titles, for the reference build with Hugo.
 */
export function addArticles(dir: string, count: number): Article[] {
  const file = join(dir, "content", "articles.yaml");
  const document = parseDocument(readFileSync(file, "utf8"));
  const live = (document.toJS() as { items: Article[] }).items;
  const copies = Array.from({ length: Math.max(0, count - live.length) }, (_, index) => {
    const article = live[index % live.length]!;
    return { ...article, slug: `${article.slug}-${index + 1}` };
  });
  const items = [...live, ...copies];
  writeFileSync(file, stringify({ items }, { lineWidth: 0, aliasDuplicateObjects: false, blockQuote: "literal" }));
  return items;
}

/** The same articles as a Hugo site with a minimal template: the reference for what a static site generator costs. */
export function hugoSite(dir: string, articles: Article[]) {
  mkdirSync(join(dir, "content", "posts"), { recursive: true });
  mkdirSync(join(dir, "layouts", "_default"), { recursive: true });
  writeFileSync(join(dir, "hugo.toml"), `baseURL = "https://example.com/"\ntitle = "Articles"\ndisableKinds = ["taxonomy", "term"]\n`);
  const page = (main: string) => `<!doctype html><html lang="en"><head><title>{{ .Title }}</title></head><body><main>${main}</main></body></html>\n`;
  writeFileSync(join(dir, "layouts", "_default", "single.html"), page("<h1>{{ .Title }}</h1>{{ .Content }}"));
  writeFileSync(join(dir, "layouts", "_default", "list.html"), page(`{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}`));
  for (const article of articles) {
    const front = `---\ntitle: ${JSON.stringify(article.title)}\ndate: ${article.date}\n---\n`;
    writeFileSync(join(dir, "content", "posts", `${article.slug}.md`), front + article.body);
  }
}

interface ArticlesRow {
  articles: number;
  routes: number;
  validateMs: number;
  /** `npm run validate` from the command line, after the full build (its bundle of the code and its item cache made). */
  cliValidateS: number;
  fullS: number;
  articleEditS: number;
  siteEditS: number;
  distMb: number;
  hugoS?: number;
}

/** The articles case for one size: every build runs `npm run build` in a copy of the project, as a marketer would. */
function benchArticles(count: number): ArticlesRow {
  // The code is copied: the engine's key covers it, so edits to the project while this runs would make every build a full one.
  const { dir, remove } = siteCopy(`site-bench-articles-${count}`, { content: root, writableCode: true });
  try {
    const articles = addArticles(dir, count);
    const started = performance.now();
    const { content, problems } = loadContent(dir);
    const validateMs = performance.now() - started;
    if (!content) throw new Error(`The site with ${count} articles is not valid:\n${problems.map((p) => p.message).join("\n")}`);

    // A fresh copy has no earlier build: the first is a full build.
    const fullS = timedBuild(dir, `${count} articles, full`);
    const cliValidateS = timedCommand(dir, ["run", "--silent", "validate"], `${count} articles, npm run validate`);
    const articlesFile = join(dir, "content", "articles.yaml");
    const text = readFileSync(articlesFile, "utf8");
    const sentence = "If no employer withholds tax";
    if (!text.includes(sentence)) throw new Error(`The articles case edits "${sentence}", which the live articles no longer hold.`);
    writeFileSync(
      articlesFile,
      text.replace(sentence, () => `${sentence} (edited)`),
    );
    const articleEditS = timedBuild(dir, `${count} articles, one article edited`);
    const siteFile = join(dir, "content", "site.yaml");
    writeFileSync(siteFile, `${readFileSync(siteFile, "utf8")}\n# edited\n`);
    const siteComment = timedBuild(dir, `${count} articles, a comment added to site.yaml`);
    const siteText = readFileSync(siteFile, "utf8");
    const name = (parseDocument(siteText).toJS() as { brand: { name: string } }).brand.name;
    writeFileSync(
      siteFile,
      siteText.replace(`name: ${name}`, () => `name: ${name} Edited`),
    );
    const siteEditS = timedBuild(dir, `${count} articles, site.yaml edited`);
    process.stderr.write(`  (site.yaml with only a comment added: ${siteComment.toFixed(1)} s)\n`);
    const distMb = measure(join(dir, "dist")).bytes / 1024 / 1024;
    return { articles: count, routes: content.pages.length, validateMs, cliValidateS, fullS, articleEditS, siteEditS, distMb, hugoS: hugoSeconds(articles) };
  } finally {
    remove();
  }
}

function timedBuild(dir: string, what: string): number {
  return timedCommand(dir, ["run", "--silent", "build"], what);
}

/** An npm command in the copy, as a marketer runs it from a terminal; its time in seconds, its output on stderr. */
function timedCommand(dir: string, args: string[], what: string): number {
  const started = performance.now();
  const run = spawnSync("npm", args, { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")} (${what}) failed:\n${run.stdout}\n${run.stderr}`);
  process.stderr.write(`${what}: ${seconds.toFixed(1)} s\n${run.stdout.replace(/^/gm, "  ")}`);
  return seconds;
}

/** Hugo's full build of the same articles, when hugo is installed; undefined otherwise. */
function hugoSeconds(articles: Article[]): number | undefined {
  if (spawnSync("hugo", ["version"]).status !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "hugo-bench-"));
  try {
    hugoSite(dir, articles);
    const started = performance.now();
    const build = spawnSync("hugo", ["--quiet", "--destination", join(dir, "public")], { cwd: dir, encoding: "utf8" });
    const seconds = (performance.now() - started) / 1000;
    if (build.status !== 0) throw new Error(`Hugo failed:\n${build.stdout}\n${build.stderr}`);
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printArticlesTable(table: ArticlesRow[]) {
  const header = [
    "articles",
    "routes",
    "validate ms (in process)",
    "npm run validate s",
    "full build s",
    "one article edited s",
    "site.yaml edited s",
    "dist MiB",
    "Hugo s",
    "full build / Hugo",
  ];
  console.log(`\n| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of table) {
    const hugo = row.hugoS === undefined ? ["–", "–"] : [row.hugoS.toFixed(2), `${(row.fullS / row.hugoS).toFixed(0)}×`];
    const line = [
      row.articles,
      row.routes,
      row.validateMs.toFixed(0),
      row.cliValidateS.toFixed(2),
      row.fullS.toFixed(1),
      row.articleEditS.toFixed(1),
      row.siteEditS.toFixed(1),
      row.distMb.toFixed(1),
      ...hugo,
    ];
    console.log(`| ${line.join(" | ")} |`);
  }
}
