/**
 * npm run edit and npm run dev as servers on a laptop where other pages are open: a page
 * served by another local server (another port of 127.0.0.1, which the browser counts as
 * the same site) tries to read the content and the code, to open a file in the text editor
 * and to reach the HMR websocket, with the editor open in the same browser. And an SVG with
 * a script, opened in the editor's own tab, runs nothing.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FILE_POLICY, tokenCookieName } from "../../src/pipeline/dev-guard.ts";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { useBrowser } from "../support/browser.ts";
import { siteCopy } from "../support/site-copy.ts";

// The editor's first page load prepares its modules: tens of seconds on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
const browser = useBrowser();
const site = siteCopy("dev-tools-origin");
/** A picture with a script: whatever runs, it says so on the console and tries to take what it can. */
const SCRIPT_RAN = "svg-script-ran";
const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/><script>console.log("${SCRIPT_RAN} " + document.cookie); fetch("/__editor/api/state").then((r) => r.text()).then((t) => console.log("${SCRIPT_RAN} read " + t.length));</script></svg>`;
writeFileSync(join(site.dir, "content", "images", "hostile.svg"), HOSTILE_SVG);

// What Vite's /__open-in-editor would run: a program that leaves a mark, so a test sees whether it ran.
const scratch = mkdtempSync(join(tmpdir(), "dev-tools-origin-"));
const opened = join(scratch, "opened");
const launcher = join(scratch, "editor.sh");
writeFileSync(launcher, `#!/bin/sh\necho "$@" > ${JSON.stringify(opened)}\n`);
chmodSync(launcher, 0o755);
const launchEditorBefore = process.env.LAUNCH_EDITOR;

let editor: RunningEditor;
let dev: ViteDevServer;
let devOrigin = "";
/** The other local server: its page is the attacker's. */
let other: Server;
let otherOrigin = "";

beforeAll(async () => {
  process.env.LAUNCH_EDITOR = launcher;
  editor = await startEditor({ root: site.dir, port: 0, quiet: true });
  dev = await createServer({ root: site.dir, cacheDir: join(site.dir, ".vite"), logLevel: "silent", server: { port: 0, host: "127.0.0.1" } });
  await dev.listen();
  devOrigin = `http://127.0.0.1:${(dev.httpServer!.address() as AddressInfo).port}`;
  other = createHttpServer((req, res) => {
    if (req.url === "/hostile.svg") {
      res.writeHead(200, { "Content-Type": "image/svg+xml" });
      res.end(HOSTILE_SVG);
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>Another local page</title><p>Another local page</p>");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  if (launchEditorBefore === undefined) delete process.env.LAUNCH_EDITOR;
  else process.env.LAUNCH_EDITOR = launchEditorBefore;
  await editor?.close();
  await dev?.close();
  await new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve()));
  site.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** A browser context in which the editor was opened from its printed address (so the browser holds its cookie). */
async function contextWithEditorOpen(): Promise<{ context: BrowserContext; page: Page; console: string[] }> {
  const context = await browser().newContext();
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  // The cookie comes with the first answer: no need to wait for the editor's scripts.
  await page.goto(editor.url, { waitUntil: "commit", timeout: 150_000 });
  expect(page.url()).toBe(`${editor.origin}/__editor/`);
  const cookie = (await context.cookies(editor.origin)).find((candidate) => candidate.name === tokenCookieName(Number(new URL(editor.origin).port)));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", value: editor.token });
  return { context, page, console: messages };
}

/** What the other origin's page manages to do against `target`: each attempt's outcome, as that page sees it. */
async function attack(page: Page, target: string) {
  return page.evaluate(async (target) => {
    const read = async (path: string) => {
      try {
        const response = await fetch(target + path, { mode: "cors", credentials: "include" });
        return `read ${response.status}: ${(await response.text()).slice(0, 40)}`;
      } catch {
        return "refused";
      }
    };
    const load = (tag: "img" | "script", path: string) =>
      new Promise<string>((resolve) => {
        const element = document.createElement(tag);
        element.addEventListener("load", () => resolve("loaded"));
        element.addEventListener("error", () => resolve("refused"));
        element.setAttribute("src", target + path);
        document.body.append(element);
      });
    const socket = () =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${target.replace(/^http/, "ws")}/`, "vite-hmr");
        ws.addEventListener("open", () => {
          ws.close();
          resolve("open");
        });
        ws.addEventListener("error", () => resolve("refused"));
        ws.addEventListener("close", () => resolve("refused"));
      });
    // A GET is all /__open-in-editor needs: a no-cors request, whose answer the page cannot read anyway.
    await fetch(`${target}/__open-in-editor?file=/etc/passwd`, { mode: "no-cors", credentials: "include" }).catch(() => undefined);
    return {
      siteContent: await read("/__site-content?path=/"),
      pagesYaml: await read("/pages.yaml"),
      siteYaml: await read("/content/site.yaml"),
      source: await read("/src/editor/server.ts"),
      viteClient: await read("/@vite/client"),
      editorState: await read("/__editor/api/state"),
      openInEditor: await read("/__open-in-editor?file=/etc/passwd"),
      picture: await load("img", "/content/images/founder.jpg"),
      script: await load("script", "/src/render/dev-client.tsx"),
      websocket: await socket(),
    };
  }, target);
}

const REFUSED = {
  siteContent: "refused",
  pagesYaml: "refused",
  siteYaml: "refused",
  source: "refused",
  viteClient: "refused",
  editorState: "refused",
  openInEditor: "refused",
  picture: "refused",
  script: "refused",
  websocket: "refused",
};

/** A raw request, with the headers the browser sent from the other page. */
function rawStatus(origin: string, path: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers: { host: `${hostname}:${port}`, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The HMR websocket's handshake: 101 if the server takes it, else the status it answered. */
function upgradeStatus(origin: string, path: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      path,
      headers: {
        host: `${hostname}:${port}`,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": Buffer.from("a sixteen byte k").toString("base64"),
        "sec-websocket-protocol": "vite-hmr",
        ...headers,
      },
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each([
  ["npm run edit", () => editor.origin],
  ["npm run dev", () => devOrigin],
])("%s, for a page on another local port", (_name, origin) => {
  it("answers nothing: no content, no code, no websocket, no file opened in the text editor", async () => {
    const { context, page } = await contextWithEditorOpen();
    try {
      await page.goto(`${otherOrigin}/`, { waitUntil: "load" });
      expect(await attack(page, origin())).toEqual(REFUSED);
      expect(existsSync(opened)).toBe(false);
    } finally {
      await context.close();
    }
    // What the browser sent is refused with 403, not merely left unreadable.
    const fromOther = { origin: otherOrigin, "sec-fetch-site": "same-site" };
    for (const path of ["/__site-content?path=/", "/pages.yaml", "/src/editor/server.ts", "/__open-in-editor?file=/etc/passwd"])
      expect(await rawStatus(origin(), path, { ...fromOther, "x-editor-token": editor.token }), path).toBe(403);
    expect(await rawStatus(origin(), "/content/images/founder.jpg", { "sec-fetch-site": "same-site" })).toBe(403);
    // Even a typed address or a tool on this computer cannot make it open a file in the text editor.
    expect(await rawStatus(origin(), "/__open-in-editor?file=/etc/passwd", { "sec-fetch-site": "none", "x-editor-token": editor.token })).toBe(403);
    expect(existsSync(opened)).toBe(false);
  });

  it("keeps the HMR websocket to its own pages, even for a page that knew Vite's websocket token", async () => {
    const server = origin() === devOrigin ? dev : editor.server;
    const path = `/?token=${server.config.webSocketToken}`;
    const credentials: Record<string, string> = origin() === devOrigin ? {} : { cookie: `${tokenCookieName(Number(new URL(origin()).port))}=${editor.token}` };
    expect(await upgradeStatus(origin(), path, { ...credentials, origin: otherOrigin })).toBe(403);
    expect(await upgradeStatus(origin(), path, { ...credentials, origin: origin() })).toBe(101);
    if (origin() === editor.origin) expect(await upgradeStatus(origin(), path, { origin: origin() })).toBe(403);
  });

  it("sends a picture opened in its own tab under a policy that runs no script", async () => {
    const { context, page, console } = await contextWithEditorOpen();
    try {
      // The same picture from a server without the policy runs its script: the console shows it.
      await page.goto(`${otherOrigin}/hostile.svg`, { waitUntil: "load" });
      await expect.poll(() => console.some((line) => line.startsWith(`${SCRIPT_RAN} read`)), { timeout: 10_000 }).toBe(true);
      console.length = 0;
      const response = await page.goto(`${origin()}/content/images/hostile.svg`, { waitUntil: "load" });
      expect(response!.status()).toBe(200);
      expect(response!.headers()["content-security-policy"]).toBe(FILE_POLICY);
      expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
      await page.waitForTimeout(500);
      expect(console.filter((line) => line.startsWith(SCRIPT_RAN))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("npm run edit's token", () => {
  it("is needed on every route, and leaves the address bar and the page's storage for an HttpOnly cookie", async () => {
    for (const path of ["/", "/pages.yaml", "/src/render/dev-client.tsx", "/@vite/client", "/__editor/"])
      expect(await rawStatus(editor.origin, path, {}), path).toBe(403);
    const { context, page } = await contextWithEditorOpen();
    try {
      await page.locator("[data-outline]").waitFor({ timeout: 150_000 });
      const stored = await page.evaluate(() => ({
        cookie: document.cookie,
        session: JSON.stringify({ ...sessionStorage }),
        local: JSON.stringify({ ...localStorage }),
        html: document.documentElement.outerHTML,
      }));
      for (const [where, text] of Object.entries(stored)) expect(text, where).not.toContain(editor.token);
      expect(page.url()).not.toContain("token");
      // A page of the editor's own origin reaches the site's pages with the cookie alone.
      const home = await context.request.get(`${editor.origin}/`);
      expect(home.status()).toBe(200);
      expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    } finally {
      await context.close();
    }
    // The editor's page itself: its own scripts and Vite's inline ones by hash, no plugins, never framed.
    const policy = (await fetch(`${editor.origin}/__editor/`, { headers: { "x-editor-token": editor.token } })).headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
