/**
 * An incremental build (scripts/build.ts reusing the build its output points at) writes the
 * same files, byte for byte, as a clean build of the same content, and leaves the build it
 * reused untouched: a server may be answering from it.
 */
import { execFile } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { listFiles } from "../../src/pipeline/incremental.ts";
import { siteCopy } from "../support/site-copy.ts";

const run = promisify(execFile);
// The code is copied, not linked: the engine's key covers the code, and edits to the project's
// own files while this runs would otherwise (rightly) make the second build a full one.
const { dir: site, remove } = siteCopy("incremental-build", { writableCode: true });
afterAll(remove);

async function build(out: string, ...flags: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["scripts/cli.mjs", "build", "--out", out, "--now", "2026-11-23T12:00Z", ...flags], {
    cwd: site,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Every file of a build, by path, as bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const real = resolve(dir);
  return new Map(listFiles(real).map((file) => [file, readFileSync(join(real, file))]));
}

test("an edited article rebuilds its own pages only, and the result is byte-identical to a clean build", { timeout: 600_000 }, async () => {
  await build("site");
  const before = filesOf(join(site, "site"));
  const article = "resources/estimated-taxes/index.html";
  expect(before.get(article)?.toString()).toContain("Business owners pay tax through the year");

  const articles = join(site, "content", "articles.yaml");
  writeFileSync(
    articles,
    readFileSync(articles, "utf8").replace("Business owners pay tax through the year", () => "Owners of a business pay tax all year"),
  );
  // The clean build of the same content runs alongside: it reuses nothing of the earlier build, and
  // writes its own folder.
  const [incremental] = await Promise.all([build("site"), build("clean", "--clean")]);
  const rendered = Number(/prerendered (\d+) routes \((\d+) rendered/.exec(incremental)?.[2]);
  const routes = Number(/prerendered (\d+) routes/.exec(incremental)?.[1]);
  // The article, and the pages that list it if they show its words; never the whole site.
  expect(rendered).toBeGreaterThanOrEqual(1);
  expect(rendered).toBeLessThan(routes / 2);
  expect(incremental).toContain("client bundle (unchanged)");

  const after = filesOf(join(site, "site"));
  const clean = filesOf(join(site, "clean"));
  expect([...after.keys()].sort()).toEqual([...clean.keys()].sort());
  const differing = [...clean].filter(([file, bytes]) => !after.get(file)!.equals(bytes)).map(([file]) => file);
  expect(differing).toEqual([]);
  expect(after.get(article)?.toString()).toContain("Owners of a business pay tax all year");

  // The build the incremental one reused (kept beside it) still holds what it held.
  const previous = filesOf(firstBuildOf(before));
  expect(previous.get(article)?.toString()).toContain("Business owners pay tax through the year");
  expect([...before].filter(([file, bytes]) => !previous.get(file)?.equals(bytes))).toEqual([]);
});

test("a change outside the pages' main content renders every page again, and keeps the search index", { timeout: 600_000 }, async () => {
  await build("site");
  // The index's files are links to the one kept in .cache/search: the same file from build to build while it is reused.
  const indexFile = () => statSync(join(site, "site", "pagefind", "pagefind-entry.json")).ino;
  const before = indexFile();
  const siteFile = join(site, "content", "site.yaml");
  const tagline = "  tagline: CPA-led tax planning, advisory and education for business owners and tax professionals.";
  writeFileSync(
    siteFile,
    readFileSync(siteFile, "utf8").replace(tagline, () => `${tagline} Since 2010.`),
  );
  const output = await build("site");
  const [, routes, rendered] = /prerendered (\d+) routes \((\d+) rendered/.exec(output)!;
  expect(rendered).toBe(routes);
  expect(indexFile()).toBe(before);

  // A word in a page's main content is a new index.
  const articles = join(site, "content", "articles.yaml");
  writeFileSync(
    articles,
    readFileSync(articles, "utf8").replace("The payment moves to the next business day.", () => "The payment moves to the next working day."),
  );
  await build("site");
  expect(indexFile()).not.toBe(before);
});

/** The folder of the first build: the one, of the two kept, whose article still has the old words. */
function firstBuildOf(before: Map<string, Buffer>): string {
  const builds = join(site, ".site-builds");
  const found = listFiles(builds)
    .filter((file) => file.endsWith("resources/estimated-taxes/index.html"))
    .find((file) => readFileSync(join(builds, file)).equals(before.get("resources/estimated-taxes/index.html")!));
  if (!found) throw new Error("The first build is gone.");
  return join(builds, found.split("/")[0]!);
}
