// @vitest-environment node
/**
 * What the editor's server (npm run edit) writes, byte for byte, on a temporary copy of the
 * fixture site: never over a change another program made meanwhile, never with the file's
 * line endings, byte-order mark, permissions or owner lost, never over a file that is not
 * UTF-8 text, and any file the content limit allows.
 */
import { chmodSync, chownSync, closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { stringify } from "yaml";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { keepConventions, replaceIfUnchanged } from "../../src/editor/server.ts";
import { applyEdit, valueOf, type Edit } from "../../src/editor/yaml-edit.ts";
import { rawRequest } from "../support/raw-request.ts";
import { siteCopy } from "../support/site-copy.ts";

const site = siteCopy("editor-writes-test");
const pagesFile = join(site.dir, "pages.yaml");
const original = readFileSync(pagesFile, "utf8");
let editor: RunningEditor;

/**
 * Another program writing the file (a text editor, git): in a thread of its own, so it writes
 * while the editor's server is busy validating, as a separate program would.
 */
const WRITER = `
const { parentPort } = require("node:worker_threads");
const { writeFileSync } = require("node:fs");
parentPort.on("message", ({ file, text, delay }) => {
  setTimeout(() => {
    writeFileSync(file, text);
    parentPort.postMessage("written");
  }, delay);
});
`;
let writer: Worker;

beforeAll(async () => {
  // The pictures made for the project are keyed by their content: the copy reuses them rather than making them again.
  process.env.IMAGE_CACHE_DIR ??= join(import.meta.dirname, "..", "..", ".cache", "images");
  writer = new Worker(WRITER, { eval: true });
  editor = await startEditor({ root: site.dir, port: 0, quiet: true });
}, 180_000);
afterAll(async () => {
  await writer?.terminate();
  await editor?.close();
  site.remove();
});
afterEach(() => {
  writeFileSync(pagesFile, original);
  chmodSync(pagesFile, 0o644);
});

const send = (path: string, options?: Parameters<typeof rawRequest>[2]) => rawRequest(editor.origin, path, options);

const own = () => ({ origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" });
const save = (body: unknown) => send("/__editor/api/save", { method: "POST", headers: own(), body: JSON.stringify(body) });
const state = () => send("/__editor/api/state", { headers: { "x-editor-token": editor.token } });

const newSection: Edit = {
  op: "insert",
  path: ["routes", 0, "sections"],
  index: 2,
  value: {
    type: "stats",
    items: [
      { value: 7, label: "Offices" },
      { value: 12, label: "Partners" },
    ],
  },
};

describe("the editor's writes", () => {
  it("never answers 200 over a change another program wrote during the save", async () => {
    for (let round = 0; round < 20; round++) {
      const base = readFileSync(pagesFile, "utf8");
      const mine = applyEdit(base, { op: "set", path: ["routes", 0, "title"], value: `The editor's title ${round}` });
      const theirs = `${base}# Written in a text editor, round ${round}\n`;
      const written = new Promise((resolve) => writer.once("message", resolve));
      writer.postMessage({ file: pagesFile, text: theirs, delay: Math.random() * 200 });
      const response = await save({ file: "pages", base, text: mine });
      await written;
      // Either way the text editor's change is what the file holds: refused (409) when it came
      // first, or written over the editor's save when it came after. Never lost under a 200.
      expect([200, 409], JSON.stringify(response.body).slice(0, 300)).toContain(response.status);
      expect(readFileSync(pagesFile, "utf8"), `round ${round}, answered ${response.status}`).toBe(theirs);
      // A text editor writes in place: the server may have caught it halfway.
      if (response.status === 409) expect(theirs.startsWith(response.body.disk as string)).toBe(true);
    }
  }, 60_000);

  it("puts back a change another program began in the moment before its rename, and refuses the save", () => {
    const dir = mkdtempSync(join(tmpdir(), "replace-"));
    try {
      const file = join(dir, "pages.yaml");
      writeFileSync(file, original);
      const mine = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "The editor's title" });
      const theirs = `${original}# Written in a text editor\n`;
      let theirFile = -1;
      const refused = () =>
        replaceIfUnchanged(
          file,
          Buffer.from(original),
          Buffer.from(mine),
          (found) => new Error(`changed: ${found.length} bytes`),
          () => {
            // A text editor opens the file to write it (which empties it) just before the rename.
            theirFile = openSync(file, "w");
          },
        );
      // Refused; the server answers with the file once the other program has finished writing it.
      expect(refused).toThrow();
      // What it then writes lands at the path: the file it writes to is the one put back.
      writeSync(theirFile, theirs);
      closeSync(theirFile);
      expect(readFileSync(file, "utf8")).toBe(theirs);
      // Untouched in that moment, the save is written, and leaves nothing beside the file.
      replaceIfUnchanged(file, Buffer.from(theirs), Buffer.from(mine), () => new Error("changed"));
      expect(readFileSync(file, "utf8")).toBe(mine);
      expect(readdirSync(dir)).toEqual(["pages.yaml"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps Windows line endings and a byte-order mark, on the lines it changed too", async () => {
    const windows = "\uFEFF" + original.replaceAll("\n", "\r\n");
    writeFileSync(pagesFile, windows);
    const edited = applyEdit(windows, newSection);
    // The edit writes its new lines with LF: the file would end up with both.
    expect(edited).toMatch(/[^\r]\n/);
    const response = await save({ file: "pages", base: windows, text: edited });
    expect(response.status).toBe(200);
    const bytes = readFileSync(pagesFile);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const written = bytes.toString("utf8");
    expect(written).not.toMatch(/[^\r]\n/);
    expect(valueOf(written)).toEqual(valueOf(applyEdit(original, newSection)));
    // The editor's next save starts from what was written.
    expect(response.body.text).toBe(written);

    // A draft sent with LF throughout and no mark (as a text box gives it): the file keeps both.
    const flattened = applyEdit(original, { op: "set", path: ["routes", 0, "sections", 1, "heading"], value: "In numbers" });
    const second = await save({ file: "pages", base: written, text: flattened });
    expect(second.status).toBe(200);
    const again = readFileSync(pagesFile, "utf8");
    expect(again).toBe("\uFEFF" + flattened.replaceAll("\n", "\r\n"));
  });

  it("keeps the file's permissions and owner", async () => {
    chmodSync(pagesFile, 0o600);
    const canGiveAway = process.getuid?.() === 0;
    if (canGiveAway) chownSync(pagesFile, 4321, 4321);
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "A private title" });
    const response = await save({ file: "pages", base: original, text });
    expect(response.status).toBe(200);
    expect(readFileSync(pagesFile, "utf8")).toBe(text);
    const stat = statSync(pagesFile);
    expect((stat.mode & 0o777).toString(8)).toBe("600");
    if (canGiveAway) expect([stat.uid, stat.gid]).toEqual([4321, 4321]);
  });

  it("never rewrites a file that is not UTF-8 text, and says where it is not", async () => {
    // "Español" saved as Windows-1252: ñ is the single byte F1.
    const at = original.indexOf("title: ") + "title: ".length;
    const latin1 = Buffer.concat([Buffer.from(original.slice(0, at)), Buffer.from("Espa\xf1ol ", "latin1"), Buffer.from(original.slice(at))]);
    const offset = Buffer.byteLength(original.slice(0, at)) + 4;
    const line = original.slice(0, at).split("\n").length;
    writeFileSync(pagesFile, latin1);

    const opened = await state();
    expect(opened.status).toBe(415);
    expect(opened.body).toMatchObject({ file: "pages.yaml", line, offset });
    expect(opened.body.error).toMatch(/^pages\.yaml: The file is not saved as UTF-8: the byte 0xF1 at line \d+/);

    // A draft from the file read with its bytes replaced (what the editor read before) is refused too.
    const replaced = latin1.toString("utf8");
    const text = applyEdit(replaced, { op: "set", path: ["routes", 1, "title"], value: "Another page's title" });
    const response = await save({ file: "pages", base: replaced, text });
    expect(response.status).toBe(415);
    expect(response.body.error).toMatch(/does not open or write over it/);
    expect(readFileSync(pagesFile).equals(latin1)).toBe(true);
  });

  it("refuses a request body that is not UTF-8 rather than write replacement characters", async () => {
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "Espa~ol" });
    const body = Buffer.from(JSON.stringify({ file: "pages", base: original, text }));
    body[body.indexOf("Espa~ol") + 4] = 0xf1;
    const response = await send("/__editor/api/save", { method: "POST", headers: own(), body });
    expect(response.status).toBe(400);
    expect(readFileSync(pagesFile, "utf8")).toBe(original);
  });

  it("refuses half a character spelled in JSON, which UTF-8 cannot hold", async () => {
    const text = applyEdit(original, { op: "set", path: ["routes", 0, "title"], value: "Half PLACEHOLDER" });
    const body = JSON.stringify({ file: "pages", base: original, text }).replace("PLACEHOLDER", "\\ud800");
    const response = await send("/__editor/api/save", { method: "POST", headers: own(), body });
    expect(response.status).toBe(400);
    expect(readFileSync(pagesFile, "utf8")).toBe(original);
  });

  it("saves a valid pages.yaml of 2.3 MB", async () => {
    // Hundreds of routes made from the fixture's own pages (the language ones, the home page and the fallback left out).
    const value = valueOf(original) as { routes: { path: string; lang?: string }[] };
    const plain = value.routes.filter((route) => !route.lang && !["/", "*", "/home"].includes(route.path) && !route.path.startsWith("/es/"));
    const options = { aliasDuplicateObjects: false, lineWidth: 0 };
    const copies = Math.ceil((2.3e6 - original.length) / Buffer.byteLength(stringify({ routes: plain }, options)));
    const routes = [...value.routes];
    for (let copy = 0; copy < copies; copy++) routes.push(...plain.map((route) => ({ ...route, path: `/copy-${copy}${route.path}` })));
    const big = stringify({ ...value, routes }, options);
    expect(Buffer.byteLength(big)).toBeGreaterThan(2.3e6);
    writeFileSync(pagesFile, big);
    const text = applyEdit(big, { op: "set", path: ["routes", 0, "title"], value: "A title on a large site" });
    const response = await save({ file: "pages", base: big, text });
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    expect(readFileSync(pagesFile, "utf8")).toBe(text);
  }, 180_000);
});

describe("the file's own conventions", () => {
  it("leaves a file with LF line endings as the edit made it", () => {
    expect(keepConventions("a: 1\nb: 2\n", "a: 1\nb: 3\nc: 4\n")).toBe("a: 1\nb: 3\nc: 4\n");
  });

  it("gives the changed lines of a CRLF file CRLF, and leaves the bytes of the other lines alone", () => {
    // One line of a mostly CRLF file ends with LF alone: it is not the edit's to change.
    const disk = "a: 1\r\nb: 2\nc: 3\r\nd: 4\r\n";
    expect(keepConventions(disk, "a: 1\r\nb: 2\nc: 3\r\nx: 9\ny: 8\nd: 4\r\n")).toBe("a: 1\r\nb: 2\nc: 3\r\nx: 9\r\ny: 8\r\nd: 4\r\n");
    // A line break the edit turned from CRLF into LF is the edit's: it gets CRLF back.
    expect(keepConventions("a: 1\r\nb: 2\r\n", "a: 1\nb: 2\r\n")).toBe("a: 1\r\nb: 2\r\n");
    expect(keepConventions("a: 1\r\nb: 2\r\n", "a: 1\nb: 2\n")).toBe("a: 1\r\nb: 2\r\n");
    // A line added before the first one.
    expect(keepConventions("a: 1\r\nb: 2\r\n", "\nx: 0\na: 1\r\nb: 2\r\n")).toBe("\r\nx: 0\r\na: 1\r\nb: 2\r\n");
  });

  it("puts back a byte-order mark the draft lost", () => {
    expect(keepConventions("\uFEFFa: 1\n", "a: 2\n")).toBe("\uFEFFa: 2\n");
    expect(keepConventions("a: 1\n", "a: 2\n")).toBe("a: 2\n");
  });
});
