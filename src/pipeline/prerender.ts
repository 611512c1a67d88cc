/**
 * Writes every route as static HTML: <dist>/<route>/index.html and <dist>/404.html,
 * each with its content, critical styles and its islands' data, then precompresses the
 * output so the server can send gzip or brotli without compressing per request.
 * Called by scripts/build.ts on a fresh output folder; the site-wide files made from every
 * route (headers, sitemap) are src/pipeline/site-files.ts's steps, run between the two.
 *
 * Only what changed is made again: a route whose key (src/pipeline/incremental.ts) is the one
 * the earlier build recorded takes that build's files as they are, and a file compressed
 * before with the same content takes its compressed versions.
 */
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { PageData, SiteData } from "../site/types.ts";
import { writeAppIcons } from "./app-icons.ts";
import { feedLinkTags } from "../publish/feeds.ts";
import { PAGE_IDS } from "../content/page-ids.ts";
import type { PageScripts } from "../render/island.tsx";
import type { RenderSetup, RouteJob } from "./render-route.ts";
import { compressFile, isCompressible, keyOf, listFiles, reuseFiles, TaskQueue, type BuildManifest, type RouteRecord } from "./incremental.ts";

export interface PrerenderOptions {
  dist: string;
  /** The workers that render the pages (RenderPool), started before the content was read. */
  pool: RenderPool;
  site: SiteData;
  pages: PageData[];
  /** The client build's index.html, which every page is written into. */
  template: string;
  /** What every page's script is told besides its islands. */
  scripts: PageScripts;
  /** Tags every page's head carries for its script (modulepreload links of what it loads at once). */
  scriptTags: string[];
  /** The theme's tokens the client bundle names itself, which every page keeps. */
  keepTokens: string[];
  /** What every route's output depends on besides its page and the site: the client bundle's key (the engine's). */
  baseKey: string;
  /** The build this one follows, whose unchanged outputs it reuses. */
  previous?: { dir: string; manifest: BuildManifest };
}

export async function prerender({
  dist,
  pool,
  site,
  pages,
  template,
  scripts,
  scriptTags,
  keepTokens,
  baseKey,
  previous,
}: PrerenderOptions): Promise<Record<string, RouteRecord>> {
  const renderStarted = performance.now();
  // Made before the pages, which link to them.
  const iconTags = await writeAppIcons(dist, site);
  // Every page links the articles' feeds, so a change of feeds (a first article in a language) is every page's.
  const feedTags = feedLinkTags(pages, site);
  const headTags = [FIRST_PAINT_AFTER_HEADER, ...iconTags, ...feedTags, ...scriptTags];
  const siteKey = keyOf(baseKey, JSON.stringify(site), JSON.stringify(scripts), headTags.join("\n"));
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const notFound = byPath.get("*");

  const records: (RouteRecord | Promise<RouteRecord>)[] = [];
  const jobs: { index: number; key: string; job: RouteJob }[] = [];
  for (const page of pages) {
    const route = page.path;
    // A page renders among itself and the 404 page only, and the 404 page (at /404) among itself and
    // a page declared at /404, if any: the output is the one among every route, and the key needs no other page.
    const companion = route === "*" ? byPath.get("/404") : notFound;
    const key = keyOf(siteKey, route, JSON.stringify(page), companion && route === "*" ? JSON.stringify(companion) : "");
    const earlier = previous?.manifest.routes[route];
    // The theme's stylesheet is every page's: the first page reused links it, the others find it there.
    if (earlier?.key === key && reuseFiles(previous!.dir, dist, [...earlier.files, ...(earlier.facts.theme ? [earlier.facts.theme] : [])]))
      records.push(earlier);
    else jobs.push({ index: records.push(undefined as never) - 1, key, job: { route, page, ...(companion ? { companion } : {}) } });
  }
  if (jobs.length) {
    pool.setup({ dist, site, template, scripts, headTags, keepTokens }, jobs.length);
    for (const { index, key, job } of jobs) records[index] = pool.render(job).then((rendered) => ({ key, ...rendered }));
  }
  // In the pages' order, whichever worker finished first, so the manifest and every file made from it are the same from run to run.
  const settled = await Promise.all(records);
  const byRoute = Object.fromEntries(pages.map((page, index) => [page.path, settled[index]!]));

  const renderSeconds = (performance.now() - renderStarted) / 1000;
  console.log(`prerendered ${pages.length} routes (${jobs.length} rendered, ${pages.length - jobs.length} unchanged) in ${renderSeconds.toFixed(1)} s`);
  return byRoute;
}

/**
 * The first paint of a built page waits until the parser reaches <main>, so the header is drawn
 * whole: Chromium painted a page while its header was half parsed, and the menu's links moved as
 * the header's button arrived (a layout shift on slow phones). Browsers that do not know the link
 * paint as before; the dev server's pages, drawn by script, have no <main> to wait for.
 */
const FIRST_PAINT_AFTER_HEADER = `<link rel="expect" href="#${PAGE_IDS.main}" blocking="render" />`;

/**
 * Worker threads that render pages, each with the server bundle loaded once. Started before the
 * content is read, so loading the bundle (about a second) overlaps it; one worker at first (an
 * edit renders a page or two), more once a build turns out to render many.
 */
export class RenderPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly waiting = new Map<number, { resolve: (value: Omit<RouteRecord, "key">) => void; reject: (error: Error) => void }>();
  /** Routes not yet handed to a worker: each worker has a few at a time, so its pages and their compression stay bounded, and a free worker takes the next. */
  private readonly queued: { id: number; job: RouteJob }[] = [];
  private next = 0;
  private setupMessage?: RenderSetup;
  private failure?: Error;
  private closed = false;

  constructor(private readonly ssrEntry: string) {
    this.spawn();
  }

  /** Hands every worker (and every one started later) what the pages are rendered with; grows the pool to fit `routes`. */
  setup(setup: RenderSetup, routes: number) {
    this.setupMessage = setup;
    for (const { worker } of this.workers) worker.postMessage({ setup });
    // Another worker costs its start, a second of loading the bundle on a core that could be rendering
    // (some 40 pages): worth it for a site's first build, not for the few pages an edit renders.
    const wanted = Math.min(MAX_RENDER_WORKERS, Math.ceil(routes / ROUTES_PER_WORKER));
    while (this.workers.length < wanted) this.spawn();
  }

  render(job: RouteJob): Promise<Omit<RouteRecord, "key">> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.queued.push({ id, job });
      this.dispatch();
    });
  }

  /** Hands queued routes to the workers that have fewer than IN_FLIGHT_PER_WORKER. */
  private dispatch() {
    for (const slot of this.workers) {
      while (slot.busy < IN_FLIGHT_PER_WORKER && this.queued.length) {
        slot.busy++;
        slot.worker.postMessage(this.queued.shift()!);
      }
    }
  }

  async close() {
    this.closed = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private spawn() {
    const worker = new Worker(new URL("./render-worker.mjs", import.meta.url), { workerData: { ssrEntry: this.ssrEntry } });
    const slot = { worker, busy: 0 };
    worker.on("message", (message: { id: number; result?: Omit<RouteRecord, "key">; error?: string }) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      slot.busy--;
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result!);
      this.dispatch();
    });
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => code !== 0 && !this.closed && this.fail(new Error(`A render worker stopped (exit code ${code}).`)));
    if (this.setupMessage) worker.postMessage({ setup: this.setupMessage });
    this.workers.push(slot);
    this.dispatch();
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.queued.length = 0;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/** Every core renders, but no more than a few: each worker holds the site and the bundle. */
const MAX_RENDER_WORKERS = Math.max(1, Math.min(4, availableParallelism()));
const ROUTES_PER_WORKER = 100;
/** A few routes at a time: a worker that finishes one finds the next already sent, and what it holds stays bounded. */
const IN_FLIGHT_PER_WORKER = 4;

/**
 * Writes .br and .gz beside every compressible file but those in `skip` (the pages, compressed as
 * they are written, and the client bundle, compressed in its cache). Called once every file is in place. A file the earlier build compressed with the same content takes its versions from
 * there; the rest are compressed on the thread pool, a few at a time, so every core works.
 */
export async function precompress(dist: string, skip: Set<string>, previous: PrerenderOptions["previous"]) {
  const hashes: Record<string, string> = {};
  const queue = new TaskQueue(Math.max(4, availableParallelism() * 2));
  let made = 0;
  let reused = 0;
  for (const file of listFiles(dist)) {
    if (skip.has(file) || /\.(gz|br)$/.test(file) || !isCompressible(file, statSync(join(dist, file)).size)) continue;
    const data = readFileSync(join(dist, file));
    const hash = keyOf(data);
    hashes[file] = hash;
    if (previous?.manifest.compressed[file] === hash && reuseFiles(previous.dir, dist, [`${file}.gz`, `${file}.br`])) {
      reused++;
      continue;
    }
    made++;
    await queue.add(() => compressFile(dist, file, data));
  }
  await queue.done();
  return { hashes, made, reused };
}
