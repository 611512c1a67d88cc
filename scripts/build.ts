/**
 * Builds the site into a fresh folder and swaps it in at once, so a server
 * running on the output (npm start) never sees a half-written tree: the output
 * path is a symbolic link to the newest complete build, replaced in one rename.
 *
 * Usage: npm run build [-- --content <dir>] [-- --out <dir>]
 *   --content  where pages.yaml and content/ are (default: the project); tests build fixture sites this way
 *   --out      the output path (default: dist)
 *   --now      the build's clock for schedules (from, until), like 2026-11-23T12:00Z; same as SITE_NOW
 */
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

// A build is always a production build, whoever runs it (a test runner sets NODE_ENV=test).
process.env.NODE_ENV = "production";

const { values } = parseArgs({ options: { content: { type: "string" }, out: { type: "string", default: "dist" }, now: { type: "string" } } });
if (values.now) process.env.SITE_NOW = values.now;
const root = process.cwd();
if (values.content) process.env.SITE_CONTENT_ROOT = resolve(root, values.content);
const out = resolve(root, values.out!);
const buildsDir = join(dirname(out), `.${basename(out)}-builds`);
const id = `${new Date().toISOString().replace(/[-:.]/g, "").replace("T", "-").slice(0, 15)}-${process.pid}`;
const staging = join(buildsDir, id);
const ssrDir = join(buildsDir, `${id}-ssr`);

const { build } = await import("vite");
const { prerender } = await import("./prerender.ts");
const started = performance.now();
try {
  mkdirSync(buildsDir, { recursive: true });
  await build({ root, logLevel: "warn", build: { outDir: staging, emptyOutDir: true } });
  await build({ root, logLevel: "warn", build: { ssr: "src/render/entry-server.tsx", outDir: ssrDir, emptyOutDir: true } });
  await prerender({ dist: staging, ssrEntry: join(ssrDir, "entry-server.js") });
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  throw error;
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
const previous = swapIn(out, staging);
prune(buildsDir, [staging, previous]);
console.log(`built ${relative(root, out) || "."} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Points `out` at `target` in one rename; returns the build it pointed at before. */
function swapIn(out: string, target: string): string | undefined {
  const existing = lstatSync(out, { throwIfNoEntry: false });
  let previous: string | undefined;
  if (existing?.isSymbolicLink()) previous = resolve(dirname(out), readlinkSync(out));
  else if (existing) {
    // An output folder from before builds were swapped in: keep it as the previous build.
    previous = join(buildsDir, `${id}-previous`);
    renameSync(out, previous);
  }
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(relative(dirname(out), target), next);
  renameSync(next, out);
  return previous;
}

/**
 * Keeps the new build and the one before it (a server may be answering from it
 * this very moment); earlier ones and leftovers of failed builds go.
 */
function prune(dir: string, keep: (string | undefined)[]) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!keep.includes(path)) rmSync(path, { recursive: true, force: true });
  }
}
