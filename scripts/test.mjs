/**
 * npm test: every check. The checks that need no build and the two builds (the live
 * site, the spec fixture site the browser tests run against) run side by side; each
 * one's output is printed whole once it ends. Then the unit and browser tests.
 *
 * Any arguments are passed on to vitest, like `npm test -- tests/browser/forms.test.ts`.
 */
import { spawn } from "node:child_process";

const PRETTIER = ["prettier", "--check", "src", "scripts", "tests", "vite.config.ts", "vitest.config.ts"];
const STEPS = [
  ["content", "npm", ["run", "--silent", "validate"]],
  ["types", "npm", ["run", "--silent", "typecheck"]],
  ["format", "npx", PRETTIER],
  ["build", "npm", ["run", "--silent", "build"]],
  ["fixture build", "npm", ["run", "--silent", "build:fixtures"]],
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
const results = await Promise.all(
  STEPS.map(async ([name, command, args]) => {
    const { code, output } = await run(command, args);
    process.stdout.write(`\n── ${name}: ${code === 0 ? "passed" : "FAILED"} (${[command, ...args].join(" ")}, done at ${seconds()})\n${output}`);
    return { name, code };
  }),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nnpm test stopped before the tests: ${failed.join(", ")} failed (output above).`);
  process.exit(1);
}

for (const [command, args] of [
  ["node", ["scripts/ensure-chromium.mjs"]],
  ["npx", ["vitest", "run", ...process.argv.slice(2)]],
]) {
  const { code } = await run(command, args, { inherit: true });
  if (code !== 0) process.exit(code);
}
