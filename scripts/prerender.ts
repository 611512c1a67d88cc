/**
 * Writes every route as static HTML: <dist>/<route>/index.html and <dist>/404.html,
 * each with its content, critical styles and its islands' data, then precompresses the
 * output so the server can send gzip or brotli without compressing per request.
 * Called by scripts/build.ts on a fresh output folder.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { absoluteUrl, alternateLinks, escapeHtml } from "../src/render/head.ts";
import { pageDocument } from "../src/render/document.ts";
import { headersFile, inlineScripts, pageHeaders, vercelConfig } from "../src/build/security-headers.ts";
import { playerOrigins } from "../src/content/video.ts";
import type { Alternate, SiteData } from "../src/content/types.ts";
import { analyticsPolicy } from "../src/analytics/schema.ts";
import { writeAppIcons } from "../src/build/app-icons.ts";
import type { RenderedPage } from "../src/render/entry-server.tsx";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

export async function prerender({ dist, ssrEntry }: { dist: string; ssrEntry: string }) {
  const { render, routes, site } = (await import(pathToFileURL(ssrEntry).href)) as {
    render: (url: string) => Promise<RenderedPage>;
    routes: string[];
    site: SiteData;
  };
  const template = readFileSync(join(dist, "index.html"), "utf8");

  // Made before the pages, which link to them.
  const iconTags = await writeAppIcons(dist, site);
  const inlineScriptsSeen = new Set<string>();
  const formOrigins = new Set<string>();
  const frameOrigins: Record<string, string[]> = {};
  const alternates = new Map<string, Alternate[]>();
  const renderStarted = performance.now();
  for (const route of routes) {
    const url = route === "*" ? "/404" : route;
    const rendered = await render(url);
    const file = route === "*" ? join(dist, "404.html") : join(dist, route, "index.html");
    mkdirSync(dirname(file), { recursive: true });
    const document = pageDocument(template, { ...rendered, head: [rendered.head, ...iconTags].join("\n    "), lang: rendered.page.lang });
    if (rendered.page.alternates) alternates.set(route, rendered.page.alternates);
    writeFileSync(file, document);
    for (const script of inlineScripts(document)) inlineScriptsSeen.add(script);
    for (const section of rendered.page.sections) if (section.type === "form" && section.action) formOrigins.add(new URL(section.action.href).origin);
    frameOrigins[route] = playerOrigins(rendered.page.sections);
  }
  const { headers, routes: routeHeaders } = pageHeaders(
    {
      inlineScripts: [...inlineScriptsSeen],
      formOrigins: [...formOrigins],
      ...(site.analytics ? { analytics: analyticsPolicy(site.analytics) } : {}),
    },
    frameOrigins,
  );
  writeFileSync(join(dist, "_headers"), headersFile(headers, routeHeaders));
  writeFileSync(join(dist, "vercel.json"), vercelConfig(headers, routeHeaders));
  writeFileSync(join(dist, "sitemap.xml"), sitemap(routes, site, alternates));
  writeFileSync(join(dist, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`);
  const renderSeconds = (performance.now() - renderStarted) / 1000;
  const compressStarted = performance.now();
  const compressed = await precompress(dist);
  const compressSeconds = (performance.now() - compressStarted) / 1000;
  console.log(`prerendered ${routes.length} routes in ${renderSeconds.toFixed(1)} s; precompressed ${compressed} files in ${compressSeconds.toFixed(1)} s`);
}

/** The addresses of every page that answers 200, for search engines; a translated page lists every version of itself, as its head does. */
function sitemap(routes: string[], site: SiteData, alternates: Map<string, Alternate[]>): string {
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

/**
 * Writes .br and .gz beside every compressible file. The work runs on the
 * thread pool, a few files at a time, so it uses every core.
 */
async function precompress(dir: string): Promise<number> {
  const files = compressible(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++]!;
      const data = await readFile(path);
      // Hashed assets are few and cached for a year: the best ratio pays. Pages are one per route and
      // rebuilt every time: quality 10 is within 3% of 11 at a third of the time.
      const quality = path.includes(`${sep}assets${sep}`) ? 11 : 10;
      const [gz, br] = await Promise.all([
        gzip(data, { level: 9 }),
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      ]);
      await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return files.length;
}

function compressible(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return compressible(path);
    return /\.(html|js|css|svg|json|xml|txt)$/.test(name) && statSync(path).size >= 1024 ? [path] : [];
  });
}
