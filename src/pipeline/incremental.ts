/**
 * What makes a production build incremental: keys and a manifest.
 *
 * Every output is a function of inputs that can be named, so each gets a key (a hash of
 * them): the engine (the code, the dependencies, the tools that write the output), which
 * alone keys both bundles (they hold no content: a page carries its data, and the address of a
 * module of the site's settings), and each route (the engine, the site's settings, and the
 * route's own resolved page, which
 * holds everything it shows, articles listed included). The build's clock acts through the
 * content only (a schedule decides what the resolved page holds), so it needs no key of its own.
 *
 * A build keeps a manifest beside its folder (route → key → files, the bundle's files, the
 * compressed files' content hashes). The next build reuses an output whose key is the same by
 * hard-linking the earlier file into its fresh folder: outputs are never modified in place
 * (always written as new files), so the earlier build, which a server may be answering from,
 * never changes. An engine whose key changed reuses nothing.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";
import type { Alternate } from "../site/types.ts";

/** Raised when the manifest's shape or the way outputs are made changes outside the hashed files. */
export const MANIFEST_FORMAT = 2;

/** What the engine's key is made of, besides the tools' versions: every file the output's making reads. */
const ENGINE_INPUTS = ["src", "public", "index.html", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json", "scripts/build.ts"];

/** A hash of several parts, each length-prefixed so no two lists of parts hash alike. */
export function keyOf(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    const bytes = typeof part === "string" ? Buffer.from(part) : part;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest("hex").slice(0, 32);
}

/** Every file under `path` (itself when a file), sorted, relative to `root`; symbolic links followed. */
function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .filter((name) => !TEST_FILE.test(name))
    .flatMap((name) => filesUnder(root, join(path, name)));
}

/** Tests beside the code (x.test.ts, x.test.tsx): no output is made from them, so editing one rebuilds nothing. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The engine's key: the code and the files it reads (src/, public/, the page template, the
 * configuration, the locked dependencies, the build scripts) and the versions of Node and its
 * compressors. Any change to them rebuilds everything.
 */
export function engineKey(root: string): string {
  const parts: (string | Buffer)[] = [String(MANIFEST_FORMAT), process.versions.node, process.versions.zlib ?? "", process.versions.brotli ?? ""];
  for (const file of ENGINE_INPUTS.flatMap((entry) => filesUnder(root, entry))) parts.push(file, readFileSync(join(root, file)));
  return keyOf(...parts);
}

/** What a route adds to the build-wide files (_headers, vercel.json, sitemap.xml). */
export interface RouteFacts {
  inlineScripts: string[];
  formOrigins: string[];
  frameOrigins: string[];
  alternates?: Alternate[];
  /** A hash of what the site search reads of the page (its language, title and main content): the index changes only when one of these does. */
  searched: string;
  /** The theme's stylesheet the page's script adds (src/pipeline/theme-tokens.ts), when the page left tokens out. */
  theme?: string;
}

export interface RouteRecord {
  key: string;
  /** Its files, relative to the build folder: the page and its compressed versions. */
  files: string[];
  facts: RouteFacts;
}

export interface BuildManifest {
  format: number;
  engine: string;
  /** The client bundle's key, its files (relative to the build folder) and its page template. */
  client: { key: string; files: string[]; template: string };
  routes: Record<string, RouteRecord>;
  /** Files compressed beside themselves (other than pages), by path: the hash of the content compressed. */
  compressed: Record<string, string>;
}

/** Where a build folder's manifest is kept: beside it, so the folder holds only what is served. */
export function manifestPath(buildDir: string): string {
  return `${buildDir}.manifest.json`;
}

/** The manifest of an earlier build, when it exists and was made by the same engine. */
export function readManifest(buildDir: string, engine: string): BuildManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath(buildDir), "utf8")) as BuildManifest;
    return manifest.format === MANIFEST_FORMAT && manifest.engine === engine ? manifest : undefined;
  } catch {
    return undefined;
  }
}

export function writeManifest(buildDir: string, manifest: BuildManifest) {
  writeFileSync(manifestPath(buildDir), JSON.stringify(manifest));
}

/**
 * Puts the earlier build's files into the new folder (hard links, a copy where the file system
 * refuses links). False, with nothing put, when any of them is missing.
 */
export function reuseFiles(fromDir: string, toDir: string, files: readonly string[]): boolean {
  if (!files.every((file) => existsSync(join(fromDir, file)))) return false;
  for (const file of files) {
    const target = join(toDir, file);
    mkdirSync(dirname(target), { recursive: true });
    // A file another step wrote already (an app icon over a public/ file of the same name) stays.
    if (existsSync(target)) continue;
    try {
      linkSync(join(fromDir, file), target);
    } catch {
      copyFileSync(join(fromDir, file), target);
    }
  }
  return true;
}

/**
 * Writes a file of the new build as a new file, never through a link to an earlier build's. One
 * exclusive create in the usual case: a build writes some three thousand files, and the calls
 * made before each (a folder made, a file removed) came to a tenth of the render workers' profile.
 */
export function writeNewFile(path: string, data: string | Buffer) {
  try {
    writeFileSync(path, data, { flag: "wx" });
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") mkdirSync(dirname(path), { recursive: true });
    else if (code === "EEXIST") rmSync(path);
    else throw error;
  }
  writeFileSync(path, data, { flag: "wx" });
}

/** Every file in `dir`, relative to it. */
export function listFiles(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under ? join(under, entry.name) : entry.name;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

/** Text files a server sends compressed; smaller ones gain less than their headers cost. */
export function isCompressible(path: string, size: number): boolean {
  return /\.(html|js|css|svg|json|xml|txt)$/.test(path) && size >= 1024;
}

const isAsset = (path: string) => path.includes(`${sep}assets${sep}`) || path.startsWith(`assets${sep}`);

/**
 * How each file is compressed. Hashed assets are few and cached for a year, so the best ratio
 * pays. The rest (pages above all, the sitemap, the feeds, the search index's entry) are many and
 * remade whenever they change:
 * - brotli: at 1,000 articles, quality 10 took 42 ms a page (three quarters of the build's work)
 *   and quality 6 takes 1.5 ms, 6% larger. A page leaves out the tokens it does not use
 *   (src/pipeline/theme-tokens.ts), so it is still 6% smaller at quality 6 than it was whole at
 *   quality 10.
 * - gzip, sent only to the few clients without brotli: level 6 takes 1.45 ms of an article page
 *   where level 9 took 1.87 ms, for 0.4% more bytes.
 */
function compression(relativePath: string, size: number): { gzip: ZlibOptions; brotli: BrotliOptions } {
  const asset = isAsset(relativePath);
  return {
    gzip: { level: asset ? 9 : 6 },
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: asset ? 11 : 6, [constants.BROTLI_PARAM_SIZE_HINT]: size } },
  };
}

/** The .gz and .br files of `relativePath` (inside `dir`), made from `data` on the thread pool. */
export async function compressFile(dir: string, relativePath: string, data: Buffer): Promise<string[]> {
  const options = compression(relativePath, data.length);
  const [gz, br] = await Promise.all([gzip(data, options.gzip), brotli(data, options.brotli)]);
  const path = join(dir, relativePath);
  rmSync(`${path}.gz`, { force: true });
  rmSync(`${path}.br`, { force: true });
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return [`${relativePath}.gz`, `${relativePath}.br`];
}

/**
 * The same, on the calling thread: for a render worker, whose cores are already busy rendering. The
 * thread pool's way cost a tenth more processor time there (each chunk handed over and back).
 */
export function compressFileNow(dir: string, relativePath: string, data: Buffer): string[] {
  const options = compression(relativePath, data.length);
  const path = join(dir, relativePath);
  writeNewFile(`${path}.gz`, gzipSync(data, options.gzip));
  writeNewFile(`${path}.br`, brotliCompressSync(data, options.brotli));
  return [`${relativePath}.gz`, `${relativePath}.br`];
}

/** Runs tasks with at most `limit` at once (the thread pool's work stays queued, memory stays bounded). */
export class TaskQueue {
  private readonly running = new Set<Promise<unknown>>();
  private failure: unknown;

  constructor(private readonly limit: number) {}

  async add(task: () => Promise<unknown>) {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure) throw this.failure;
    const promise: Promise<unknown> = task()
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async done() {
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }
}

/** The relative path of `path` in `dir`, with / separators as the manifest keeps them. */
export function relativeTo(dir: string, path: string): string {
  return relative(dir, path).split(sep).join("/");
}
