import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SPEC_SITE } from "./fixture-site.ts";

const ROOT = join(import.meta.dirname, "..", "..");
// The code is linked unless the copy must change it; files are always copied, since the bundler resolves a linked entry to its real path outside the site.
const CODE = ["src", "scripts", "tests", "public", "docs"];
const FILES = ["index.html", "vite.config.ts", "vitest.config.ts", "tsconfig.json", "package.json"];
/**
 * The lockfile, which the engine's key covers, goes into a copy with code of its own: unchanged,
 * that code then has the project's key and takes the bundles the project's builds made, rather
 * than bundling the same code again. A copy that links the code stays without it, under a key of
 * its own: the bundler follows the link, and its bundle's manifest names the modules by a path
 * through the copy, which the project's builds could not read.
 */
const LOCKFILE = "package-lock.json";

/**
 * A copy of the project in a temporary folder, to build or serve apart from the real one: its
 * own content (and pages.yaml when given), and its own code too when `writableCode` is set.
 * The content is the spec fixture site's (tests/fixtures/spec-site) unless `content` names
 * another content root, never the live content by default; the editors' schemas
 * (content/schema, generated from the code) come with it. The installed packages and the
 * caches of pictures and bundles are always shared.
 */
export function siteCopy(
  name: string,
  { pagesYaml, writableCode = false, content = SPEC_SITE }: { pagesYaml?: string; writableCode?: boolean; content?: string } = {},
): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  for (const entry of CODE) {
    if (writableCode) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    else symlinkSync(join(ROOT, entry), join(dir, entry));
  }
  for (const entry of writableCode ? [...FILES, LOCKFILE] : FILES) cpSync(join(ROOT, entry), join(dir, entry));
  cpSync(join(content, "content"), join(dir, "content"), { recursive: true, filter: (source) => source !== join(content, "content", "schema") });
  if (existsSync(join(ROOT, "content", "schema"))) cpSync(join(ROOT, "content", "schema"), join(dir, "content", "schema"), { recursive: true });
  // The pictures the project's builds made, and the bundles of the rendering code, are keyed by
  // their content (a bundle by the code's): the copy's builds reuse them, and code the copy changed gets bundles of its own.
  mkdirSync(join(dir, ".cache"));
  for (const shared of ["images", "build"]) {
    mkdirSync(join(ROOT, ".cache", shared), { recursive: true });
    symlinkSync(join(ROOT, ".cache", shared), join(dir, ".cache", shared));
  }
  if (pagesYaml === undefined) cpSync(join(content, "pages.yaml"), join(dir, "pages.yaml"));
  else writeFileSync(join(dir, "pages.yaml"), pagesYaml);
  // A dev server of the copy may still be writing its cache (.vite) as it closes: the removal tries again.
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
}
