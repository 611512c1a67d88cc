/**
 * A folder of things made once per key (bundles of the code, by the code's hash), shared by every
 * run: what one run makes is written beside the others under a name of its own (`<key>.<pid>`),
 * then renamed into place in one step, so a run never sees half of it and two runs making the
 * same thing at once both end with the same whole one.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { basename, join } from "node:path";

/** Marks `dir` as used now: pruning goes by last use, and a bundle in use is never the oldest. */
export function touch(dir) {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile by a run of other code: the caller finds its entry missing and makes it again.
  }
}

/**
 * Puts the folder `made` in place as `dir`, where `entry` (a file inside `dir`) shows it is whole;
 * if another run put the same in place first, `made` goes. Then keeps the `kept` folders of
 * `cache` used last, `dir` always among them, and removes the rest; folders other runs are still
 * making are left to them.
 */
export function settle(made, dir, entry, cache, kept = 3) {
  try {
    renameSync(made, dir);
  } catch (error) {
    rmSync(made, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  touch(dir);
  const settled = readdirSync(cache)
    .filter((name) => !name.includes("."))
    .map((name) => ({ path: join(cache, name), time: statSync(join(cache, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of settled.slice(kept)) if (basename(path) !== basename(dir)) rmSync(path, { recursive: true, force: true });
}
