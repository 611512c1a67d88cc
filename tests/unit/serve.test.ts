// @vitest-environment node
/**
 * The server behind npm start (src/serve/site-server.ts) against hostile requests and
 * rebuilds, on small temporary trees (no build needed), over raw node:http and
 * sockets so that no client normalises what is sent.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer, type SiteServerOptions } from "../../src/serve/site-server.ts";

const SECRET = "outside-the-root-secret";
const BIG = 1536 * 1024;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Running {
  port: number;
  logged: string[];
  close: () => Promise<void>;
}

const temp = mkdtempSync(join(tmpdir(), "serve-test-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const html = (title: string, paragraphs: number) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${Array.from({ length: paragraphs }, (_, i) => `<p>${title} paragraph ${i}</p>`).join("")}</body></html>`;

const headersFile = (variant: string) =>
  `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-${variant}'; connect-src 'self'; form-action 'self' mailto:\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n`;

/** Writes a tree as the build does (with .br and .gz beside compressible files of 1 KiB or more); returns its files by URL path. */
function writeTree(dir: string, variant: string, paragraphs: number): Map<string, Buffer> {
  const files: Record<string, string | Buffer> = {
    "index.html": html(`Home ${variant}`, paragraphs),
    "press/index.html": html(`Press ${variant}`, paragraphs * 2),
    "404.html": html(`Not found ${variant}`, paragraphs),
    "assets/app-3f9a1c.js": `console.log(${JSON.stringify(variant)});\n${"/* filler */\n".repeat(paragraphs * 4)}`,
    "assets/tiny-9c2b.css": `body{color:#123}/*${variant}*/`,
    "robots.txt": `User-agent: *\nAllow: /\n# ${variant}\n`,
    "notes.txt": `notes ${variant}\n`.repeat(200),
    "sitemap.xml": `<?xml version="1.0"?><urlset><!-- ${variant} --></urlset>`,
    "images/logo.png": Buffer.from(Array.from({ length: 700 + paragraphs }, (_, i) => (i * 7 + variant.length) % 256)),
    "images/big.png": Buffer.from(Array.from({ length: BIG + paragraphs }, (_, i) => (i * 31 + variant.length) % 251)),
    _headers: headersFile(variant),
    "vercel.json": JSON.stringify({ cleanUrls: true, trailingSlash: false, note: "x".repeat(1100) }),
    ".secret": SECRET,
    "assets/.hidden.js": SECRET,
  };
  const served = new Map<string, Buffer>();
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    const bytes = Buffer.from(content);
    writeFileSync(path, bytes);
    if (/\.(html|js|css|svg|json|xml|txt)$/.test(name) && bytes.length >= 1024) {
      writeFileSync(`${path}.br`, brotliCompressSync(bytes));
      writeFileSync(`${path}.gz`, gzipSync(bytes));
    }
    if (name === "index.html") served.set("/", bytes);
    else if (name === "press/index.html") served.set("/press", bytes);
    else if (!name.startsWith(".") && !name.includes("/.") && name !== "_headers" && name !== "vercel.json" && name !== "404.html")
      served.set(`/${name}`, bytes);
  }
  // Links out of the tree: a file, a folder, and a precompressed copy of a file that is inside.
  const outside = join(dirname(dir), `outside-${variant}`);
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "secret.txt"), SECRET);
  writeFileSync(join(outside, "secret.txt.br"), brotliCompressSync(Buffer.from(SECRET)));
  symlinkSync(join(outside, "secret.txt"), join(dir, "leak.txt"));
  symlinkSync(outside, join(dir, "linked"));
  rmSync(join(dir, "notes.txt.br"));
  symlinkSync(join(outside, "secret.txt.br"), join(dir, "notes.txt.br"));
  return served;
}

/** A root that is a symbolic link to a build, as dist/ is. */
function makeRoot(name: string, variant: string, paragraphs: number) {
  const base = join(temp, name);
  mkdirSync(base);
  const build = join(base, `build-${variant}`);
  mkdirSync(build);
  const files = writeTree(build, variant, paragraphs);
  const root = join(base, "dist");
  symlinkSync(build, root);
  /** Builds another tree and swaps the link to it in one rename, as scripts/build.ts does. */
  const rebuild = (next: string, nextParagraphs: number) => {
    const nextBuild = join(base, `build-${next}`);
    mkdirSync(nextBuild);
    const nextFiles = writeTree(nextBuild, next, nextParagraphs);
    symlinkSync(nextBuild, `${root}.next`);
    renameSync(`${root}.next`, root);
    return { build: nextBuild, files: nextFiles };
  };
  return { root, build, files, rebuild };
}

async function start(root: string, options: SiteServerOptions = {}): Promise<Running> {
  const logged: string[] = [];
  const server: Server = createSiteServer(root, { log: (line: string) => logged.push(line), ...options });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    logged,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent: false, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

/** Writes bytes on a fresh connection and returns everything the server sends back before closing it (or a timeout). */
function raw(port: number, data: string | Buffer, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString("latin1"));
    };
    socket.setTimeout(timeoutMs, done);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", done);
    socket.on("close", done);
    socket.write(data);
    socket.end();
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.[01] (\d{3}) /.exec(response)?.[1] ?? 0);

function decoded(reply: Reply): Buffer {
  const encoding = reply.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(reply.body);
  if (encoding === "gzip") return gunzipSync(reply.body);
  expect(encoding).toBeUndefined();
  return reply.body;
}

function expectSecurityHeaders(reply: Reply, variant = "a") {
  expect(reply.headers["content-security-policy"]).toContain(`'sha256-${variant}'`);
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  expect(reply.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

const BR = { "accept-encoding": "br" };
const GZIP = { "accept-encoding": "gzip" };

describe("the static server behind npm start", () => {
  const site = { root: "", files: new Map<string, Buffer>(), build: "" };
  let server: Running;
  let port = 0;
  const index = () => site.files.get("/")!;

  beforeAll(async () => {
    Object.assign(site, makeRoot("main", "a", 60));
    server = await start(site.root);
    port = server.port;
  });
  afterAll(() => server.close());

  it("answers byte ranges by RFC 9110: suffix and open ranges, 416 when unsatisfiable, 200 when invalid or multiple", async () => {
    const size = index().length;
    const range = (value: string, headers: Record<string, string> = {}, method = "GET") => get(port, "/", { range: value, ...headers }, method);

    for (const invalid of ["bytes=2-1", "bytes=abc", "bytes=", "bytes=1-2-3", "items=0-1", "bytes=0-1,3-4", "bytes=--1", "bytes=1.5-2"]) {
      const reply = await range(invalid);
      expect(reply.status, invalid).toBe(200);
      expect(reply.body.equals(index()), invalid).toBe(true);
    }
    const suffix = await range("bytes=-5");
    expect(suffix.status).toBe(206);
    expect(suffix.headers["content-range"]).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(suffix.body.equals(index().subarray(size - 5))).toBe(true);
    const longSuffix = await range(`bytes=-${size + 100}`);
    expect(longSuffix.status).toBe(206);
    expect(longSuffix.body.equals(index())).toBe(true);
    const bounded = await range("BYTES=0-4");
    expect([bounded.status, bounded.headers["content-range"], bounded.body.toString()]).toEqual([206, `bytes 0-4/${size}`, index().subarray(0, 5).toString()]);
    const open = await range(`bytes=${size - 3}-`);
    expect(open.body.equals(index().subarray(size - 3))).toBe(true);
    const pastEnd = await range(`bytes=10-${size * 2}`);
    expect(pastEnd.headers["content-range"]).toBe(`bytes 10-${size - 1}/${size}`);

    for (const unsatisfiable of ["bytes=-0", `bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, `bytes=${"9".repeat(400)}-`]) {
      const reply = await range(unsatisfiable);
      expect(reply.status, unsatisfiable).toBe(416);
      expect(reply.headers["content-range"], unsatisfiable).toBe(`bytes */${size}`);
      expectSecurityHeaders(reply);
    }

    // A file too large to be kept in memory streams from its descriptor, ranges included.
    const big = site.files.get("/images/big.png")!;
    const middle = await get(port, "/images/big.png", { range: "bytes=1048570-1048579" });
    expect(middle.status).toBe(206);
    expect(middle.body.equals(big.subarray(1048570, 1048580))).toBe(true);
    expect((await get(port, "/images/big.png")).body.equals(big)).toBe(true);

    // Ranges apply to identity responses only: an encoded response is whole.
    const encoded = await range("bytes=0-4", BR);
    expect([encoded.status, encoded.headers["content-encoding"]]).toEqual([200, "br"]);
    expect(decoded(encoded).equals(index())).toBe(true);
    expect((await range("bytes=0-4", {}, "HEAD")).status).toBe(200);

    const { etag, "last-modified": lastModified } = (await get(port, "/")).headers;
    expect((await range("bytes=0-4", { "if-range": etag! })).status).toBe(206);
    expect((await range("bytes=0-4", { "if-range": lastModified! })).status).toBe(206);
    expect((await range("bytes=0-4", { "if-range": '"other"' })).status).toBe(200);
    expect((await range("bytes=0-4", { "if-range": `W/${etag}` })).status).toBe(200);
  });

  it("answers 500 to a request it fails on, logs one line, and goes on serving", async () => {
    const own = makeRoot("failing", "a", 10);
    // A header value no HTTP response may carry: every answer fails until _headers is fixed.
    writeFileSync(join(own.build, "_headers"), `/*\n  X-Content-Type-Options: nosniff\n  X-Broken: a\u0001b\n`);
    const running = await start(own.root);
    try {
      const failed = await get(running.port, "/");
      expect(failed.status).toBe(500);
      expect(failed.headers["x-content-type-options"]).toBe("nosniff");
      expect(running.logged).toHaveLength(1);
      expect(running.logged[0]).toMatch(/GET \/: .*X-Broken/);
      expect(running.logged[0]).not.toContain("\n");
      expect((await get(running.port, "/press", {}, "HEAD")).status).toBe(500);
      writeFileSync(join(own.build, "_headers"), headersFile("fixed"));
      const fixed = await get(running.port, "/");
      expect(fixed.status).toBe(200);
      expectSecurityHeaders(fixed, "fixed");
    } finally {
      await running.close();
    }
  });

  it("serves a tree rebuilt under it whole, in every encoding, with requests in flight", async () => {
    const own = makeRoot("rebuilt", "old", 40);
    const running = await start(own.root);
    const paths = [...own.files.keys()];
    const encodings = [{}, GZIP, BR];
    try {
      for (const path of paths)
        for (const headers of encodings) expect(decoded(await get(running.port, path, headers)).equals(own.files.get(path)!)).toBe(true);

      // Every build in order: an answer must be one whole build, published at or after its request began
      // (a large file streamed on a busy machine may still be sending the build two rebuilds ago).
      const builds = [own.files];
      let stop = false;
      let answered = 0;
      const worker = async (offset: number) => {
        for (let i = offset; !stop; i++) {
          const path = paths[i % paths.length]!;
          const publishedAtRequest = builds.length - 1;
          const reply = await get(running.port, path, encodings[i % encodings.length]);
          expect(reply.status, path).toBe(200);
          const bytes = decoded(reply);
          const possible = builds.slice(publishedAtRequest);
          expect(
            possible.some((files) => bytes.equals(files.get(path)!)),
            path,
          ).toBe(true);
          answered++;
        }
      };
      // Settled at once so that a failing worker fails the test rather than surfacing as an unhandled rejection.
      const workers = Promise.allSettled(Array.from({ length: 6 }, (_, i) => worker(i * 5)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Larger pages, then smaller ones, and the first build deleted as the build prunes old ones.
      const second = own.rebuild("new", 90);
      builds.push(second.files);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const third = own.rebuild("newest", 20);
      builds.push(third.files);
      rmSync(own.build, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 150));
      stop = true;
      for (const outcome of await workers) if (outcome.status === "rejected") throw outcome.reason;
      expect(answered).toBeGreaterThan(30);

      for (const path of paths) {
        for (const headers of encodings) {
          const reply = await get(running.port, path, headers);
          expect(Number(reply.headers["content-length"]), path).toBe(reply.body.length);
          expect(decoded(reply).equals(third.files.get(path)!), `${path} ${JSON.stringify(headers)}`).toBe(true);
        }
      }
      expectSecurityHeaders(await get(running.port, "/"), "newest");
      // The build folder renamed and the link pointed at its new name: same files, another real path.
      renameSync(third.build, `${third.build}-moved`);
      symlinkSync(`${third.build}-moved`, `${own.root}.next`);
      renameSync(`${own.root}.next`, own.root);
      for (const path of ["/", "/press", "/assets/app-3f9a1c.js"]) expect(decoded(await get(running.port, path, BR)).equals(third.files.get(path)!)).toBe(true);
      const notFound = await get(running.port, "/gone", BR);
      expect([notFound.status, decoded(notFound).toString()]).toEqual([404, html("Not found newest", 20)]);
      expect(running.logged).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it("sends no file through a symbolic link out of the tree, and refuses every spelling of traversal", async () => {
    for (const path of ["/leak.txt", "/linked/secret.txt", "/linked/"]) {
      const reply = await get(port, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString(), path).not.toContain(SECRET);
    }
    // A precompressed copy that is a link out of the tree is not an encoding of the file: the next one is sent.
    const notes = await get(port, "/notes.txt", { "accept-encoding": "br, gzip" });
    expect(notes.headers["content-encoding"]).toBe("gzip");
    expect(decoded(notes).equals(site.files.get("/notes.txt")!)).toBe(true);

    const targets = [
      "/../outside-a/secret.txt",
      "/press/../../outside-a/secret.txt",
      "/%2e%2e/outside-a/secret.txt",
      "/%2E%2E/outside-a/secret.txt",
      "/.%2e/outside-a/secret.txt",
      "/press/..%2f..%2foutside-a%2fsecret.txt",
      "/..%5c..%5coutside-a%5csecret.txt",
      "/..\\..\\outside-a\\secret.txt",
      "/index.html%00.png",
      "/%00",
      "/%",
      "/%zz",
      "/./index.html",
      "//etc/passwd",
      `/${join(temp, "main", "outside-a", "secret.txt")}`,
      "http://example.com/../outside-a/secret.txt",
    ];
    for (const target of targets) {
      const response = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect([400, 404], target).toContain(statusOf(response));
      expect(response, target).not.toContain(SECRET);
    }
    expect((await get(port, "/")).status).toBe(200);
    expect(server.logged).toEqual([]);
  });

  it("answers 405 with Allow: GET, HEAD and the security headers to any other method", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "PROPFIND"]) {
      const reply = await get(port, "/", { "content-length": "0" }, method);
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow, method).toBe("GET, HEAD");
      expectSecurityHeaders(reply);
    }
    // A body the server will not read: it answers, then closes the connection.
    const posted = await raw(port, `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n${"x".repeat(1000)}`);
    expect(statusOf(posted)).toBe(405);
    expect(posted).toMatch(/\r\nConnection: close\r\n/i);
  });

  it("hides the hosts' configuration files, dotfiles and the precompressed copies", async () => {
    for (const path of ["/_headers", "/vercel.json", "/.secret", "/assets/.hidden.js", "/index.html.br", "/index.html.gz", "/press/index.html.br"]) {
      const reply = await get(port, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString(), path).toContain("Not found a");
    }
  });

  it("sends the encoding Accept-Encoding allows, weights included, br before gzip, with Vary", async () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["", undefined],
      ["br", "br"],
      ["gzip", "gzip"],
      ["x-gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip;q=1, br;q=0.1", "br"],
      ["br;q=0, gzip;q=0", undefined],
      ["BR;Q=0, GZIP", "gzip"],
      ["br;q=0.000, gzip;q=0.5", "gzip"],
      ["br;q=2, gzip", "gzip"],
      ["*", "br"],
      ["*;q=0, identity", undefined],
      ["identity;q=0, gzip", "gzip"],
      ["deflate, identity", undefined],
    ];
    for (const [accept, expected] of cases) {
      const reply = await get(port, "/", accept === undefined ? {} : { "accept-encoding": accept });
      expect([reply.status, reply.headers["content-encoding"]], String(accept)).toEqual([200, expected]);
      expect(reply.headers.vary, String(accept)).toBe("Accept-Encoding");
      expect(decoded(reply).equals(index()), String(accept)).toBe(true);
    }
    // Nothing acceptable: neither identity nor an encoding the file has.
    for (const accept of ["identity;q=0", "*;q=0", "identity;q=0, zstd"]) {
      const reply = await get(port, "/robots.txt", { "accept-encoding": accept });
      expect(reply.status, accept).toBe(406);
      expect(reply.headers.vary, accept).toBe("Accept-Encoding");
    }
    // A file too small to be precompressed is sent as it is, and still says it depends on Accept-Encoding.
    const small = await get(port, "/robots.txt", BR);
    expect([small.headers["content-encoding"], small.headers.vary]).toEqual([undefined, "Accept-Encoding"]);
    expect((await get(port, "/images/logo.png", BR)).headers.vary).toBeUndefined();
  });

  it("answers conditional requests with a 304 that carries ETag, Cache-Control, Vary and the security headers", async () => {
    const identity = (await get(port, "/")).headers.etag!;
    const br = (await get(port, "/", BR)).headers.etag!;
    const gzip = (await get(port, "/", GZIP)).headers.etag!;
    expect(new Set([identity, br, gzip]).size).toBe(3);
    for (const tag of [identity, br, gzip]) expect(tag).toMatch(/^"[^"]+"$/);
    expect(br).toMatch(/-br"$/);
    expect(gzip).toMatch(/-gz"$/);

    const cases: [Record<string, string>, string, number][] = [
      [{ "if-none-match": br, ...BR }, br, 304],
      [{ "if-none-match": identity }, identity, 304],
      [{ "if-none-match": `"nope", ${gzip}`, ...GZIP }, gzip, 304],
      [{ "if-none-match": `W/${identity}` }, identity, 304],
      [{ "if-none-match": "*" }, identity, 304],
      [{ "if-none-match": br }, identity, 200],
      [{ "if-none-match": `"nope"`, "if-modified-since": new Date(Date.now() + 60_000).toUTCString() }, identity, 200],
      [{ "if-modified-since": new Date(Date.now() + 60_000).toUTCString() }, identity, 304],
      [{ "if-modified-since": "yesterday" }, identity, 200],
    ];
    for (const [headers, etag, status] of cases) {
      const reply = await get(port, "/", headers);
      const label = JSON.stringify(headers);
      expect(reply.status, label).toBe(status);
      expect(reply.headers.etag, label).toBe(etag);
      expect(reply.headers["cache-control"], label).toBe("no-cache");
      expect(reply.headers.vary, label).toBe("Accept-Encoding");
      expectSecurityHeaders(reply);
      if (status === 304) expect(reply.body.length, label).toBe(0);
    }
    const asset = await get(port, "/assets/app-3f9a1c.js", BR);
    const revalidated = await get(port, "/assets/app-3f9a1c.js", { "if-none-match": asset.headers.etag!, ...BR }, "HEAD");
    expect([revalidated.status, revalidated.headers["cache-control"]]).toEqual([304, "public, max-age=31536000, immutable"]);
  });

  it("answers 404 with the not-found page for /404, /404.html and unknown paths, in the best encoding; HEAD sends the headers alone", async () => {
    const page = html("Not found a", 60);
    for (const path of ["/404", "/404.html", "/404/", "/no/such/page", "/press/nothing", "/assets/none.js"]) {
      for (const headers of [{}, GZIP, BR] as Record<string, string>[]) {
        const reply = await get(port, path, headers);
        expect(reply.status, path).toBe(404);
        expect(reply.headers["content-encoding"], path).toBe(headers["accept-encoding"]);
        expect(decoded(reply).toString(), path).toBe(page);
        expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
        expectSecurityHeaders(reply);
        const head = await get(port, path, headers, "HEAD");
        expect(head.status).toBe(404);
        expect(head.body.length).toBe(0);
        for (const name of ["content-length", "content-encoding", "content-type", "cache-control", "vary", "content-security-policy"]) {
          expect(head.headers[name], `${path} ${name}`).toEqual(reply.headers[name]);
        }
      }
    }
    const head = await get(port, "/", BR, "HEAD");
    const got = await get(port, "/", BR);
    expect(head.body.length).toBe(0);
    expect([head.headers["content-length"], head.headers.etag]).toEqual([got.headers["content-length"], got.headers.etag]);
  });

  it("maps clean URLs, redirects a trailing slash, types and caches each file, and reads _headers again after a rebuild", async () => {
    expect((await get(port, "/press")).body.equals(site.files.get("/press")!)).toBe(true);
    expect((await get(port, "/press/index.html")).status).toBe(200);
    const slash = await get(port, "/press/?utm_source=x");
    expect([slash.status, slash.headers.location]).toEqual([308, "/press?utm_source=x"]);
    expectSecurityHeaders(slash);
    for (const path of ["//example.com/", "/nothing/", "/press//"]) expect((await get(port, path)).status, path).toBe(404);

    const types: Record<string, string> = {
      "/": "text/html; charset=utf-8",
      "/assets/app-3f9a1c.js": "text/javascript; charset=utf-8",
      "/assets/tiny-9c2b.css": "text/css; charset=utf-8",
      "/robots.txt": "text/plain; charset=utf-8",
      "/sitemap.xml": "application/xml",
      "/images/logo.png": "image/png",
    };
    for (const [path, type] of Object.entries(types)) {
      const reply = await get(port, path);
      expect(reply.headers["content-type"], path).toBe(type);
      expect(reply.headers["cache-control"], path).toBe(path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      expectSecurityHeaders(reply);
    }

    const own = makeRoot("headers", "before", 5);
    const running = await start(own.root, { formOrigins: ["http://127.0.0.1:*"] });
    try {
      const policy = (await get(running.port, "/")).headers["content-security-policy"];
      expect(policy).toContain("'sha256-before'");
      expect(policy).toContain("connect-src 'self' http://127.0.0.1:*");
      expect(policy).toContain("form-action 'self' mailto: http://127.0.0.1:*");
      own.rebuild("after", 5);
      const after = (await get(running.port, "/")).headers["content-security-policy"];
      expect(after).toContain("'sha256-after'");
      expect(after).toContain("form-action 'self' mailto: http://127.0.0.1:*");
    } finally {
      await running.close();
    }
  });

  it("goes on serving after hundreds of malformed requests, headers, methods and ranges", async () => {
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const methods = ["GET", "HEAD", "POST", "get", "G\u00e9T", "CONNECT", "OPTIONS", "TRACE", "BREW", "M".repeat(300), "", "GET GET"];
    const targets = [
      "/",
      "*",
      "/press",
      "/%",
      "/%c0%ae%c0%ae/",
      "/..",
      "/\u00ff\u00fe",
      "/a?b=%zz",
      "/" + "a/".repeat(2000),
      "/" + "%2e".repeat(500),
      "http://x/press",
      "https://",
      "//",
      "/index.html.br",
      "/press/",
      "/\t/",
      "relative",
      "/%ED%A0%80",
      "/" + "x".repeat(5000),
    ];
    const headers = [
      "Range: bytes=5-2",
      "Range: bytes=-0",
      "Range: bytes=" + "9".repeat(500) + "-",
      "Range: bytes=0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0",
      "Range: bytes=\u00ff-1",
      "Range: ",
      'If-Range: W/"x"',
      "If-Range: Thu, 01 Jan 1970 00:00:00 GMT",
      "Accept-Encoding: br;q=nan, gzip;q=-1, *;q=0.5",
      "Accept-Encoding: ;;;,,,q=1",
      "Accept-Encoding: " + "br,".repeat(1000),
      "If-None-Match: ,,,*,W/",
      "If-Modified-Since: not a date",
      "Content-Length: 5",
      "Content-Length: -1",
      "Content-Length: 1\r\nContent-Length: 2",
      "Transfer-Encoding: chunked",
      "Transfer-Encoding: gzip, chunked",
      "Expect: 100-continue",
      "Upgrade: websocket\r\nConnection: Upgrade",
      "X: " + "y".repeat(20000),
      "No colon here",
      " folded: line",
      "Bad\u0000Name: x",
      "Host: a\r\nHost: b",
    ];
    const versions = ["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTQ/1.1", ""];
    const requests: string[] = [];
    for (let i = 0; i < 300; i++) {
      const lines = [`${pick(methods)} ${pick(targets)} ${pick(versions)}`, "Host: localhost"];
      for (let n = Math.floor(random() * 4); n > 0; n--) lines.push(pick(headers));
      const ending = random() < 0.1 ? "\n" : "\r\n";
      requests.push(lines.join(ending) + ending + ending + (random() < 0.2 ? "garbage\r\n" : ""));
    }
    requests.push("\r\n\r\n", "\u0000\u0001\u0002", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");

    const statuses = new Set<number>();
    for (let i = 0; i < requests.length; i += 25) {
      const answers = await Promise.all(requests.slice(i, i + 25).map((data) => raw(port, Buffer.from(data, "latin1"), 1500)));
      for (const answer of answers) if (answer) statuses.add(statusOf(answer));
    }
    expect(statuses.has(500)).toBe(false);
    expect([...statuses].every((status) => status >= 200 && status < 600)).toBe(true);
    expect(server.logged).toEqual([]);
    for (const headers of [{}, GZIP, BR]) expect(decoded(await get(port, "/", headers)).equals(index())).toBe(true);
  });
});
