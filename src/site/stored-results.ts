/**
 * Each list item's validated value (what its schema gave: the page with its Markdown parsed, its
 * defaults filled in) from the command line's last run, by a key of the item (the hash of its
 * text): the build and `npm run validate`, each a new process, check only the items that changed
 * (checking a thousand pages took about half a second of every run). Items whose value came from
 * the item cache (yaml-pieces.ts), or was made from one (a page with its shared sections placed),
 * are the ones with a key (itemKey); an item that failed its check is not kept, so its problems
 * are found again every time.
 *
 * One file per item, in a folder per content file and version of the code: a run reads the
 * items it has, writes only those it checked, and removes those no item of the file has any more
 * (a page removed or changed). A stored value holds for the code that made it: the folder is named
 * by the code's key (cliCodeKey: the command line's bundle, scripts/cli.mjs, whose key covers
 * src/, the scripts and the locked packages), and another version's folder is removed. The dev
 * server and the editor store nothing: they keep each item's result in memory with its value
 * (load.ts, parseByItem).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ITEM_CACHE_FORMAT, sameAfterJson } from "../content/yaml-pieces.ts";
import { CLI_BUNDLE_VARIABLE } from "./content-json-schemas.ts";

const FOLDER = "results";

export class StoredResults {
  private readonly used = new Set<string>();

  private constructor(
    private readonly root: string,
    private readonly prefix: string,
    private readonly dir: string,
  ) {}

  /** The results kept for `contentFile` under `cacheDir` by the code of key `codeKey`. */
  static open(cacheDir: string, contentFile: string, codeKey: string): StoredResults {
    const file = createHash("sha1").update(resolve(contentFile)).digest("hex").slice(0, 16);
    const version = createHash("sha1").update(`1 ${codeKey} ${ITEM_CACHE_FORMAT}`).digest("hex").slice(0, 16);
    const root = join(cacheDir, FOLDER);
    return new StoredResults(root, `${file}-`, join(root, `${file}-${version}`));
  }

  /** The value the item of this key gave last time, if it passed. */
  get(key: string): unknown {
    try {
      const value = JSON.parse(readFileSync(join(this.dir, `${key}.json`), "utf8")) as unknown;
      this.used.add(key);
      return value;
    } catch {
      return undefined;
    }
  }

  /** Keeps a passing item's value, when JSON gives it back as it is. */
  set(key: string, value: unknown): void {
    if (!sameAfterJson(value)) return;
    try {
      const file = join(this.dir, `${key}.json`);
      mkdirSync(dirname(file), { recursive: true });
      // Written aside and renamed into place: a run reading it meanwhile finds all of it or nothing.
      writeFileSync(`${file}.${process.pid}`, JSON.stringify(value));
      renameSync(`${file}.${process.pid}`, file);
      this.used.add(key);
    } catch {
      // A result that cannot be kept is a slower next run, nothing more.
    }
  }

  /** Removes what no item of this run has: the results of pages removed or changed, and another version of the code's. */
  prune(): void {
    try {
      for (const name of readdirSync(this.root))
        if (name.startsWith(this.prefix) && join(this.root, name) !== this.dir) rmSync(join(this.root, name), { recursive: true, force: true });
      for (const name of readdirSync(this.dir))
        if (name.endsWith(".json") && !this.used.has(name.slice(0, -".json".length))) rmSync(join(this.dir, name), { force: true });
    } catch {
      // Nothing kept yet, or removed by a run beside this one.
    }
  }
}

/**
 * The key of the code the command line runs (the name of its bundle's folder), when this very
 * module runs from that bundle: a process started from the command line's (a test's) inherits
 * the variable but runs other code.
 */
export function cliCodeKey(): string | undefined {
  const bundle = process.env[CLI_BUNDLE_VARIABLE];
  return bundle && dirname(fileURLToPath(import.meta.url)) === bundle ? basename(bundle) : undefined;
}
