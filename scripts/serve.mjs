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

export function createSiteServer(dir = resolve("dist")) {
  const notFoundFile = join(dir, "404.html");
  if (!existsSync(notFoundFile)) {
    throw new Error(`${notFoundFile} is missing: run npm run build first.`);
  }
  const notFound = readFileSync(notFoundFile);
  const notFoundBodies = { br: brotliCompressSync(notFound), gzip: gzipSync(notFound), identity: notFound };

  const assets = sirv(dir, {
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4173);
  const host = process.env.HOST ?? "localhost";
  createSiteServer().listen(port, host, () => {
    console.log(`Serving dist/ at http://${host}:${port}`);
  });
}
