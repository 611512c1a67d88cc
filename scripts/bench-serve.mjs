/**
 * Requests per second and latency of the server behind npm start, beside sirv
 * (a common static server, configured as this one was before it was rewritten:
 * precompressed files, the security headers, the 404 page) and beside the
 * ceiling: a bare node:http server answering every request with the very bytes
 * ours (src/serve/site-server.ts) sent for it, from memory. It serves the dist/
 * already built and builds nothing. Run through the TypeScript loader (tsx), which
 * the forked servers inherit: the server is TypeScript.
 *
 * Usage: npm run bench:serve [-- --duration 3 --runs 3 --connections 50]
 *
 * Each server runs in a process of its own, so the load generator (this process)
 * and the server each have a core; runs alternate between the two servers and
 * the table shows the median of the runs.
 */
import { fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, get } from "node:http";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";

const dist = resolve("dist");

if (process.argv[2] === "--child") {
  const kind = process.argv[3];
  const server =
    kind === "sirv"
      ? await sirvServer(dist)
      : kind === "ceiling"
        ? await ceilingServer()
        : (await import("../src/serve/site-server.ts")).createSiteServer(dist);
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    options: { duration: { type: "string", default: "3" }, runs: { type: "string", default: "3" }, connections: { type: "string", default: "50" } },
  });
  if (!existsSync(join(dist, "404.html"))) {
    console.error("dist/ is not built: run npm run build first.");
    process.exit(1);
  }
  const { default: autocannon } = await import("autocannon");
  const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(dist, "index.html"), "utf8"))?.[1];
  if (!script) throw new Error("dist/index.html loads no script from /assets/: is dist/ a build of this site?");
  const cases = [
    { name: "/ (identity)", path: "/", headers: {}, status: "2xx" },
    { name: "/ (br)", path: "/", headers: { "accept-encoding": "br" }, status: "2xx" },
    { name: `${script} (br)`, path: script, headers: { "accept-encoding": "br" }, status: "2xx" },
    { name: "404 (br)", path: "/no-such-page", headers: { "accept-encoding": "br" }, status: "4xx" },
  ];
  const servers = ["npm start", "sirv", "ceiling"];
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const runs = Number(values.runs);
  console.error(
    `${connections} connections, ${duration} s per measurement, median of ${runs} runs; about ${Math.ceil((servers.length * cases.length * runs * (duration + 1)) / 10) * 10} s`,
  );

  const results = new Map();
  const recorded = await recordResponses(cases);
  for (let run = 0; run < runs; run++) {
    for (const kind of servers) {
      const { port, stop } = await startChild(kind, recorded);
      try {
        for (const test of cases) {
          const url = `http://127.0.0.1:${port}${test.path}`;
          // A second of warm-up: caches filled, code optimised.
          await autocannon({ url, headers: test.headers, connections, duration: 1 });
          const result = await autocannon({ url, headers: test.headers, connections, duration });
          const failures = result.errors + result.timeouts + result.non2xx + result["2xx"] - result[test.status];
          const key = `${kind} ${test.name}`;
          results.set(key, [...(results.get(key) ?? []), { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures }]);
          console.error(`run ${run + 1}: ${key}: ${Math.round(result.requests.average)} requests/s, ${failures} failed`);
        }
      } finally {
        stop();
      }
    }
  }

  const median = (numbers) => {
    const sorted = [...numbers].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const cell = (kind, test) => {
    const samples = results.get(`${kind} ${test.name}`);
    return {
      rps: median(samples.map((s) => s.rps)),
      p50: median(samples.map((s) => s.p50)),
      p99: median(samples.map((s) => s.p99)),
      failures: samples.reduce((sum, s) => sum + s.failures, 0),
    };
  };
  const rows = [
    "| request | npm start req/s | p50 | p99 | sirv req/s | p50 | p99 | npm start ÷ sirv | ceiling req/s |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const rate = (c) => Math.round(c.rps).toLocaleString("en-US");
  for (const test of cases) {
    const [ours, theirs, ceiling] = servers.map((kind) => cell(kind, test));
    const figures = (c) => `${rate(c)} | ${c.p50} ms | ${c.p99} ms`;
    rows.push(`| \`${test.name}\` | ${figures(ours)} | ${figures(theirs)} | ${(ours.rps / theirs.rps).toFixed(1)}× | ${rate(ceiling)} |`);
    const failures = servers.map((kind) => cell(kind, test).failures);
    if (failures.some(Boolean)) rows.push(`| failed | ${failures[0]} | | | ${failures[1]} | | | | ${failures[2]} |`);
  }
  console.log(rows.join("\n"));
}

/** Starts a server in a process of its own; resolves with its port. */
function startChild(kind, recorded) {
  return new Promise((resolvePort, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ["--child", kind], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    if (kind === "ceiling") child.send(recorded);
    child.once("message", ({ port }) => resolvePort({ port, stop: () => child.kill() }));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
}

/** sirv as the server behind npm start used it: precompressed files, the security headers, the 404 page. */
async function sirvServer(dir) {
  const { default: sirv } = await import("sirv");
  const security = {};
  let forEveryPath = false;
  for (const line of readFileSync(join(dir, "_headers"), "utf8").split("\n")) {
    if (line.trim() && !line.startsWith(" ")) forEveryPath = line.trim() === "/*";
    else if (forEveryPath && line.includes(":")) security[line.slice(0, line.indexOf(":")).trim()] = line.slice(line.indexOf(":") + 1).trim();
  }
  const notFound = readFileSync(join(dir, "404.html"));
  const notFoundBodies = { br: brotliCompressSync(notFound), gzip: gzipSync(notFound), identity: notFound };
  const assets = sirv(dir, {
    extensions: ["html"],
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("Vary", "Accept-Encoding");
    },
  });
  return createServer((req, res) =>
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
      res.end(body);
    }),
  );
}

/** What the server behind npm start answers to each request of the benchmark: status, headers and body. */
async function recordResponses(cases) {
  const { port, stop } = await startChild("npm start");
  try {
    return await Promise.all(
      cases.map(
        (test) =>
          new Promise((resolveResponse, reject) => {
            get({ host: "127.0.0.1", port, path: test.path, headers: test.headers }, (res) => {
              const chunks = [];
              res.on("data", (chunk) => chunks.push(chunk));
              res.on("end", () =>
                resolveResponse({
                  key: `${test.path} ${test.headers["accept-encoding"] ?? ""}`,
                  status: res.statusCode,
                  headers: res.rawHeaders.filter((_, i) => !/^(date|connection|keep-alive)$/i.test(res.rawHeaders[i - (i % 2)])),
                  body: Buffer.concat(chunks).toString("base64"),
                }),
              );
            }).on("error", reject);
          }),
      ),
    );
  } finally {
    stop();
  }
}

/** The fastest a node:http server answers these requests: the recorded bytes, from memory, no file system, no logic. */
async function ceilingServer() {
  const recorded = await new Promise((resolveRecorded) => process.once("message", resolveRecorded));
  const responses = new Map(recorded.map((r) => [r.key, { ...r, body: Buffer.from(r.body, "base64") }]));
  return createServer((req, res) => {
    const response = responses.get(`${req.url} ${req.headers["accept-encoding"] ?? ""}`);
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  });
}
