/**
 * A folder of things made once per key (bundles of the code, by the code's hash), shared by every
 * run: what one run makes is written beside the others under a name of its own, then renamed into
 * place in one step, so a run never sees half of it and two runs making the same thing at once
 * both end with the same whole one.
 */
import { existsSync, readdirSync, rmSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Puts the folder `made` in place as `dir`, where `entry` (a file inside `dir`) shows it is whole;
 * if another run put the same in place first, `made` goes. Then keeps the newest `kept` folders of
 * `cache` (runs of other code may still be reading theirs) and removes the rest.
 */
export function settle(made, dir, entry, cache, kept = 3) {
  try {
    renameSync(made, dir);
  } catch (error) {
    rmSync(made, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  const folders = readdirSync(cache)
    .map((name) => ({ path: join(cache, name), time: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of folders.slice(kept)) rmSync(path, { recursive: true, force: true });
}
