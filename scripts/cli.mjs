/**
 * Runs a command-line script (npm run build, npm run validate, and the server of npm start and
 * npm run serve) from a bundle of its code.
 *
 * Run through a TypeScript loader, each of the few hundred modules these scripts import makes a
 * round trip to the loader's thread: about 0.8 s of every run went to that before the first
 * line of the script. Here the scripts and the engine's code they import are bundled once per
 * version of the code into .cache/cli/<key>/ (about 2 s, the first run after a change; runs
 * started together then may each make it), and every later run starts from plain JavaScript.
 * The packages stay outside the bundle, loaded by Node as they are.
 *
 * The key is a hash of the code (src/, scripts/), of what it is built with (package-lock.json,
 * tsconfig.json) and of Node's version: any change of them bundles again. The cache is the one beside this file, so
 * copies of the project that link its code share it.
 *
 * Usage: node scripts/cli.mjs <build|validate|serve> [arguments of the script]
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { settle, touch } from "../src/pipeline/keyed-cache.mjs";

const SCRIPTS = ["build", "validate", "serve"];
const CODE = ["src", "scripts"];
/** Besides the code, what the bundle is made with or holds (scripts/build.ts imports the Vite configuration). */
const TOOLS = ["package-lock.json", "tsconfig.json", "vite.config.ts"];
/** Bundles kept, the one in use and those of the code used just before it (runs of that code may still be going). */
const KEPT = 3;
/** Bundling again when the code changed while it was bundled, at most this many times. */
const TRIES = 3;

const project = join(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!SCRIPTS.includes(script)) {
  console.error(`Usage: node scripts/cli.mjs <${SCRIPTS.join("|")}> [arguments]`);
  process.exit(2);
}

const cache = join(project, ".cache", "cli");
const entry = await bundled();
// The script reads its arguments as if it had been run itself.
process.argv = [process.argv[0], entry, ...args];
// What is made from the code alone may be kept beside its bundle (src/site/content-json-schemas.ts).
process.env.SITE_CLI_BUNDLE = dirname(entry);
await import(pathToFileURL(entry).href);

function codeKey() {
  const hash = createHash("sha256");
  for (const folder of CODE) {
    const files = readdirSync(join(project, folder), { recursive: true, withFileTypes: true })
      .filter((file) => file.isFile())
      .map((file) => join(file.parentPath, file.name))
      .sort();
    for (const file of files) hash.update(`${file.slice(project.length)}\0`).update(readFileSync(file));
  }
  // A copy of the project that links the installed packages may have no lockfile of its own.
  for (const file of TOOLS.filter((name) => existsSync(join(project, name)))) hash.update(`${file}\0`).update(readFileSync(join(project, file)));
  hash.update(process.versions.node);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The script's entry in the bundle of the code as it is now, made when there is none. A file saved
 * while the code is being bundled may or may not be in the bundle: the code is hashed again once
 * it is done, and a bundle of code that changed meanwhile is made again rather than kept under
 * the key of code it may not hold.
 */
async function bundled() {
  for (let attempt = 1; ; attempt++) {
    const key = codeKey();
    const dir = join(cache, key);
    const entry = join(dir, `${script}.mjs`);
    if (existsSync(entry)) {
      touch(dir);
      return entry;
    }
    const building = await bundle(dir);
    if (codeKey() === key || attempt === TRIES) {
      settle(building, dir, entry, cache, KEPT);
      return entry;
    }
    rmSync(building, { recursive: true, force: true });
  }
}

/** Bundles the scripts into a folder beside `dir`, to be put in place as `dir`; returns that folder. */
async function bundle(dir) {
  const { build } = await import("vite");
  const building = `${dir}.${process.pid}`;
  await build({
    configFile: false,
    root: project,
    logLevel: "warn",
    publicDir: false,
    build: {
      ssr: true,
      outDir: building,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        input: Object.fromEntries(SCRIPTS.map((name) => [name, join(project, "scripts", `${name}.ts`)])),
        output: { format: "es", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" },
        checks: { bundlerTimings: false },
      },
    },
  });
  // Files the code starts by their path beside it (a worker thread's script) come along as they are.
  for (const file of readdirSync(join(project, "src", "pipeline")).filter((name) => name.endsWith(".mjs")))
    copyFileSync(join(project, "src", "pipeline", file), join(building, file));
  return building;
}
