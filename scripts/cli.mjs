/**
 * Runs a command-line script (npm run build, npm run validate) from a bundle of its code.
 *
 * Run through a TypeScript loader, each of the few hundred modules these scripts import makes a
 * round trip to the loader's thread: about 0.8 s of every run went to that before the first
 * line of the script. Here the scripts and the engine's code they import are bundled once per
 * version of the code into .cache/cli/<key>/ (about 2 s, the first run after a change), and
 * every later run starts from plain JavaScript. The packages stay outside the bundle, loaded by
 * Node as they are.
 *
 * The key is a hash of the code (src/, scripts/) and of what it is built with (package-lock.json,
 * tsconfig.json): any change of them bundles again. The cache is the one beside this file, so
 * copies of the project that link its code share it.
 *
 * Usage: node scripts/cli.mjs <build|validate> [arguments of the script]
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { settle } from "./keyed-cache.mjs";

const SCRIPTS = ["build", "validate"];
const CODE = ["src", "scripts"];
const TOOLS = ["package-lock.json", "tsconfig.json"];
/** Bundles of earlier code kept beside the newest (builds of other code may be running). */
const KEPT = 3;

const project = join(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!SCRIPTS.includes(script)) {
  console.error(`Usage: node scripts/cli.mjs <${SCRIPTS.join("|")}> [arguments]`);
  process.exit(2);
}

const cache = join(project, ".cache", "cli");
const dir = join(cache, codeKey());
const entry = join(dir, `${script}.mjs`);
if (!existsSync(entry)) await bundle();
// The script reads its arguments as if it had been run itself.
process.argv = [process.argv[0], entry, ...args];
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

async function bundle() {
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
  settle(building, dir, entry, cache, KEPT);
}
