import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteCopy } from "../support/site-copy.ts";

// The scaffold writes into the code, so the copy has code of its own.
const { dir, remove } = siteCopy("new-block", { writableCode: true });
afterAll(remove);

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, { cwd: dir, encoding: "utf8", stdio: "pipe", env: { ...process.env, ...env } });

describe("npm run new-block", () => {
  it("scaffolds a registered, catalogued block that type-checks, passes its test and builds", () => {
    run("npx", ["tsx", "scripts/new-block.ts", "price-table"]);
    for (const file of ["block.ts", "schema.ts", "PriceTable.tsx", "example.yaml", "price-table.test.tsx"])
      expect(existsSync(join(dir, "src", "blocks", "price-table", file)), file).toBe(true);
    expect(readFileSync(join(dir, "docs", "blocks.md"), "utf8")).toContain("(`type: price-table`)");
    expect(readFileSync(join(dir, "content", "schema", "pages.schema.json"), "utf8")).toContain('"const": "price-table"');
    // The type check covers every block and what they import (the registries' types, the site model,
    // the UI): all the new block can break. The scripts and tests, which take a third of a whole
    // check and know no block by name, are left to npm test's own check. The steps run one after
    // another: side by side they starved the timed tests of the files running beside this one.
    writeFileSync(join(dir, "tsconfig.blocks.json"), JSON.stringify({ extends: "./tsconfig.json", include: ["src/blocks", "tests/support/setup-dom.ts"] }));
    run("npx", ["tsc", "--noEmit", "-p", "tsconfig.blocks.json"]);
    run("npx", [
      "vitest",
      "run",
      "--project",
      "unit",
      "--project",
      "unit-node",
      "src/blocks/price-table",
      "src/blocks/registry.test.tsx",
      "src/site/block-catalogue.test.ts",
      "tests/unit/json-schema.test.ts",
    ]);
    // As from a terminal: the test runner's NODE_ENV=test would make it a development build.
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(join(dir, "dist", "index.html"))).toBe(true);
    // A build of new code makes both bundles: the bundler's notes to its developers ([PLUGIN_TIMINGS] and the like) stay out of what a marketer reads.
    expect(`${build.stdout}${build.stderr}`).not.toMatch(/\[[A-Z_]{6,}\]/);
  }, 240_000);

  it("refuses a name that is not lowercase words joined by dashes, or that exists", () => {
    expect(() => run("npx", ["tsx", "scripts/new-block.ts", "PriceTable"])).toThrow(/lowercase words joined by dashes/);
    expect(() => run("npx", ["tsx", "scripts/new-block.ts", "hero"])).toThrow(/src\/blocks\/hero exists already/);
  });
});
