/**
 * The build's site-wide files: what is made from every route at once (security headers,
 * sitemap, robots.txt) rather than for one page. scripts/build.ts runs each step once the
 * pages are in place and before compression, so a step's files are compressed beside
 * themselves like any other (and reused from the earlier build when their content is the same).
 *
 * A new output (a feed, a search index, a redirects file) is one more step in `SITE_FILE_STEPS`:
 * it reads the resolved content and the routes' facts, and writes through `write`, which puts a
 * new file in the build folder (never through a link to the earlier build's).
 */
import { join } from "node:path";
import { analyticsPolicy } from "../analytics/schema.ts";
import type { LoadedContent } from "../site/load.ts";
import type { Alternate, SiteData } from "../site/types.ts";
import { absoluteUrl, alternateLinks, escapeHtml } from "../render/head.ts";
import { writeNewFile, type RouteRecord } from "./incremental.ts";
import { headersFile, pageHeaders, vercelConfig } from "./security-headers.ts";
import { redirectList, redirectsFile, withVercelRedirects } from "../content/redirects.ts";
import { feedFiles } from "../publish/feeds.ts";
import { searchStep } from "./search-index.ts";

export interface SiteFilesContext {
  /** The new build's folder. */
  dist: string;
  /** The content, resolved, as the pages were rendered from it. */
  content: LoadedContent;
  /** Every route (pages.yaml's order) with its key, files and facts, rendered now or reused. */
  routes: Record<string, RouteRecord>;
  /** The project's cache (.cache), where a step keeps what it made by its inputs' key. */
  cacheDir: string;
  /** The engine's key (the code and the locked packages): part of the key of whatever a step keeps. */
  engine: string;
  /** Writes `file` (relative to the build folder) as a new file. */
  write: (file: string, data: string | Buffer) => void;
}

export interface SiteFileStep {
  /** Named in the build's timing line. */
  name: string;
  run: (context: SiteFilesContext) => void | Promise<void>;
}

export function siteFilesContext(
  dist: string,
  content: LoadedContent,
  routes: Record<string, RouteRecord>,
  cache: { dir: string; engine: string },
): SiteFilesContext {
  return { dist, content, routes, cacheDir: cache.dir, engine: cache.engine, write: (file, data) => writeNewFile(join(dist, file), data) };
}

/** _headers and vercel.json: the security headers every route is served with, from what each page holds. */
const securityHeaders: SiteFileStep = {
  name: "headers",
  run({ content: { site, pages }, routes, write }) {
    const facts = pages.map((page) => [page.path, routes[page.path]!.facts] as const);
    const { headers, routes: routeHeaders } = pageHeaders(
      {
        inlineScripts: [...new Set(facts.flatMap(([, each]) => each.inlineScripts))],
        formOrigins: [...new Set(facts.flatMap(([, each]) => each.formOrigins))],
        ...(site.analytics ? { analytics: analyticsPolicy(site.analytics) } : {}),
        ...(site.search ? { search: true } : {}),
      },
      Object.fromEntries(facts.map(([route, each]) => [route, each.frameOrigins])),
    );
    write("_headers", headersFile(headers, routeHeaders));
    write("vercel.json", withVercelRedirects(vercelConfig(headers, routeHeaders), redirectList(pages)));
  },
};

const sitemapFile: SiteFileStep = {
  name: "sitemap",
  run({ content: { site, pages }, routes, write }) {
    const alternates = new Map(pages.flatMap((page) => (routes[page.path]!.facts.alternates ? [[page.path, routes[page.path]!.facts.alternates!]] : [])));
    write(
      "sitemap.xml",
      sitemap(
        pages.map((page) => page.path),
        site,
        alternates,
      ),
    );
  },
};

const robots: SiteFileStep = {
  name: "robots",
  run({ content: { site }, write }) {
    write("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`);
  },
};

/** _redirects: the published pages' old addresses (vercel.json gets them with its headers). */
const redirectsStep: SiteFileStep = {
  name: "redirects",
  run({ content: { pages }, write }) {
    write(
      "_redirects",
      redirectsFile(
        redirectList(pages),
        pages.map((page) => page.path),
      ),
    );
  },
};

/** The articles' RSS, Atom and JSON feeds, per language. */
const feedsStep: SiteFileStep = {
  name: "feeds",
  run({ content: { site, pages }, write }) {
    for (const [file, text] of Object.entries(feedFiles(pages, site))) write(file, text);
  },
};

/** Every site-wide file the build writes, in order. */
export const SITE_FILE_STEPS: readonly SiteFileStep[] = [securityHeaders, sitemapFile, robots, redirectsStep, feedsStep, searchStep];

/** The addresses of every page that answers 200, for search engines; a translated page lists every version of itself, as its head does. */
export function sitemap(routes: string[], site: SiteData, alternates: Map<string, Alternate[]>): string {
  const urls = routes
    .filter((route) => route !== "*")
    .map((route) => {
      const versions = alternateLinks(site, alternates.get(route)).map(
        ({ hreflang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`,
      );
      return `  <url><loc>${escapeHtml(absoluteUrl(site, route))}</loc>${versions.join("")}${versions.length ? "\n  " : ""}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
