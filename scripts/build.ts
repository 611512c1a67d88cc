/**
 * Builds the site into a fresh folder and swaps it in at once, so a server
 * running on the output (npm start) never sees a half-written tree: the output
 * path is a symbolic link to the newest complete build, replaced in one rename.
 *
 * The cost follows what changed (src/pipeline/incremental.ts): the content is read and checked
 * once; the server and client bundles hold no content and are rebuilt only when the code
 * changes (kept in .cache/build, shared by every build of that code); a route is rendered and compressed
 * again only when its key changed. Everything else is taken from the build the output points
 * at, which stays untouched.
 *
 * Its options: USAGE below (`npm run build -- --help`).
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { InlineConfig, PluginOption, UserConfig } from "vite";
import type { LoadResult } from "../src/site/load.ts";
import { settle, touch } from "../src/pipeline/keyed-cache.mjs";
import { readOptions } from "./command-line.ts";

/** The client bundle's list of its chunks, kept beside it in the cache (it names what a page may preload). */
const BUNDLE_MANIFEST = "bundle-manifest.json";

// A build is always a production build, whoever runs it (a test runner sets NODE_ENV=test).
process.env.NODE_ENV = "production";

const USAGE = `Usage: npm run build [-- options]
  --content <dir>  where pages.yaml and content/ are (default: the project); tests build fixture sites this way
  --out <dir>      the output path (default: dist)
  --now <time>     the build's clock for schedules (from, until), like 2026-11-23T12:00Z; same as SITE_NOW
  --clean          reuse nothing from the earlier build
  --help           this text`;
const values = readOptions(
  { content: { type: "string" }, out: { type: "string", default: "dist" }, now: { type: "string" }, clean: { type: "boolean", default: false } },
  USAGE,
);
if (values.now) process.env.SITE_NOW = values.now;
const root = process.cwd();
if (values.content) process.env.SITE_CONTENT_ROOT = resolve(root, values.content);
const out = resolve(root, values.out!);
const buildsDir = join(dirname(out), `.${basename(out)}-builds`);
const id = `${new Date().toISOString().replace(/[-:.]/g, "").replace("T", "-").slice(0, 15)}-${process.pid}`;
const staging = join(buildsDir, id);

const { prerender, precompress, RenderPool } = await import("../src/pipeline/prerender.ts");
const { checkFailed, contentRootOf, ContentError, CONTENT_PLUGIN_NAME } = await import("../src/pipeline/content-plugin.ts");
const { loadContent } = await import("../src/site/load.ts");
const { cliCodeKey } = await import("../src/site/stored-results.ts");
const { formatProblems } = await import("../src/content/problems.ts");
const { settleKnownWarnings } = await import("../src/content/known-warnings.ts");
const { buildImages, formatImageReport, IMAGE_OUTPUT, withPictures } = await import("../src/pipeline/images.ts");
const { analyticsClientConfig } = await import("../src/analytics/schema.ts");
const incremental = await import("../src/pipeline/incremental.ts");
const { SITE_FILE_STEPS, siteFilesContext } = await import("../src/pipeline/site-files.ts");
const { tokensNamedIn } = await import("../src/pipeline/theme-tokens.ts");

const started = performance.now();
const phases: string[] = [];
const phase = (name: string, since: number) => phases.push(`${name} ${((performance.now() - since) / 1000).toFixed(1)} s`);
let pool: InstanceType<typeof RenderPool> | undefined;
let pruning: Promise<void> | undefined;
/** What stopped the build, boxed: a promise may reject with undefined, which is a failure all the same. */
let failure: { error: unknown } | undefined;
try {
  mkdirSync(buildsDir, { recursive: true });
  mkdirSync(staging);
  pruning = prune(buildsDir, [staging, currentBuild(out)]);

  // The rendering code first: it needs no content, and its workers load it while the content is read.
  let since = performance.now();
  const engine = incremental.engineKey(root);
  const ssrEntry = await serverBundle(engine);
  pool = new RenderPool(ssrEntry);
  phase("server bundle", since);

  // The content, read and checked once for the whole build.
  since = performance.now();
  const contentRoot = contentRootOf(root);
  let loaded: LoadResult;
  try {
    loaded = loadContent(contentRoot, { projectRoot: root, itemCacheDir: join(root, ".cache", "content"), storedResultsKey: cliCodeKey() });
  } catch (error) {
    // Whatever a file holds, the author gets a report, as from the dev server, not a stack trace.
    loaded = { problems: [checkFailed("pages.yaml", error)] };
  }
  if (!loaded.content) throw new ContentError(`Content errors:\n\n${formatProblems(loaded.problems)}\n`);
  const images = await buildImages(loaded.content!.images, {
    roots: { content: contentRoot, project: root },
    cacheDir: process.env.IMAGE_CACHE_DIR ? resolve(root, process.env.IMAGE_CACHE_DIR) : join(root, ".cache", "images"),
    emit: (fileName, bytes) => incremental.writeNewFile(join(staging, IMAGE_OUTPUT, fileName), bytes),
  });
  console.log(formatImageReport(images));
  // Reported once every check has run, the warnings site.yaml says the site keeps counted in the summary line.
  const all = settleKnownWarnings([...loaded.problems, ...images.problems], loaded.content.knownWarnings);
  if (all.length) {
    if (all.some((problem) => problem.severity === "error")) throw new ContentError(`Content errors:\n\n${formatProblems(all)}\n`);
    console.warn(`\n${formatProblems(all)}\n`);
  }
  const content = withPictures(loaded.content!, images.filled);
  phase("content", since);

  since = performance.now();
  const previousDir = values.clean ? undefined : currentBuild(out);
  const previousManifest = previousDir ? incremental.readManifest(previousDir, engine) : undefined;
  const previous = previousDir && previousManifest ? { dir: previousDir, manifest: previousManifest } : undefined;
  // The client bundle holds no content: one per version of the code, shared by every build of any
  // content. What the islands read of the site's settings is a module of its own, named by its hash.
  // The pictures of public/images/ that the content uses ship as the files made from them, not as themselves.
  const shippedAsMade = new Set(content.images.map((use) => use.source).filter((source) => source.startsWith("/images/")));
  const shipped = (bundle: Awaited<ReturnType<typeof clientBundle>>) => bundle.files.filter((file) => !shippedAsMade.has(`/${file.replace(/\.(br|gz)$/, "")}`));
  let bundled = await clientBundle(engine);
  // Linked at once: a build of other code may prune the cached bundle later. One pruned between its
  // listing and now (a few milliseconds) is made again; the steps after write new files over any.
  if (!incremental.reuseFiles(bundled.dir, staging, shipped(bundled))) {
    bundled = await clientBundle(engine);
    if (!incremental.reuseFiles(bundled.dir, staging, shipped(bundled)))
      throw new Error(`The client bundle in ${bundled.dir} went missing as it was linked: build again.`);
  }
  phase(bundled.made ? "client bundle" : "client bundle (unchanged)", since);
  const scripts = {
    site: writeSiteModule(staging, content.site),
    ...(content.site.analytics ? { analytics: analyticsClientConfig(content.site.analytics) } : {}),
  };
  const client = { key: bundled.key, files: shipped(bundled), template: bundled.template };

  since = performance.now();
  const routes = await prerender({
    dist: staging,
    pool,
    site: content.site,
    pages: content.pages,
    template: client.template,
    scripts,
    scriptTags: content.site.analytics ? analyticsPreloads(bundled.manifest) : [],
    keepTokens: tokensNamedIn(
      bundled.files
        .filter((file) => file.endsWith(".js"))
        .map((file) => readFileSync(join(bundled.dir, file), "utf8"))
        .join("\n"),
    ),
    baseKey: client.key,
    previous,
  });
  phase("pages", since);

  // The site-wide files (headers, sitemap, feeds...), each a step of src/pipeline/site-files.ts, made
  // from every route once all are in place, and before compression, which takes them too.
  const siteFiles = siteFilesContext(staging, content, routes, { dir: join(root, ".cache"), engine });
  for (const step of SITE_FILE_STEPS) {
    since = performance.now();
    await step.run(siteFiles);
    phase(step.name, since);
  }

  since = performance.now();
  // The pages were compressed as they were written, and the client bundle came compressed.
  const compressedAlready = new Set([...Object.values(routes).flatMap((record) => record.files), ...client.files]);
  const compressed = await precompress(staging, compressedAlready, previous);
  console.log(`precompressed ${compressed.made} files (${compressed.reused} unchanged)`);
  phase("compression", since);
  incremental.writeManifest(staging, { format: incremental.MANIFEST_FORMAT, engine, client, routes, compressed: compressed.hashes });
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  failure = { error };
} finally {
  await pool?.close();
  await pruning;
}
if (failure?.error instanceof ContentError) {
  // The report alone, as the marketer's own mistake: not Node's note on an uncaught error around it.
  console.error(failure.error.message);
  process.exit(1);
}
if (failure) throw failure.error;
swapIn(out, staging);
console.log(`built ${relative(root, out) || "."} in ${((performance.now() - started) / 1000).toFixed(1)} s (${phases.join(", ")})`);

/** The build folder the output points at now, if any. */
function currentBuild(out: string): string | undefined {
  const existing = lstatSync(out, { throwIfNoEntry: false });
  return existing?.isSymbolicLink() ? resolve(dirname(out), readlinkSync(out)) : undefined;
}

/**
 * The project's Vite configuration (vite.config.ts), as an object: part of the code this script
 * runs as (its bundle, scripts/cli.mjs, or the TypeScript loader), loaded only when a bundle is
 * made. Vite's own loader bundled it again for each of the two bundles (a second or more each),
 * and on a busy machine printed its bundler's timing notes to whoever ran the build.
 */
async function projectViteConfig(): Promise<UserConfig> {
  return (await import("../vite.config.ts")).default;
}

/** The configuration's plugins without the content plugin: the bundles hold code only. */
function withoutContentPlugin(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flat().flatMap((plugin) => {
    if (plugin && typeof plugin === "object" && "name" in plugin && plugin.name === CONTENT_PLUGIN_NAME) return [];
    return [plugin as PluginOption];
  });
}

/**
 * The browser's bundle (the island loader, the islands, the styles, public/ and the typefaces),
 * kept in .cache/build/client by the engine's key, as the server bundle is: built without the
 * content plugin, so a module that imported the content would fail the build, and shared by every
 * build of this code, whatever its content (a test's variant sites, a copy of the project, the
 * site after an edit to content/site.yaml).
 */
async function clientBundle(engine: string): Promise<{ key: string; dir: string; files: string[]; template: string; manifest: BundleManifest; made: boolean }> {
  const cache = join(root, ".cache", "build", "client");
  const dir = join(cache, engine);
  const entry = join(dir, "index.html");
  const made = !existsSync(entry);
  if (made) {
    const viteConfig = await projectViteConfig();
    const { build } = await import("vite");
    const building = `${dir}.${process.pid}`;
    await build({
      ...viteConfig,
      configFile: false,
      root,
      logLevel: "warn",
      plugins: withoutContentPlugin(viteConfig.plugins),
      // The manifest names the chunks a page may preload (analyticsPreloads).
      build: { ...viteConfig.build, ...quiet(viteConfig, {}), outDir: building, emptyOutDir: true, manifest: BUNDLE_MANIFEST },
    });
    // Compressed once, here, rather than by every build that ships this bundle (a second at quality 11).
    await Promise.all(
      incremental
        .listFiles(building)
        .filter((file) => file !== "index.html" && file !== BUNDLE_MANIFEST && incremental.isCompressible(file, statSync(join(building, file)).size))
        .map((file) => incremental.compressFile(building, file, readFileSync(join(building, file)))),
    );
    settle(building, dir, entry, cache);
  } else touch(dir);
  // The template's place is taken by the home page; the manifest is the build's, not the site's.
  const files = incremental.listFiles(dir).filter((file) => file !== "index.html" && file !== BUNDLE_MANIFEST);
  const manifest = JSON.parse(readFileSync(join(dir, BUNDLE_MANIFEST), "utf8")) as BundleManifest;
  return { key: incremental.keyOf("client", engine), dir, files, template: readFileSync(entry, "utf8"), manifest, made };
}

type BundleManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * On a site with analytics, the chunk the page's script loads at once (src/analytics/start-later.ts:
 * campaign tags, clicks noted until the rest arrives) and what it imports, as modulepreload links:
 * fetched beside the script rather than after it, so the visit is noted from the start.
 */
function analyticsPreloads(manifest: BundleManifest): string[] {
  const chunks = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client bundle's manifest has no ${key}.`);
    if (chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add("src/analytics/start-later.ts");
  return [...chunks].map((file) => `<link rel="modulepreload" href="/${file}" />`);
}

/** Writes what the islands read of the site's settings as a module named by its hash; returns its address. */
function writeSiteModule(dir: string, site: unknown): string {
  const code = `export default ${JSON.stringify(site)};\n`;
  const fileName = `assets/site-${incremental.keyOf(code).slice(0, 16)}.js`;
  incremental.writeNewFile(join(dir, fileName), code);
  return `/${fileName}`;
}

/**
 * The prerender's bundle of the rendering code, kept in .cache/build/ssr by the engine's key:
 * it holds no content (built without the content plugin, so a module that imported the content
 * would fail the build instead of going stale), and is rebuilt only when the code changes.
 */
async function serverBundle(engine: string): Promise<string> {
  const cache = join(root, ".cache", "build", "ssr");
  const dir = join(cache, engine);
  const entry = join(dir, "ssr-entry.js");
  if (existsSync(entry)) {
    touch(dir);
    return entry;
  }
  // Vite and the configuration load only when a bundle is made: an unchanged build skips their start-up.
  const viteConfig = await projectViteConfig();
  const { build } = await import("vite");
  const building = `${dir}.${process.pid}`;
  const config: InlineConfig = {
    ...viteConfig,
    configFile: false,
    root,
    logLevel: "warn",
    plugins: withoutContentPlugin(viteConfig.plugins),
    // The prerender imports every block at once: an island's import of its own component cannot split it, and need not.
    build: {
      ...viteConfig.build,
      ...quiet(viteConfig, { ineffectiveDynamicImport: false }),
      ssr: "src/pipeline/ssr-entry.tsx",
      outDir: building,
      emptyOutDir: true,
    },
  };
  await build(config);
  settle(building, dir, entry, cache);
  return entry;
}

/**
 * The bundler's checks, without its notes on its own timings: whoever runs npm run build (a
 * marketer before publishing, CI) reads every yellow line as a problem with the site.
 */
function quiet(config: UserConfig, checks: { ineffectiveDynamicImport?: boolean }) {
  const options = config.build?.rollupOptions ?? {};
  return { rollupOptions: { ...options, checks: { ...options.checks, bundlerTimings: false, ...checks } } };
}

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
 * Removes every build but the ones in `keep`, with their manifests: earlier builds and leftovers
 * of failed ones. Started as a build begins, keeping the build the output points at (a server may
 * be answering from it this very moment) and the one being made, so the removal of a thousand
 * pages runs beside the build instead of after it; once the new build is swapped in, the folder
 * holds it and the one before it.
 */
async function prune(dir: string, keep: (string | undefined)[]) {
  const kept = keep.flatMap((path) => (path ? [path, incremental.manifestPath(path)] : []));
  const removals = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => !kept.includes(path))
    .map((path) => rm(path, { recursive: true, force: true, maxRetries: 3 }));
  await Promise.all(removals);
}
