/**
 * Writes every route as static HTML: dist/<route>/index.html and dist/404.html,
 * each with its content, critical styles and its islands' data, then precompresses the
 * output so the server can send gzip or brotli without compressing per request.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RenderedPage } from "../src/entry-server.tsx";

const root = process.cwd();
const dist = join(root, "dist");
const ssrEntry = join(root, "dist-ssr", "entry-server.js");

const { render, routes } = (await import(pathToFileURL(ssrEntry).href)) as {
  render: (url: string) => Promise<RenderedPage>;
  routes: string[];
};
const template = readFileSync(join(dist, "index.html"), "utf8");

for (const route of routes) {
  const url = route === "*" ? "/404" : route;
  const rendered = await render(url);
  const file = route === "*" ? join(dist, "404.html") : join(dist, route, "index.html");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, toDocument(template, rendered));
}
rmSync(join(root, "dist-ssr"), { recursive: true, force: true });
const compressed = precompress(dist);
console.log(`prerendered ${routes.length} routes; precompressed ${compressed} files`);

function toDocument(template: string, { html, styles, islands }: RenderedPage): string {
  // React renders <title> and <meta> where the page component sits; they belong in <head>.
  const headTags: string[] = [];
  const body = html.replace(/<title>[\s\S]*?<\/title>|<meta name="description"[^>]*\/?>/g, (tag) => {
    headTags.push(tag);
    return "";
  });
  return template
    .replace("<!--app-head-->", [...headTags, styles].join("\n    "))
    .replace("<!--app-html-->", body)
    .replace("<!--app-data-->", `<script type="application/json" id="islands">${jsonForScript(islands)}</script>`);
}

/** JSON that cannot end its <script> element or open a comment, whatever the content says. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += precompress(path);
    } else if (/\.(html|js|css|svg|json|xml|txt)$/.test(name)) {
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count++;
    }
  }
  return count;
}
