/**
 * The parts of the incremental build that keep an earlier build safe and a stale output out
 * (src/pipeline/incremental.ts); tests/browser/incremental-build.test.ts builds a whole site.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import {
  engineKey,
  keyOf,
  MANIFEST_FORMAT,
  readManifest,
  reuseFiles,
  writeManifest,
  writeNewFile,
  type BuildManifest,
} from "../../src/pipeline/incremental.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "incremental-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a page written over a reused one leaves the earlier build's file as it was", () => {
  const earlier = tempDir();
  const next = tempDir();
  mkdirSync(join(earlier, "about"));
  writeFileSync(join(earlier, "about", "index.html"), "earlier page");
  expect(reuseFiles(earlier, next, ["about/index.html"])).toBe(true);
  expect(readFileSync(join(next, "about", "index.html"), "utf8")).toBe("earlier page");

  writeNewFile(join(next, "about", "index.html"), "new page");
  expect(readFileSync(join(next, "about", "index.html"), "utf8")).toBe("new page");
  expect(readFileSync(join(earlier, "about", "index.html"), "utf8")).toBe("earlier page");

  // A page of a folder the build has not made yet makes it.
  writeNewFile(join(next, "resources", "new-article", "index.html"), "new article");
  expect(readFileSync(join(next, "resources", "new-article", "index.html"), "utf8")).toBe("new article");
});

test("nothing is reused from an earlier build that lost one of the files", () => {
  const earlier = tempDir();
  const next = tempDir();
  writeFileSync(join(earlier, "index.html"), "page");
  expect(reuseFiles(earlier, next, ["index.html", "index.html.br"])).toBe(false);
  expect(() => readFileSync(join(next, "index.html"))).toThrow();
});

test("an earlier build made by another engine offers nothing to reuse", () => {
  const build = join(tempDir(), "build");
  const manifest: BuildManifest = { format: MANIFEST_FORMAT, engine: "engine-a", client: { key: "c", files: [], template: "" }, routes: {}, compressed: {} };
  writeManifest(build, manifest);
  expect(readManifest(build, "engine-a")).toEqual(manifest);
  expect(readManifest(build, "engine-b")).toBeUndefined();
});

test("keys tell apart lists whose joined text is the same", () => {
  expect(keyOf("ab", "c")).not.toBe(keyOf("a", "bc"));
  expect(keyOf("ab", "c")).toBe(keyOf("ab", "c"));
});

test("the engine's key follows the code that makes the output, and not the tests beside it", () => {
  const root = tempDir();
  mkdirSync(join(root, "src", "render"), { recursive: true });
  writeFileSync(join(root, "src", "render", "page.ts"), "export const page = 1;\n");
  writeFileSync(join(root, "src", "render", "page.test.ts"), "test('page', () => {});\n");
  const key = engineKey(root);
  writeFileSync(join(root, "src", "render", "page.test.ts"), "test('page, again', () => {});\n");
  expect(engineKey(root)).toBe(key);
  writeFileSync(join(root, "src", "render", "page.ts"), "export const page = 2;\n");
  expect(engineKey(root)).not.toBe(key);
});
