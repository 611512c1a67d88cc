import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createSiteServer } from "../../src/serve/site-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The live site, as built from pages.yaml and content/. */
    baseUrl: string;
    /** The spec fixture site (tests/fixtures/spec-site), built by npm run build:fixtures. */
    fixtureUrl: string;
  }
}

const ROOT = join(import.meta.dirname, "..", "..");
/** The live site's build (npm run build). */
export const LIVE_DIST = join(ROOT, "dist");
/** The spec fixture site's build (npm run build:fixtures). */
export const FIXTURE_DIST = join(ROOT, ".test-builds", "spec-site");

/** Browser tests run against built, prerendered sites, served as in production. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(FIXTURE_DIST, "404.html"))) throw new Error("The fixture site is not built: run npm run build:fixtures before the browser tests.");
  // Both exactly as npm start serves them: the live site under its own policy, with nothing widened for tests.
  const fixture = await serveSite(FIXTURE_DIST);
  project.provide("fixtureUrl", fixture.url);
  // Tests of the fixture alone (npm run test:visual:update) run without the live build; those of the live site say it is missing.
  if (!existsSync(join(LIVE_DIST, "404.html"))) {
    project.provide("baseUrl", "");
    return () => fixture.close();
  }
  const live = await serveSite(LIVE_DIST);
  project.provide("baseUrl", live.url);
  return () => Promise.all([live.close(), fixture.close()]);
}

/** Serves a built site as npm start does, on a free port of 127.0.0.1. */
export async function serveSite(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createSiteServer(dir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
