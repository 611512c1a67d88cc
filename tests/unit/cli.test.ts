// @vitest-environment node
/**
 * scripts/cli.mjs, which npm run build, npm run validate and npm start's server go through: the scripts run from a
 * bundle of the code, made again whenever the code changes, never a stale one.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteCopy } from "../support/site-copy.ts";

// The test edits the code, so the copy has code of its own.
const { dir, remove } = siteCopy("cli", { writableCode: true });
afterAll(remove);

const cli = (...args: string[]) => spawnSync(process.execPath, ["scripts/cli.mjs", ...args], { cwd: dir, encoding: "utf8" });
const bundles = () => readdirSync(join(dir, ".cache", "cli"));

describe("the command-line scripts", () => {
  it("run from a bundle of the code, bundled again once the code changes", () => {
    const first = cli("validate");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("Content is valid:");
    expect(bundles()).toHaveLength(1);

    const again = cli("validate");
    expect(again.stdout).toContain("Content is valid:");
    expect(bundles()).toHaveLength(1);

    const script = join(dir, "scripts", "validate.ts");
    writeFileSync(script, readFileSync(script, "utf8").replace("Content is valid:", "Content checks out:"));
    const changed = cli("validate");
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).toContain("Content checks out:");
    expect(bundles()).toHaveLength(2);
  }, 120_000);

  it("print their usage when asked, and name an option they do not know above it, without a stack trace", () => {
    const help = cli("build", "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: npm run build");
    expect(help.stdout).toContain("--content <dir>");
    for (const [args, message] of [
      [["build", "--frob"], "Unknown option '--frob'"],
      [["build", "--out"], "'--out <value>' argument missing"],
      [["validate", "--content", "elsewhere"], "Unknown option '--content'"],
    ] as const) {
      const wrong = cli(...args);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(message);
      expect(wrong.stderr).toContain(`Usage: npm run ${args[0]}`);
      expect(wrong.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("report a mistake in the content at its line, without Node's note on an uncaught error around it", () => {
    const pagesFile = join(dir, "pages.yaml");
    const pages = readFileSync(pagesFile, "utf8");
    writeFileSync(
      pagesFile,
      pages.replace(/^( {4}title: ).+$/m, (_, field: string) => `${field}""`),
    );
    try {
      for (const script of ["build", "validate"]) {
        const result = cli(script);
        expect(result.status).toBe(1);
        expect(result.stderr + result.stdout).toMatch(/pages\.yaml:\d+:\d+ +routes\[\d+\]\.title/);
        expect(result.stderr).not.toMatch(/triggerUncaughtException|Node\.js v\d|\n\s+at /);
      }
    } finally {
      writeFileSync(pagesFile, pages);
    }
  }, 120_000);

  it("names the scripts it runs when asked for another", () => {
    const result = cli("deploy");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: node scripts/cli.mjs <build|validate|serve>");
  });
});
