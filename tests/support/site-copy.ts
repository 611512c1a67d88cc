import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
// Folders are linked; files are copied, since the bundler resolves a linked entry to its real path outside the site.
const LINKED = ["src", "scripts", "public", "node_modules"];
const COPIED = ["index.html", "vite.config.ts", "tsconfig.json", "package.json"];

/** A copy of the project in a temporary folder, with its own content (and pages.yaml when given), to build or serve apart from the real one. */
export function siteCopy(name: string, pagesYaml?: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  for (const entry of LINKED) symlinkSync(join(ROOT, entry), join(dir, entry));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry));
  cpSync(join(ROOT, "content"), join(dir, "content"), { recursive: true });
  if (pagesYaml === undefined) cpSync(join(ROOT, "pages.yaml"), join(dir, "pages.yaml"));
  else writeFileSync(join(dir, "pages.yaml"), pagesYaml);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
