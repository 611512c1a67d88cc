/**
 * Serves the prerendered site in dist/ as a static host would: /x answers
 * x/index.html, unknown paths answer 404.html with status 404, responses are
 * compressed (precompressed .br/.gz files from the build), and hashed assets are
 * cached for a year.
 */
import { readFileSync, existsSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { gzipSync, brotliCompressSync } from "node:zlib";
import sirv from "sirv";

/**
 * `formOrigins` adds origins the forms may post to, beyond those of the content
 * (tests point a form at a local endpoint of their own).
 */
export function createSiteServer(dir = resolve("dist"), { formOrigins = [] } = {}) {
  const notFoundFile = join(dir, "404.html");
  if (!existsSync(notFoundFile)) {
    throw new Error(`${notFoundFile} is missing: run npm run build first.`);
  }
  const security = allowFormOrigins(readHeadersFile(join(dir, "_headers")), formOrigins);
  const notFound = readFileSync(notFoundFile);
  const notFoundBodies = { br: brotliCompressSync(notFound), gzip: gzipSync(notFound), identity: notFound };

  const assets = sirv(dir, {
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("Vary", "Accept-Encoding");
    },
  });

  return createServer((req, res) => {
    assets(req, res, () => {
      const accepts = String(req.headers["accept-encoding"] ?? "");
      const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : "identity";
      const body = notFoundBodies[encoding];
      res.writeHead(404, {
        ...security,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": body.length,
        "Cache-Control": "no-cache",
        Vary: "Accept-Encoding",
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    });
  });
}

/** The headers the build wrote for every path (`/*`) in dist/_headers, the file Netlify and Cloudflare Pages read. */
function readHeadersFile(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first.`);
  const headers = {};
  let forEveryPath = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    if (!line.startsWith(" ")) forEveryPath = line.trim() === "/*";
    else if (forEveryPath) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

function allowFormOrigins(headers, origins) {
  const policy = headers["Content-Security-Policy"];
  if (!origins.length || !policy) return headers;
  const widened = policy
    .split("; ")
    .map((directive) => (/^(connect-src|form-action) /.test(directive) ? `${directive} ${origins.join(" ")}` : directive))
    .join("; ");
  return { ...headers, "Content-Security-Policy": widened };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4173);
  const host = process.env.HOST ?? "localhost";
  createSiteServer().listen(port, host, () => {
    console.log(`Serving dist/ at http://${host}:${port}`);
  });
}
