import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain JavaScript module without types
import { createSiteServer } from "../../scripts/serve.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Browser tests run against the built, prerendered site, served as in production. */
export default async function setup(project: TestProject) {
  const dist = join(import.meta.dirname, "..", "..", "dist");
  if (!existsSync(join(dist, "404.html"))) throw new Error("dist/ is not built: run npm run build before the browser tests.");
  // Form tests post to an endpoint of their own on this machine: the policy lets forms reach it, and nothing else changes.
  const server = createSiteServer(dist, { formOrigins: ["http://127.0.0.1:*"] });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("baseUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
