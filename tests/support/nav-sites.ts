import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";
import { ROOT, SPEC_SITE } from "./fixture-site.ts";
import { createSiteServer } from "../../src/serve/site-server.ts";

export interface NavLink {
  label: string;
  to: string;
}

/** The spec fixture's site.yaml as plain data, for tests that read its labels rather than the live copy. */
export function fixtureSite(): { navigation: { links: NavLink[]; menuLabel: string; cta: { label: string } } } {
  return parseDocument(readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8")).toJS();
}

/**
 * The spec fixture site with its header links replaced, built into
 * .test-builds/nav-<name> (the builds run side by side) and served; `stop` closes
 * the servers and removes the copied content.
 */
export async function navSites<N extends string>(sites: Record<N, NavLink[]>): Promise<{ urls: Record<N, string>; stop: () => Promise<void> }> {
  const copies = Object.entries<NavLink[]>(sites).map(([name, links]) => ({ name, links, dir: mkdtempSync(join(tmpdir(), `nav-${name}-`)) }));
  const servers: { close: (done: () => void) => void }[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => new Promise<void>((done) => server.close(() => done()))));
    for (const copy of copies) rmSync(copy.dir, { recursive: true, force: true });
  };
  try {
    const urls = {} as Record<N, string>;
    await Promise.all(
      copies.map(async ({ name, links, dir }) => {
        cpSync(SPEC_SITE, dir, { recursive: true });
        const file = join(dir, "content", "site.yaml");
        const site = parseDocument(readFileSync(file, "utf8"));
        site.setIn(["navigation", "links"], site.createNode(links));
        writeFileSync(file, site.toString());
        const out = join(ROOT, ".test-builds", `nav-${name}`);
        const env = { ...process.env };
        delete env.SITE_CONTENT_ROOT;
        await promisify(execFile)(process.execPath, ["scripts/cli.mjs", "build", "--content", dir, "--out", out], { cwd: ROOT, env });
        const server = createSiteServer(out);
        servers.push(server);
        await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
        urls[name as N] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      }),
    );
    return { urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
