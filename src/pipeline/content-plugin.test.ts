// @vitest-environment node
/**
 * The dev server stays up whatever a content file holds: a validation that throws (a parser
 * out of stack, say) is a content error on the page, at start and on every change, never an
 * exit or an unhandled rejection; and it shows what is on disk even when the watcher misses a change.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../site/load.ts";
import { siteCopy } from "../../tests/support/site-copy.ts";
import { CONTENT_PLUGIN_NAME, contentPlugin, type ContentPluginApi } from "./content-plugin.ts";
import { devGuard } from "./dev-guard.ts";

const site = siteCopy("content-plugin-throws");
const pagesFile = join(site.dir, "pages.yaml");
const original = readFileSync(pagesFile, "utf8");
let throwing = true;
const loader: typeof loadContent = (root, options) => {
  if (throwing) throw new RangeError("Maximum call stack size exceeded");
  return loadContent(root, options);
};
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
let server: ViteDevServer;
let base = "";

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  server = await createServer({
    root: site.dir,
    configFile: false,
    cacheDir: join(site.dir, ".vite"),
    logLevel: "silent",
    plugins: [devGuard(), contentPlugin({ loader })],
    server: { port: 0, host: "127.0.0.1" },
    // No browser asks for the app's modules here: bundling its dependencies would only go on writing into the copy as it is removed.
    optimizeDeps: { noDiscovery: true },
  });
  await server.listen();
  base = `http://127.0.0.1:${server.config.server.port}`;
}, 60_000);
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await server?.close();
  site.remove();
});

const contentModule = async () => (await server.environments.client.transformRequest("virtual:content"))?.code ?? "";
const siteContent = async () => (await fetch(`${base}/__site-content?path=/`)).status;

describe("the content plugin in the dev server, when the content cannot be checked", () => {
  it("starts, and shows the failure as a content error", async () => {
    const code = await contentModule();
    expect(code).toContain("could not be checked");
    expect(code).toContain("Maximum call stack size exceeded");
    expect(await siteContent()).toBe(409);
  });

  it("keeps serving through a change it cannot check, and takes in the next one", async () => {
    appendFileSync(pagesFile, "# a change the checks cannot get through\n");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fetch(`${base}/pages.yaml`)).status).toBe(200);
    expect(await siteContent()).toBe(409);
    throwing = false;
    writeFileSync(pagesFile, original);
    await expect.poll(siteContent, { timeout: 20_000, interval: 200 }).toBe(200);
    expect(await contentModule()).toContain("contentErrors = undefined");
    expect(rejections).toEqual([]);
  });
});

describe("the content plugin in the dev server, when the watcher misses a change", () => {
  it("shows what is on disk when a change follows the one the watcher reported too soon to be reported itself", async () => {
    throwing = false;
    await expect.poll(siteContent, { timeout: 20_000, interval: 200 }).toBe(200);
    const pageTitle = async () => ((await (await fetch(`${base}/__site-content?path=/`)).json()) as { page: { title: string } }).page.title;
    const title = await pageTitle();
    const document = parseDocument(original);
    const home = (document.toJS() as { routes: { path: string }[] }).routes.findIndex((route) => route.path === "/");
    document.setIn(["routes", home, "title"], "Renamed for a moment");
    // The watcher drops a change to a file that follows the one it reported within 50 ms: that
    // is done here by hand, without its timing. The first change is reported, the second is not.
    await server.watcher.unwatch(pagesFile);
    try {
      writeFileSync(pagesFile, document.toString());
      server.watcher.emit("change", pagesFile);
      expect(await pageTitle()).toBe("Renamed for a moment");
      writeFileSync(pagesFile, original);
      await expect.poll(pageTitle, { timeout: 5_000, interval: 100 }).toBe(title);
    } finally {
      server.watcher.add(pagesFile);
    }
  });
});

describe("the content plugin in the dev server, when a file it could not read is put back", () => {
  it("shows the content again though the watcher missed the file's return", async () => {
    throwing = false;
    await expect.poll(siteContent, { timeout: 20_000, interval: 200 }).toBe(200);
    await server.watcher.unwatch(pagesFile);
    try {
      // Saved as UTF-16 for a moment: the load cannot read it. Its return, within the watcher's 50 ms, is not reported.
      writeFileSync(pagesFile, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(original, "utf16le")]));
      server.watcher.emit("change", pagesFile);
      await expect.poll(siteContent, { timeout: 5_000, interval: 50 }).toBe(409);
      writeFileSync(pagesFile, original);
      await expect.poll(siteContent, { timeout: 5_000, interval: 100 }).toBe(200);
    } finally {
      server.watcher.add(pagesFile);
    }
  });
});

describe("the content plugin in the dev server, told of a text it has already taken in", () => {
  const version = async () => ((await (await fetch(`${base}/__site-content/version`)).json()) as { version: number }).version;

  it("reads nothing again for a file written again with a byte order mark, which a load drops, or for the editor's own save of it", async () => {
    throwing = false;
    // The watcher's news is given by hand, each exactly once.
    await server.watcher.unwatch(pagesFile);
    const text = `${original}# taken in\n`;
    const withMark = `\uFEFF${text}`;
    try {
      const first = await version();
      writeFileSync(pagesFile, text);
      server.watcher.emit("change", pagesFile);
      await expect.poll(version, { timeout: 20_000, interval: 100 }).toBeGreaterThan(first);
      expect(await siteContent()).toBe(200);
      const before = await version();
      writeFileSync(pagesFile, withMark);
      server.watcher.emit("change", pagesFile);
      // The settle check runs a while after a change: past it, nothing was read again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await version()).toBe(before);

      // The editor writes the file with its mark and hands its validation over; the watcher then reports that write.
      const plugin = server.config.plugins.find((each) => each.name === CONTENT_PLUGIN_NAME) as { api: ContentPluginApi };
      await plugin.api.saved("pages.yaml", { "pages.yaml": withMark }, loadContent(site.dir, { drafts: true }));
      const saved = await version();
      expect(saved).toBe(before + 1);
      server.watcher.emit("change", pagesFile);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await version()).toBe(saved);
    } finally {
      writeFileSync(pagesFile, original);
      server.watcher.add(pagesFile);
    }
  });
});
