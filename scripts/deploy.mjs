/**
 * npm run deploy: builds the site and publishes dist/ on Cloudflare Pages, the site's host,
 * with wrangler (from npm, so nothing else to install). The token comes from the environment;
 * without it, a message says what to set and where to get it, and nothing is published.
 *
 * Usage: npm run deploy [-- --branch <name>] [-- --no-build]
 *   --branch    main (the default) publishes the live site; any other name a preview at its own address
 *   --no-build  publish dist/ as it is (CI builds and tests it first)
 *
 * Environment: CLOUDFLARE_API_TOKEN (required), CLOUDFLARE_ACCOUNT_ID (required),
 * CLOUDFLARE_PAGES_PROJECT (the Pages project's name; cpa-site when unset).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { branch: { type: "string", default: "main" }, "no-build": { type: "boolean", default: false } } });

const MISSING_TOKEN = `npm run deploy publishes the site on Cloudflare Pages, and needs two settings it did not find:

  CLOUDFLARE_API_TOKEN   an API token with the "Cloudflare Pages: Edit" permission
                         (Cloudflare dashboard → My Profile → API Tokens → Create Token)
  CLOUDFLARE_ACCOUNT_ID  the account's id (dashboard → Workers & Pages, right-hand column)

Set them for this command, like:
  CLOUDFLARE_API_TOKEN=... CLOUDFLARE_ACCOUNT_ID=... npm run deploy

You usually need neither: every push to main is published by the CI workflow
(.github/workflows/site.yml), which has them as repository secrets. Nothing was published.`;

const missing = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(MISSING_TOKEN);
  process.exit(1);
}
if (!/^[A-Za-z0-9._/-]{1,100}$/.test(values.branch)) {
  console.error(`--branch ${JSON.stringify(values.branch)}: a branch name is letters, digits, and . _ / - only.`);
  process.exit(1);
}

const project = process.env.CLOUDFLARE_PAGES_PROJECT || "cpa-site";
if (!values["no-build"]) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join("dist", "index.html"))) {
  console.error("dist/ has no site to publish: run npm run build first.");
  process.exit(1);
}

// wrangler's own command line, run by this Node: its launcher refuses a Node older than it was tested with.
const wrangler = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "wrangler-dist", "cli.js");
const deployed = spawnSync(
  process.execPath,
  [wrangler, "pages", "deploy", "dist", "--project-name", project, "--branch", values.branch, "--commit-dirty=true"],
  { stdio: "inherit" },
);
process.exit(deployed.status ?? 1);
