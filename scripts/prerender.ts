/**
 * Writes every route as static HTML: <dist>/<route>/index.html and <dist>/404.html,
 * each with its content, critical styles and its islands' data, then precompresses the
 * output so the server can send gzip or brotli without compressing per request.
 * Called by scripts/build.ts on a fresh output folder; the site-wide files made from every
 * route (headers, sitemap) are src/build/site-files.ts's steps, run between the two.
 *
 * Only what changed is made again: a route whose key (src/build/incremental.ts) is the one
 * the earlier build recorded takes that build's files as they are, and a file compressed
 * before with the same content takes its compressed versions.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { availableParallelism } from "node:os";
import { definitionOf } from "../src/blocks/registry.ts";
import { pageDocument } from "../src/render/document.ts";
import { inlineScripts } from "../src/build/security-headers.ts";
import { playerOrigins } from "../src/content/video.ts";
import type { PageData, SiteData } from "../src/content/types.ts";
import { writeAppIcons } from "../src/build/app-icons.ts";
import { feedLinkTags } from "../src/publish/feeds.ts";
import type { RenderedPage } from "../src/render/render-page.tsx";
import type { PageLoader } from "../src/render/page-store.ts";
import {
  compressFile,
  isCompressible,
  keyOf,
  listFiles,
  reuseFiles,
  TaskQueue,
  writeNewFile,
  type BuildManifest,
  type RouteFacts,
  type RouteRecord,
} from "../src/build/incremental.ts";

type RenderPage = (url: string, site: SiteData, pageLoaders: Record<string, PageLoader>) => Promise<RenderedPage>;

export interface PrerenderOptions {
  dist: string;
  /** The server bundle of src/build/ssr-entry.tsx. */
  ssrEntry: string;
  site: SiteData;
  pages: PageData[];
  /** The client build's index.html, which every page is written into. */
  template: string;
  /** What every route's output depends on besides its page and the site: the client bundle's key. */
  baseKey: string;
  /** The build this one follows, whose unchanged outputs it reuses. */
  previous?: { dir: string; manifest: BuildManifest };
}

export async function prerender({ dist, ssrEntry, site, pages, template, baseKey, previous }: PrerenderOptions): Promise<Record<string, RouteRecord>> {
  const renderStarted = performance.now();
  // Made before the pages, which link to them.
  const iconTags = await writeAppIcons(dist, site);
  // Every page links the articles' feeds, so a change of feeds (a first article in a language) is every page's.
  const feedTags = feedLinkTags(pages, site);
  const siteKey = keyOf(baseKey, JSON.stringify(site), iconTags.join("\n"), feedTags.join("\n"));
  const routeList = pages.map((page) => page.path);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const loader = (page: PageData) => () => Promise.resolve({ default: page });
  const notFound = byPath.get("*");

  let renderPage: RenderPage | undefined;
  const compressing = new TaskQueue(Math.max(4, availableParallelism() * 2));
  const records: Record<string, RouteRecord> = {};
  let rendered = 0;
  for (const page of pages) {
    const route = page.path;
    // A page renders among itself and the 404 page only, and the 404 page (at /404) among itself and
    // a page declared at /404, if any: the output is the one among every route, and the key needs no other page.
    const companion = route === "*" ? byPath.get("/404") : notFound;
    const key = keyOf(siteKey, route, JSON.stringify(page), companion && route === "*" ? JSON.stringify(companion) : "");
    const earlier = previous?.manifest.routes[route];
    if (earlier?.key === key && reuseFiles(previous!.dir, dist, earlier.files)) {
      records[route] = earlier;
      continue;
    }
    renderPage ??= ((await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage }).renderPage;
    const loaders: Record<string, PageLoader> = { [route]: loader(page), ...(companion ? { [companion.path]: loader(companion) } : {}) };
    const url = route === "*" ? "/404" : route;
    const result = await renderPage(url, site, loaders);
    const file = route === "*" ? "404.html" : join(route.slice(1), "index.html");
    const document = pageDocument(template, { ...result, head: [result.head, ...iconTags, ...feedTags].join("\n    "), lang: result.page.lang });
    const bytes = Buffer.from(document);
    writeNewFile(join(dist, file), bytes);
    const record: RouteRecord = { key, files: [file], facts: routeFacts(document, result) };
    if (isCompressible(file, bytes.length)) await compressing.add(async () => record.files.push(...(await compressFile(dist, file, bytes))));
    records[route] = record;
    rendered++;
  }
  await compressing.done();

  const renderSeconds = (performance.now() - renderStarted) / 1000;
  console.log(`prerendered ${routeList.length} routes (${rendered} rendered, ${routeList.length - rendered} unchanged) in ${renderSeconds.toFixed(1)} s`);
  return records;
}

/** What a page adds to the security headers and the sitemap, kept per route so an unchanged page need not be read again. */
function routeFacts(document: string, rendered: RenderedPage): RouteFacts {
  const formOrigins = rendered.page.sections.flatMap((section) => definitionOf(section.type)?.policy?.(section).formOrigins ?? []);
  return {
    inlineScripts: [...new Set(inlineScripts(document))],
    formOrigins: [...new Set(formOrigins)],
    frameOrigins: playerOrigins(rendered.page.sections),
    ...(rendered.page.alternates ? { alternates: rendered.page.alternates } : {}),
  };
}

/**
 * Writes .br and .gz beside every compressible file but the pages (compressed as they are
 * written). Called once every file is in place. A file the earlier build compressed with the same content takes its versions from
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
