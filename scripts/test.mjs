/**
 * npm test: every check. The checks that need no build run side by side with the two builds
 * (the spec fixture site the browser tests run against, then the live site); each one's output
 * is printed whole once it ends. Then the unit and browser tests.
 *
 * Cost follows change: the type check is incremental, the format check skips files whose
 * content it has already passed (.cache/prettier), and the builds reuse what is unchanged. The
 * two builds need the same pictures: on a clean clone (no picture cache yet) they run one after
 * the other, so the second takes the pictures from the cache the first filled rather than
 * encoding them again alongside; otherwise side by side.
 *
 * Any arguments are passed on to vitest, like `npm test -- tests/browser/forms.test.ts`.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const PRETTIER = [
  "prettier",
  "--check",
  "--cache",
  "--cache-strategy",
  "content",
  "--cache-location",
  ".cache/prettier/check.json",
  "src",
  "scripts",
  "tests",
  "vite.config.ts",
  "vitest.config.ts",
];
const BUILDS = [
  ["fixture build", "npm", ["run", "--silent", "build:fixtures"]],
  ["build", "npm", ["run", "--silent", "build"]],
];
const PICTURES = ".cache/images";
const picturesCached = existsSync(PICTURES) && readdirSync(PICTURES).length > 0;
/** Steps of one chain run one after another; the chains run side by side. */
const CHAINS = [
  [["content", "npm", ["run", "--silent", "validate"]]],
  [["types", "npm", ["run", "--silent", "typecheck"]]],
  [["format", "npx", PRETTIER]],
  ...(picturesCached ? BUILDS.map((build) => [build]) : [BUILDS]),
];

/** Runs a command with its output kept; resolves with its exit code and output. */
function run(command, args, { inherit = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const results = (
  await Promise.all(
    CHAINS.map(async (chain) => {
      const done = [];
      for (const [name, command, args] of chain) {
        const { code, output } = await run(command, args);
        process.stdout.write(`\n── ${name}: ${code === 0 ? "passed" : "FAILED"} (${[command, ...args].join(" ")}, done at ${seconds()})\n${output}`);
        done.push({ name, code });
        if (code !== 0) break;
      }
      return done;
    }),
  )
).flat();
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nnpm test stopped before the tests: ${failed.join(", ")} failed (output above).`);
  process.exit(1);
}
const checked = seconds();

for (const [command, args] of [
  ["node", ["scripts/ensure-chromium.mjs"]],
  ["npx", ["vitest", "run", ...process.argv.slice(2)]],
]) {
  const { code } = await run(command, args, { inherit: true });
  if (code !== 0) process.exit(code);
}
console.log(`\nnpm test passed in ${seconds()} (checks and builds ${checked}).`);
