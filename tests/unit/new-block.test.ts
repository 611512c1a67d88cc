import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
// A real copy of the sources (the scaffold writes into them); only the installed packages are shared.
const dir = mkdtempSync(join(tmpdir(), "new-block-"));
for (const entry of ["src", "scripts", "tests", "public", "content", "docs"]) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
for (const entry of ["index.html", "vite.config.ts", "vitest.config.ts", "tsconfig.json", "package.json", "pages.yaml"])
  cpSync(join(ROOT, entry), join(dir, entry));
symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, { cwd: dir, encoding: "utf8", stdio: "pipe", env: { ...process.env, ...env } });

describe("npm run new-block", () => {
  it("scaffolds a registered, catalogued block that type-checks, passes its test and builds", () => {
    run("npx", ["tsx", "scripts/new-block.ts", "price-table"]);
    for (const file of ["schema.ts", "PriceTable.tsx", "example.yaml", "price-table.test.tsx"])
      expect(existsSync(join(dir, "src", "blocks", "price-table", file)), file).toBe(true);
    expect(readFileSync(join(dir, "docs", "blocks.md"), "utf8")).toContain("(`type: price-table`)");
    expect(readFileSync(join(dir, "content", "schema", "pages.schema.json"), "utf8")).toContain('"const": "price-table"');
    run("npx", ["tsc", "--noEmit"]);
    run("npx", [
      "vitest",
      "run",
      "--project",
      "unit",
      "src/blocks/price-table",
      "src/blocks/registry.test.tsx",
      "src/content/block-catalogue.test.ts",
      "tests/unit/json-schema.test.ts",
    ]);
    // As from a terminal: the test runner's NODE_ENV=test would make it a development build.
    run("npm", ["run", "--silent", "build"], { NODE_ENV: "production" });
    expect(existsSync(join(dir, "dist", "index.html"))).toBe(true);
  }, 240_000);

  it("refuses a name that is not lowercase words joined by dashes, or that exists", () => {
    expect(() => run("npx", ["tsx", "scripts/new-block.ts", "PriceTable"])).toThrow(/lowercase words joined by dashes/);
    expect(() => run("npx", ["tsx", "scripts/new-block.ts", "hero"])).toThrow(/src\/blocks\/hero exists already/);
  });
});
