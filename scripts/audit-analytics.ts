/**
 * Lighthouse over the live content with an analytics provider configured: one build with
 * Plausible, one with Google Analytics 4 behind the consent banner. Both point at a local
 * stand-in for the provider (tests/support/analytics-sites.ts) that serves the script and
 * answers every hit, so the audit sees the provider at work rather than a failed request.
 * Usage: npm run audit:analytics [-- /route ...]   (AUDIT_RUNS as for npm run audit)
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { analyticsSites, startCollector, VARIANTS, type Variant } from "../tests/support/analytics-sites.ts";
import { ROOT } from "../tests/support/fixture-site.ts";

const collector = await startCollector();
const sites = await analyticsSites(collector.url, { content: ROOT, track: false, prefix: "audit-analytics" }).catch(async (error: unknown) => {
  await collector.close();
  throw error;
});
try {
  for (const name of Object.keys(VARIANTS) as Variant[]) {
    console.log(`\n## ${name}: ${sites.dists[name]} (provider stand-in at ${collector.url})`);
    const before = collector.requests.length;
    await runAudit(sites.dists[name], process.argv.slice(2));
    console.log(`\nThe provider stand-in answered ${collector.requests.length - before} requests during these audits.`);
  }
} finally {
  await sites.stop();
  await collector.close();
}

function runAudit(dist: string, routes: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/audit.ts", ...routes], {
      cwd: ROOT,
      env: { ...process.env, AUDIT_DIST: dist },
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`The audit of ${dist} ended with code ${code}.`))));
  });
}
