/**
 * `npm run new-block`: a static block and an interactive one, scaffolded into a copy of the
 * project, each writing only inside its folder and one line of src/blocks/blocks.ts (besides
 * what is made from the code: the component index, the JSON Schemas, the catalogue); both
 * type-check, pass their tests, and build into a page where the interactive one wakes and works.
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { islandHydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { onePageSite, ROOT } from "../support/fixture-site.ts";
import { serveSite } from "../support/serve-dist.ts";
import { siteCopy } from "../support/site-copy.ts";

// The scaffold writes into the code, so the copy has code of its own.
const { dir, remove } = siteCopy("new-block", { writableCode: true });
afterAll(remove);
const browser = useBrowser();

const exec = promisify(execFile);
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  exec(command, args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });

/** Every file under `folder` (relative to it), with its text. */
function filesUnder(root: string, folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(root, full), readFileSync(full, "utf8"));
    }
  };
  walk(join(root, folder));
  return files;
}

/**
 * What the copy's type check knew at its end, kept in the project's .cache for the next run: tsc
 * reads it back and checks again only the files that changed since (in every copy the same
 * files, at the same places relative to it) and what depends on them. From nothing, the check
 * costs about 25 s of processor time; from the last run's, with the code unchanged, about 8 s.
 */
const KEPT_TYPES = join(ROOT, ".cache", "new-block", "blocks.tsbuildinfo");
const COPY_TYPES = join(".cache", "blocks.tsbuildinfo");

const example = (type: string) => parseDocument(readFileSync(join(dir, "src", "blocks", type, "example.yaml"), "utf8")).toJS() as Record<string, unknown>;

describe("npm run new-block", () => {
  it("scaffolds a static and an interactive block that type-check, pass their tests, and build into a page where the island works", async () => {
    const before = filesUnder(dir, "src");
    await run("npx", ["tsx", "scripts/new-block.ts", "price-table"]);
    await run("npx", ["tsx", "scripts/new-block.ts", "coupon-code", "--interactive"]);

    // Written: the two folders and one line each in blocks.ts; the component index is made from the folders.
    const after = filesUnder(dir, "src");
    const changed = [...after].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);
    const made = ["src/blocks/components.ts"];
    expect(changed.filter((file) => !/^src\/blocks\/(price-table|coupon-code)\//.test(file) && !made.includes(file))).toEqual(["src/blocks/blocks.ts"]);
    const indexLines = (text: string) => new Set(text.split("\n"));
    const added = [...indexLines(after.get("src/blocks/blocks.ts")!)].filter((line) => !indexLines(before.get("src/blocks/blocks.ts")!).has(line));
    expect(added).toEqual(
      ['export { block as "coupon-code" } from "./coupon-code/block.ts";', 'export { block as "price-table" } from "./price-table/block.ts";'].sort(),
    );
    expect(changed.filter((file) => file.startsWith("src/blocks/coupon-code/")).sort()).toEqual(
      ["CouponCode.tsx", "block.ts", "coupon-code.test.tsx", "example.yaml", "island.ts", "schema.ts"].map((file) => `src/blocks/coupon-code/${file}`),
    );
    expect(changed.filter((file) => file.startsWith("src/blocks/price-table/")).sort()).toEqual(
      ["PriceTable.tsx", "block.ts", "example.yaml", "price-table.test.tsx", "schema.ts"].map((file) => `src/blocks/price-table/${file}`),
    );
    expect(readFileSync(join(dir, "docs", "blocks.md"), "utf8")).toContain("(`type: coupon-code`)");
    expect(readFileSync(join(dir, "content", "schema", "pages.schema.json"), "utf8")).toContain('"const": "price-table"');

    // The type check covers every block and what they import (the registries' types, the site model,
    // the UI): all a new block can break. The scripts and tests, which take a third of a whole
    // check and know no block by name, are left to npm test's own check.
    writeFileSync(join(dir, "tsconfig.blocks.json"), JSON.stringify({ extends: "./tsconfig.json", include: ["src/blocks", "tests/support/setup-dom.ts"] }));
    // One page with both, after the hero a page starts with; built as from a terminal (the test
    // runner's NODE_ENV=test would make it a development build).
    writeFileSync(join(dir, "pages.yaml"), onePageSite([example("hero"), example("price-table"), example("coupon-code")], { title: "New blocks" }));
    if (existsSync(KEPT_TYPES)) copyFileSync(KEPT_TYPES, join(dir, COPY_TYPES));
    // The check, the tests and the build read the code and write nothing another reads: side by side,
    // the type check's wait on one core leaves the other to the tests and the build.
    const [, , build] = await Promise.all([
      run("npx", ["tsc", "--noEmit", "--incremental", "--tsBuildInfoFile", COPY_TYPES, "-p", "tsconfig.blocks.json"]),
      run("npx", [
        "vitest",
        "run",
        "--project",
        "unit",
        "--project",
        "unit-node",
        "src/blocks/price-table",
        "src/blocks/coupon-code",
        "src/blocks/registry.test.tsx",
        "src/site/block-catalogue.test.ts",
        "tests/unit/json-schema.test.ts",
      ]),
      run("npm", ["run", "--silent", "build"], { NODE_ENV: "production" }),
    ]);
    // Kept only from a check that passed, and put in place whole: another run may be reading it.
    mkdirSync(dirname(KEPT_TYPES), { recursive: true });
    copyFileSync(join(dir, COPY_TYPES), `${KEPT_TYPES}.${process.pid}`);
    renameSync(`${KEPT_TYPES}.${process.pid}`, KEPT_TYPES);
    // A build of new code makes both bundles: the bundler's notes to its developers ([PLUGIN_TIMINGS] and the like) stay out of what a marketer reads.
    expect(`${build.stdout}${build.stderr}`).not.toMatch(/\[[A-Z_]{6,}\]/);

    const served = await serveSite(join(dir, "dist"));
    const { page, problems, close } = await openPage(browser(), PHONE);
    try {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: served.url });
      await page.goto(`${served.url}/`);
      expect(await page.getByRole("heading", { name: "Price table" }).isVisible()).toBe(true);
      const copy = page.getByRole("button", { name: "Copy" });
      await copy.scrollIntoViewIfNeeded();
      await islandHydrated(copy);
      await copy.click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(example("coupon-code").text);
      expect(problems()).toEqual([]);
    } finally {
      await close();
      await served.close();
    }
  }, 240_000);

  it("refuses a name that is not lowercase words joined by dashes, or that exists", async () => {
    await expect(run("npx", ["tsx", "scripts/new-block.ts", "PriceTable"])).rejects.toThrow(/lowercase words joined by dashes/);
    await expect(run("npx", ["tsx", "scripts/new-block.ts", "hero"])).rejects.toThrow(/src\/blocks\/hero exists already/);
  });
});
