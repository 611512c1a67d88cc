/**
 * One route of the production build, rendered into the build folder: its page and, when worth
 * it, the page compressed beside it. Part of the server bundle (ssr-entry.tsx), which the
 * build's render workers (src/pipeline/render-worker.mjs) load and call for each route to render.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import { definitionOf } from "../blocks/registry.ts";
import type { PageData, SiteData } from "../site/types.ts";
import { playerOrigins } from "../content/video.ts";
import { pageDocument } from "../render/document.ts";
import type { PageScripts } from "../render/island.tsx";
import type { PageLoader } from "../render/page-store.ts";
import { renderPage, type RenderedPage } from "../render/render-page.tsx";
import { compressFileNow, isCompressible, keyOf, writeNewFile, type RouteFacts, type RouteRecord } from "./incremental.ts";
import { inlineScripts } from "./security-headers.ts";
import { pruneTokens, tokensReferredToIn } from "./theme-tokens.ts";

/** What every page of a build is rendered with: sent to each worker once. */
export interface RenderSetup {
  dist: string;
  site: SiteData;
  template: string;
  /** Tags every page's head carries besides its own (app icons, feeds). */
  headTags: string[];
  /** What every page's script is told besides its islands (the site's settings' address, the analytics). */
  scripts: PageScripts;
  /** The theme's tokens the browser's code names itself: every page keeps them (src/pipeline/theme-tokens.ts). */
  keepTokens: string[];
}

/** One route to render: its page and, for a page or the 404 page, the other route it renders among. */
export interface RouteJob {
  route: string;
  page: PageData;
  companion?: PageData;
}

export async function renderRoute(setup: RenderSetup, { route, page, companion }: RouteJob): Promise<Omit<RouteRecord, "key">> {
  const loader = (data: PageData) => () => Promise.resolve({ default: data });
  const loaders: Record<string, PageLoader> = { [route]: loader(page), ...(companion ? { [companion.path]: loader(companion) } : {}) };
  const result = await renderPage(route === "*" ? "/404" : route, setup.site, loaders);
  const file = route === "*" ? "404.html" : join(route.slice(1), "index.html");
  const head = [result.head, ...setup.headTags].join("\n    ");
  const { styles, sheet } = pruneTokens(result.styles, [result.html, head], [...setup.keepTokens, ...templateTokens(setup.template)]);
  if (sheet) writeSheet(setup.dist, sheet);
  const document = pageDocument(setup.template, {
    ...result,
    styles,
    islands: { ...result.islands, ...setup.scripts, ...(sheet ? { theme: `/${sheet.path}` } : {}) },
    head,
    lang: result.page.lang,
  });
  const bytes = Buffer.from(document);
  writeNewFile(join(setup.dist, file), bytes);
  const files = [file, ...(isCompressible(file, bytes.length) ? compressFileNow(setup.dist, file, bytes) : [])];
  return { files, facts: { ...routeFacts(document, result), ...(sheet ? { theme: sheet.path } : {}) } };
}

/** The tokens the template refers to, read once per worker: every page of a build has the same. */
let templateRead: { template: string; tokens: string[] } | undefined;
function templateTokens(template: string): string[] {
  if (templateRead?.template !== template) templateRead = { template, tokens: tokensReferredToIn(template) };
  return templateRead.tokens;
}

const sheetsWritten = new Set<string>();

/**
 * The theme's whole stylesheet, once per worker: every page of a build names the same one, and
 * workers rendering side by side each write it whole under another name first, so no page's
 * build ever holds half of it.
 */
function writeSheet(dist: string, sheet: { path: string; css: string }) {
  const path = join(dist, sheet.path);
  if (sheetsWritten.has(path)) return;
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.${threadId}.tmp`, sheet.css);
    renameSync(`${path}.${threadId}.tmp`, path);
  }
  sheetsWritten.add(path);
}

/** What a page adds to the security headers and the sitemap, kept per route so an unchanged page need not be read again. */
function routeFacts(document: string, rendered: RenderedPage): RouteFacts {
  const formOrigins = rendered.page.sections.flatMap((section) => definitionOf(section.type)?.policy?.(section).formOrigins ?? []);
  return {
    inlineScripts: [...new Set(inlineScripts(document))],
    formOrigins: [...new Set(formOrigins)],
    frameOrigins: playerOrigins(rendered.page.sections),
    ...(rendered.page.alternates ? { alternates: rendered.page.alternates } : {}),
    searched: keyOf(...searchedParts(document)),
  };
}

/**
 * What the search index reads of a page: the document's opening tag (its language), its title and
 * its main content. A change to the rest (a colour, the menu, the footer) leaves the index as it is.
 */
function searchedParts(document: string): string[] {
  const between = (start: string, end: string) => {
    const from = document.indexOf(start);
    const to = document.lastIndexOf(end);
    return from >= 0 && to > from ? document.slice(from, to + end.length) : "";
  };
  return [document.slice(0, document.indexOf(">", document.indexOf("<html")) + 1), between("<title", "</title>"), between("<main", "</main>")];
}
