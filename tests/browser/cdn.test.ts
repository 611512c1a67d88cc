/**
 * The built fixture site on Cloudflare Pages' own runtime (wrangler pages dev: workerd, offline, from npm),
 * against npm start on the same build: every route answers 200 on both, unknown addresses 404, the security
 * headers and each page's own policy are the same, old addresses redirect (301, query kept), responses are
 * compressed, and what is a draft is in no file. One wrangler server for the whole file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureUrl } from "../support/browser.ts";
import { routesOf, SPEC_SITE } from "../support/fixture-site.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";

const WRANGLER = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "wrangler-dist", "cli.js");
const routes = routesOf(SPEC_SITE);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET, as a browser sends it (compression accepted), without following redirects. */
function get(origin: string, path: string): Promise<Answer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false, headers: { "accept-encoding": "br, gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("latin1") }));
    });
    req.on("error", reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The headers `_headers` sets for every path: the ones both servers must send alike. */
const policyHeaders = readFileSync(join(FIXTURE_DIST, "_headers"), "utf8")
  .split(/\n(?=\S)/)[0]!
  .split("\n")
  .slice(1)
  .flatMap((line) => (line.includes(":") ? [line.trim().split(":")[0]!.toLowerCase()] : []));

let wrangler: ChildProcess | undefined;
let origin = "";
let state = "";
const npmStart = () => new URL(fixtureUrl("/")).origin;

beforeAll(async () => {
  const port = await freePort();
  // Its state folder (.wrangler) goes in a temporary folder, not the project.
  state = mkdtempSync(join(tmpdir(), "wrangler-"));
  // wrangler's command line run by this Node (its launcher asks for a newer one than CI's tests need); offline, local only.
  wrangler = spawn(
    process.execPath,
    [WRANGLER, "pages", "dev", FIXTURE_DIST, "--ip", "127.0.0.1", "--port", String(port), "--compatibility-date", "2026-05-01"],
    { cwd: state, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler pages dev did not start within 50 s:\n${output}`)), 50_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    wrangler!.stdout!.on("data", read);
    wrangler!.stderr!.on("data", read);
    wrangler!.on("exit", (code) => reject(new Error(`wrangler pages dev ended (${code}):\n${output}`)));
  });
  origin = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(() => {
  // The whole group: wrangler and the workerd it started.
  if (wrangler?.pid) {
    try {
      process.kill(-wrangler.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  if (state) rmSync(state, { recursive: true, force: true });
});

describe("the built site on Cloudflare Pages' runtime, beside npm start", () => {
  it("answers every route with 200, compressed, with the same security headers and page policy as npm start", async () => {
    for (const route of routes) {
      const [edge, local] = await Promise.all([get(origin, route), get(npmStart(), route)]);
      expect(edge.status, `${route} on the edge runtime`).toBe(200);
      expect(local.status, `${route} from npm start`).toBe(200);
      expect(edge.headers["content-encoding"], route).toMatch(/^(br|gzip)$/);
      for (const name of policyHeaders) expect(edge.headers[name], `${name} on ${route}`).toBe(local.headers[name]);
    }
  });

  it("answers an unknown address with the 404 page and status 404, on both", async () => {
    const [edge, local] = await Promise.all([get(origin, "/no-such-page-here"), get(npmStart(), "/no-such-page-here")]);
    expect(edge.status).toBe(404);
    expect(local.status).toBe(404);
    for (const name of policyHeaders) expect(edge.headers[name], name).toBe(local.headers[name]);
  });

  it("redirects every old address with 301 to its page, query kept, on both", async () => {
    const redirects = readFileSync(join(FIXTURE_DIST, "_redirects"), "utf8")
      .split("\n")
      .map((line) => line.split(" "))
      .filter((fields) => fields[2] === "301");
    expect(redirects.length).toBeGreaterThan(0);
    for (const [from, to] of redirects) {
      for (const server of [origin, npmStart()]) {
        const answer = await get(server, `${from}?utm_source=newsletter`);
        expect(answer.status, `${from} on ${server}`).toBe(301);
        expect(answer.headers.location, `${from} on ${server}`).toBe(`${to}?utm_source=newsletter`);
      }
    }
  });

  it("has no draft in any file it publishes", () => {
    const drafts = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")
      .split(/\n(?= {6}- type: )/)
      .filter((section) => /\n {8}draft: true\n/.test(section))
      .map((section) => /\n {8}heading: (.+)\n/.exec(section)![1]!);
    expect(drafts.length).toBeGreaterThan(0);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    for (const file of files(FIXTURE_DIST).filter((name) => /\.(html|xml|json|txt)$/.test(name))) {
      const text = readFileSync(file, "utf8");
      for (const heading of drafts) expect(text.includes(heading), `${heading} in ${file}`).toBe(false);
    }
  });
});
