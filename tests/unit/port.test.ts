// @vitest-environment node
/**
 * PORT, as README.md's table says: npm run dev, npm start (its server, npm run serve) and
 * npm run edit each answer on the port PORT names, and the dev server refuses a PORT that
 * is not a port instead of picking one of its own. Each command runs as a marketer runs it,
 * in a copy of the project, and is stopped by its own process group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteCopy } from "../support/site-copy.ts";

const site = siteCopy("port-test");
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) stop(child);
  site.remove();
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** Runs an npm script in the copy with PORT set; resolves with what it printed once `until` holds, or when it exits. */
function run(
  script: string,
  port: string,
  until: (output: string) => boolean,
  cwd = site.dir,
): Promise<{ output: string; exited: boolean; child: ChildProcess }> {
  const child = spawn("npm", ["run", "--silent", script], {
    cwd,
    env: { ...process.env, PORT: port, NO_COLOR: "1", BROWSER: "none" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  return new Promise((resolve) => {
    const check = () => {
      if (until(output)) resolve({ output, exited: false, child });
    };
    child.stdout!.on("data", (chunk: Buffer) => ((output += chunk.toString()), check()));
    child.stderr!.on("data", (chunk: Buffer) => ((output += chunk.toString()), check()));
    child.on("exit", () => resolve({ output, exited: true, child }));
  });
}

async function status(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

describe("PORT", () => {
  it("moves npm run dev to that port", async () => {
    const port = await freePort();
    const { output, exited, child } = await run("dev", String(port), (text) => /Local:\s+http:\/\/\S+:\d+/.test(text));
    expect(exited, output).toBe(false);
    expect(output).toContain(`:${port}/`);
    expect(await status(`http://localhost:${port}/`)).toBe(200);
    stop(child);
  }, 60_000);

  it("makes npm run dev refuse a PORT that is not a port, saying what to write", async () => {
    const { output, exited } = await run("dev", "eighty", () => false);
    expect(exited).toBe(true);
    expect(output).toContain("PORT=eighty is not a port");
  }, 60_000);

  it("moves npm run edit to that port", async () => {
    const port = await freePort();
    const { output, exited, child } = await run("edit", String(port), (text) => text.includes("Page editor:"));
    expect(exited, output).toBe(false);
    const address = /Page editor: (\S+)/.exec(output)![1]!;
    expect(new URL(address).port).toBe(String(port));
    // The editor answers its address (turning the token into a cookie first), not a 404 from another server.
    expect([200, 303]).toContain(await status(address));
    stop(child);
  }, 60_000);

  it("moves npm start's server to that port", async () => {
    // npm start builds, then runs the server npm run serve runs; the build is other tests' business.
    const scripts = (JSON.parse(readFileSync(join(site.dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`npm run build && ${scripts.serve}`);
    // The least the server needs of a build: a page, the 404 page and the security headers.
    mkdirSync(join(site.dir, "dist"));
    writeFileSync(join(site.dir, "dist", "index.html"), "<!doctype html><title>Home</title><h1>Home</h1>");
    writeFileSync(join(site.dir, "dist", "404.html"), "<!doctype html><title>Not found</title><h1>Not found</h1>");
    writeFileSync(join(site.dir, "dist", "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
    const port = await freePort();
    const { output, exited, child } = await run("serve", String(port), (text) => text.includes("Serving dist/"));
    expect(exited, output).toBe(false);
    expect(output).toContain(`:${port}`);
    expect(await status(`http://localhost:${port}/`)).toBe(200);
    stop(child);
  }, 60_000);
});
