// @vitest-environment node
/**
 * The CI workflow (.github/workflows/site.yml) passes the GitHub Actions workflow validator and does what
 * README's "Publishing" says; npm run deploy without a token says what to set and publishes nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../../tests/support/fixture-site.ts";

const WORKFLOW = join(ROOT, ".github", "workflows", "site.yml");
const VALIDATOR = join(ROOT, "node_modules", "@action-validator", "cli", "cli.mjs");
const validate = (file: string) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: "utf8" });

interface Workflow {
  on: { push: { branches: string[] }; pull_request: unknown; schedule: { cron: string }[] };
  jobs: Record<string, { needs?: string; if?: string; steps: { run?: string; uses?: string; env?: Record<string, string> }[] }>;
}

describe("the CI workflow", () => {
  const text = readFileSync(WORKFLOW, "utf8");
  const workflow = parse(text) as Workflow;

  it("passes the workflow validator", () => {
    const result = validate(WORKFLOW);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("is refused by the validator when it is wrong, so the check above can fail", () => {
    const dir = mkdtempSync(join(tmpdir(), "workflow-"));
    try {
      writeFileSync(join(dir, "site.yml"), text.replace("  pull_request:\n", "  pull_requests:\n"));
      expect(validate(join(dir, "site.yml")).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks every push and pull request, deploys main and previews, and rebuilds daily", () => {
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on.schedule).toHaveLength(1);
    const runs = workflow.jobs.check!.steps.map((step) => step.run ?? "");
    expect(runs).toContain("npm run validate");
    expect(runs).toContain("npm test");
    expect(workflow.jobs.deploy!.needs).toBe("check");
    const deploy = workflow.jobs.deploy!.steps.find((step) => step.run?.includes("scripts/deploy.mjs"));
    expect(deploy?.run).toContain("github.head_ref");
    expect(deploy?.env?.CLOUDFLARE_API_TOKEN).toContain("secrets.CLOUDFLARE_API_TOKEN");
  });
});

describe("npm run deploy", () => {
  it("without a token says what to set, and neither builds nor publishes", () => {
    const env = { ...process.env };
    delete env.CLOUDFLARE_API_TOKEN;
    delete env.CLOUDFLARE_ACCOUNT_ID;
    const result = spawnSync(process.execPath, [join(ROOT, "scripts", "deploy.mjs")], { cwd: ROOT, env, encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("CLOUDFLARE_API_TOKEN");
    expect(result.stderr).toContain("Nothing was published.");
    expect(result.stdout).toBe("");
  });
});
