// @vitest-environment node
/**
 * The editor's server (npm run edit) over HTTP, on a temporary copy of the fixture site:
 * what it writes, and everything it refuses.
 */
import { request } from "node:http";
import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { MAX_BODY_BYTES } from "../../src/editor/server.ts";
import { applyEdit } from "../../src/editor/yaml-edit.ts";
import { rawRequest } from "../support/raw-request.ts";
import { siteCopy } from "../support/site-copy.ts";

const site = siteCopy("editor-server-test");
const pagesFile = join(site.dir, "pages.yaml");
const original = readFileSync(pagesFile, "utf8");
let editor: RunningEditor;

beforeAll(async () => {
  // The pictures made for the project are keyed by their content: the copy reuses them rather than making them again.
  process.env.IMAGE_CACHE_DIR ??= join(import.meta.dirname, "..", "..", ".cache", "images");
  editor = await startEditor({ root: site.dir, port: 0, quiet: true });
}, 120_000);
afterAll(async () => {
  await editor?.close();
  site.remove();
});

/** A raw request, so the test sets Host and Origin as another website or a rebinding attack would. */
const send = (path: string, options?: Parameters<typeof rawRequest>[2]) => rawRequest(editor.origin, path, options);

const own = () => ({ origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" });
const saveRequest = (body: unknown, headers: Record<string, string> = own()) =>
  send("/__editor/api/save", { method: "POST", headers, body: JSON.stringify(body) });

describe("the editor's server", () => {
  it("listens on 127.0.0.1 only and prints its address with the token", () => {
    expect(editor.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__editor\/\?token=[\w-]{20,}$/);
    const address = editor.server.httpServer!.address();
    expect(typeof address === "object" && address?.address).toBe("127.0.0.1");
  });

  it("writes a valid change, only the changed line", async () => {
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "A new title" });
    const response = await saveRequest({ file: "pages", base: original, text });
    expect(response.status).toBe(200);
    const written = readFileSync(pagesFile, "utf8");
    expect(written).toBe(text);
    const changed = original.split("\n").filter((line, index) => written.split("\n")[index] !== line);
    expect(changed).toHaveLength(1);
    writeFileSync(pagesFile, original);
  });

  it("refuses a change that does not validate, with the validator's problems, and writes nothing", async () => {
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "sections", 0, "heading"], value: "" });
    const response = await saveRequest({ file: "pages", base: original, text });
    expect(response.status).toBe(422);
    const problems = response.body.problems as { path: string; code: string }[];
    expect(problems.some((problem) => problem.path === "routes[0].sections[0].heading")).toBe(true);
    expect(readFileSync(pagesFile, "utf8")).toBe(original);
  });

  it("never overwrites a file changed on disk: 409 with what conflicts, and the file as it is", async () => {
    const theirs = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "Their title" });
    writeFileSync(pagesFile, theirs);
    const mine = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "My title" });
    const response = await saveRequest({ file: "pages", base: original, text: mine });
    expect(response.status).toBe(409);
    expect(response.body.disk).toBe(theirs);
    expect(response.body.conflicts).toEqual([{ path: "routes[0].title", segments: ["routes", 0, "title"], yours: "My title", theirs: "Their title" }]);
    expect(readFileSync(pagesFile, "utf8")).toBe(theirs);
    // A change elsewhere is still reported (the client reapplies it on the file as it is), with no conflict.
    const elsewhere = applyEdit(original, { op: "set", path: ["routes", 0, "description"], value: "Mine" });
    const second = await saveRequest({ file: "pages", base: original, text: elsewhere });
    expect(second.status).toBe(409);
    expect(second.body.conflicts).toEqual([]);
    writeFileSync(pagesFile, original);
  });

  it("refuses another website's request, a request without the token, and a foreign host", async () => {
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "Hijacked" });
    const body = { file: "pages", base: original, text };
    expect((await saveRequest(body, { ...own(), origin: "https://evil.example" })).status).toBe(403);
    expect((await saveRequest(body, { ...own(), origin: "http://127.0.0.1:1" })).status).toBe(403);
    const { origin: _origin, ...noOrigin } = own();
    expect((await saveRequest(body, noOrigin)).status).toBe(403);
    const { "x-editor-token": _token, ...noToken } = own();
    expect((await saveRequest(body, noToken)).status).toBe(403);
    expect((await saveRequest(body, { ...own(), "x-editor-token": "guess" })).status).toBe(403);
    expect((await send("/__editor/api/state", { headers: { origin: "https://evil.example", "x-editor-token": editor.token } })).status).toBe(403);
    expect((await send("/__editor/api/state")).status).toBe(403);
    // DNS rebinding: the attacker's name pointing at 127.0.0.1.
    expect((await send("/__editor/api/state", { headers: { host: "evil.example", "x-editor-token": editor.token } })).status).toBe(403);
    expect((await send("/__editor/", { headers: { host: "evil.example" } })).status).toBe(403);
    expect(readFileSync(pagesFile, "utf8")).toBe(original);
  });

  it("writes only the content files, by id, never a path or a symbolic link", async () => {
    for (const file of ["../package.json", "/etc/passwd", "content/site.yaml", "pages.yaml", "__proto__", "toString"]) {
      const response = await saveRequest({ file, base: "", text: "x: 1\n" });
      expect(response.status, file).toBe(400);
    }
    const faq = join(site.dir, "content", "faq.yaml");
    const faqText = readFileSync(faq, "utf8");
    rmSync(faq);
    symlinkSync(join(site.dir, "package.json"), faq);
    const response = await saveRequest({ file: "faq", base: readFileSync(join(site.dir, "package.json"), "utf8"), text: faqText });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatch(/symbolic link/);
    rmSync(faq);
    writeFileSync(faq, faqText);
  });

  it("refuses a body over the size limit, counted as it arrives", async () => {
    // Sent with no length declared, and never ended: the server answers from what it counted.
    const { port } = new URL(editor.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path: "/__editor/api/save", method: "POST", agent: false, headers: { host: `127.0.0.1:${port}`, ...own() } },
        (res) => {
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on("error", reject);
      req.write(Buffer.alloc(MAX_BODY_BYTES + 1, "x"));
    });
    expect(status).toBe(413);
    expect(readFileSync(pagesFile, "utf8")).toBe(original);
  });

  it("serves the editor's page unframeable, and the content only with the token", async () => {
    expect((await send("/__editor/")).status).toBe(403);
    const page = await send("/__editor/", { headers: { "x-editor-token": editor.token } });
    expect(page.status).toBe(200);
    const state = await send("/__editor/api/state", { headers: { "x-editor-token": editor.token } });
    expect(state.status).toBe(200);
    expect((state.body.files as Record<string, { text: string }>).pages!.text).toBe(original);
  });
});
