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
import { absoluteUrl, escapeHtml } from "../src/render/head.ts";
import { pageDocument } from "../src/render/document.ts";
import { headersFile, inlineScripts, securityHeaders, vercelConfig } from "../src/build/security-headers.ts";
import { writeAppIcons } from "../src/build/app-icons.ts";
import type { SiteData } from "../src/content/types.ts";
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
  const renderStarted = performance.now();
  for (const route of routes) {
    const url = route === "*" ? "/404" : route;
    const rendered = await render(url);
    const file = route === "*" ? join(dist, "404.html") : join(dist, route, "index.html");
    mkdirSync(dirname(file), { recursive: true });
    const document = pageDocument(template, { ...rendered, head: [rendered.head, ...iconTags].join("\n    ") });
    writeFileSync(file, document);
    for (const script of inlineScripts(document)) inlineScriptsSeen.add(script);
    for (const section of rendered.page.sections) if (section.type === "form" && section.action) formOrigins.add(new URL(section.action.href).origin);
  }
  const headers = securityHeaders({ inlineScripts: [...inlineScriptsSeen], formOrigins: [...formOrigins] });
  writeFileSync(join(dist, "_headers"), headersFile(headers));
  writeFileSync(join(dist, "vercel.json"), vercelConfig(headers));
  writeFileSync(join(dist, "sitemap.xml"), sitemap(routes, site));
  writeFileSync(join(dist, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`);
  const renderSeconds = (performance.now() - renderStarted) / 1000;
  const compressStarted = performance.now();
  const compressed = await precompress(dist);
  const compressSeconds = (performance.now() - compressStarted) / 1000;
  console.log(`prerendered ${routes.length} routes in ${renderSeconds.toFixed(1)} s; precompressed ${compressed} files in ${compressSeconds.toFixed(1)} s`);
}

/** The addresses of every page that answers 200, for search engines. */
function sitemap(routes: string[], site: SiteData): string {
  const urls = routes.filter((route) => route !== "*").map((route) => `  <url><loc>${escapeHtml(absoluteUrl(site, route))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
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
