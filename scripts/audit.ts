/**
 * Lighthouse (mobile, simulated throttling) over every route of the built site,
 * several runs each, printing the median of each figure.
 * Usage: npm run audit [-- /route ...]   (AUDIT_RUNS=5 by default; builds first)
 * Another build, like a test site with an analytics provider: AUDIT_DIST=<dir> npx tsx scripts/audit.ts
 * (its routes are read from its sitemap).
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, fullChromiumPath } from "../tests/support/chromium.ts";
import { ROUTES } from "../tests/support/browser.ts";
import { createSiteServer } from "../src/serve/site-server.ts";

const runs = Number(process.env.AUDIT_RUNS ?? 5);
const dist = process.env.AUDIT_DIST ? resolve(process.env.AUDIT_DIST) : undefined;
// The 404 page is left out: Lighthouse does not audit a page answered with status 404.
const routes = process.argv.slice(2).length ? process.argv.slice(2) : dist ? sitemapRoutes(dist) : ROUTES;

/** The paths a build's sitemap lists. */
function sitemapRoutes(dir: string): string[] {
  const sitemap = readFileSync(join(dir, "sitemap.xml"), "utf8");
  return [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
  /** Requests to any origin but the site's own, while the page loads. */
  otherOrigin: number;
}

const server = createSiteServer(dist);
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chromePath = fullChromiumPath();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumArgs(chromePath) });

const rows: [string, Figures][] = [];
try {
  for (const route of routes) {
    const samples: Figures[] = [];
    for (let i = 0; i < runs; i++) samples.push(await audit(base + route));
    rows.push([route, medianOf(samples)]);
    process.stderr.write(`audited ${route} (${runs} runs)\n`);
  }
} finally {
  await chrome.kill();
  server.close();
}
printTable(rows);

async function audit(url: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsKb: jsBytes / 1024,
    otherOrigin: requests.filter((r) => new URL(r.url).origin !== new URL(url).origin).length,
  };
}

function medianOf(samples: Figures[]): Figures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const keys = Object.keys(samples[0]!) as (keyof Figures)[];
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((s) => s[key]))])) as unknown as Figures;
}

function printTable(table: [string, Figures][]) {
  const header = ["route", "perf", "a11y", "best", "seo", "LCP s", "TBT ms", "CLS", "JS KB", "other origins"];
  const lines = table.map(([route, f]) => [
    route,
    String(f.performance),
    String(f.accessibility),
    String(f.bestPractices),
    String(f.seo),
    (f.lcp / 1000).toFixed(2),
    String(Math.round(f.tbt)),
    f.cls.toFixed(3),
    f.jsKb.toFixed(1),
    String(f.otherOrigin),
  ]);
  console.log(`\nLighthouse ${runs > 1 ? `median of ${runs} runs` : "1 run"}, mobile, simulated throttling\n`);
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const line of lines) console.log(`| ${line.join(" | ")} |`);
}
