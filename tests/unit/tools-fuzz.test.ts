// @vitest-environment node
/**
 * What a careless author, a broken editor plugin or a hostile file can put into the content,
 * thrown at the three tools that read it: validation, the page editor's save and the dev
 * server. Whatever arrives, none of them crashes or hangs (each answer within 2 s, and 2 s more per megabyte of file), and a
 * refused save leaves the file on disk as it was.
 *
 * The inputs are drawn from a seeded generator for a bounded time; a failure names its seed
 * and its round, so `FUZZ_SEED=<seed>` replays it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/site/load.ts";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { rawRequest } from "../support/raw-request.ts";
import { siteCopy } from "../support/site-copy.ts";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
/** How long each tool is fuzzed: enough for a few dozen rounds, bounded so the suite stays quick. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 6_000);
/**
 * A tool that takes longer than this to answer one file counts as hung: 5 s, and 2 s more per
 * megabyte, since the work may grow with the file's length (the file repeated to a megabyte is
 * one of the mutations) but no faster than that. A parser that goes quadratic or worse on a
 * hostile body runs for minutes, far past either; a dev server on a machine busy with the rest
 * of the suite has taken 2.2 s for a page while it reloaded the content.
 */
const answerMs = (bytes: number) => 5_000 + (2_000 * bytes) / 1_000_000;

/** mulberry32: small, fast and seeded, so a failing round can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

type Random = ReturnType<typeof random>;

/** Text that is deep, long or slow to parse for a naive parser, each as an author could type it into a YAML value or a Markdown body. */
const HOSTILE_TEXT: ((r: Random) => string)[] = [
  (r) => "> ".repeat(500 + r.int(2000)) + "deep",
  (r) => "*_".repeat(1000 + r.int(20_000)),
  (r) => "**_".repeat(1000 + r.int(10_000)),
  (r) => "[".repeat(1000 + r.int(5000)) + "](".repeat(r.int(2000)),
  (r) => Array.from({ length: 100 + r.int(400) }, (_, depth) => `${"  ".repeat(depth)}- item`).join("\n"),
  (r) => "|".repeat(2 + r.int(5000)) + "\n" + "|---".repeat(r.int(2000)),
  (r) => "`".repeat(r.int(5000)) + "<".repeat(r.int(5000)) + "\\".repeat(r.int(5000)),
  (r) => "&amp;&#x6a;".repeat(r.int(5000)),
  (r) => "x".repeat(r.int(200_000)),
];

/** Which kind of damage the last round did, for its failure message. */
let lastMutation = "";

/** The ways a file can arrive broken: bytes, encodings, nesting and sizes. */
function mutate(original: Buffer, r: Random): Buffer {
  const kind = r.int(9);
  lastMutation = `mutation ${kind}`;
  const at = r.int(original.length + 1);
  const splice = (insert: Buffer) => Buffer.concat([original.subarray(0, at), insert, original.subarray(at)]);
  switch (kind) {
    case 0: // random bytes
      return splice(Buffer.from(Array.from({ length: 1 + r.int(64) }, () => r.int(256))));
    case 1: // the file saved in Windows-1252
      return Buffer.from(original.toString("utf8").replace(/é|ñ|'|"/g, "é") + "\n# España\n", "latin1");
    case 2: // UTF-16 with its byte-order mark
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(original.toString("utf8"), "utf16le")]);
    case 3: // flow collections nested deep
      return splice(Buffer.from("[".repeat(100 + r.int(5000))));
    case 4: // block mappings nested deep
      return splice(Buffer.from(Array.from({ length: 50 + r.int(500) }, (_, depth) => `${" ".repeat(depth)}k${depth}:`).join("\n")));
    case 5: {
      // A hostile paragraph at the start of an article's Markdown body (or anywhere, in a file without one).
      const hostile = r.pick(HOSTILE_TEXT)(r).replaceAll("\n", "\n      ");
      const body = original.indexOf("body: |\n");
      if (body < 0) return splice(Buffer.from(`\n    body: |\n      ${hostile}\n`));
      const after = body + "body: |\n".length;
      return Buffer.concat([original.subarray(0, after), Buffer.from(`      ${hostile}\n\n`), original.subarray(after)]);
    }
    case 6: // cut off anywhere
      return original.subarray(0, at);
    case 7: // a NUL, a lone surrogate's bytes, an overlong encoding
      return splice(Buffer.from(r.pick([[0], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]])));
    default: // large: the file repeated up to about a megabyte (the editor's own tests save a 2.3 MB file)
      return Buffer.concat(Array.from({ length: 2 + r.int(Math.max(1, Math.floor(1_000_000 / original.length) - 1)) }, () => original));
  }
}

/** Runs `round` with fresh inputs until the time budget is spent; returns how many rounds ran. */
async function fuzz(name: string, round: (r: Random, index: number) => Promise<void>): Promise<number> {
  const started = Date.now();
  let index = 0;
  for (; index === 0 || Date.now() - started < BUDGET_MS; index++) {
    const r = random(SEED + index);
    try {
      await round(r, index);
    } catch (error) {
      (error as Error).message = `${name}, seed ${SEED} round ${index}, ${lastMutation} (replay with FUZZ_SEED=${SEED}): ${(error as Error).message}`;
      throw error;
    }
  }
  return index;
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const site = siteCopy("tools-fuzz");
const files = {
  pages: join(site.dir, "pages.yaml"),
  articles: join(site.dir, "content", "articles.yaml"),
  site: join(site.dir, "content", "site.yaml"),
};
const originals = Object.fromEntries(Object.entries(files).map(([id, path]) => [id, readFileSync(path)])) as Record<keyof typeof files, Buffer>;
const restore = () => Object.entries(files).forEach(([id, path]) => writeFileSync(path, originals[id as keyof typeof files]));

afterAll(() => site.remove());

describe("validation, whatever a file holds", () => {
  it("reports problems and never throws or hangs", async () => {
    // The first load pays for compiling the validator: not a hang.
    loadContent(site.dir, { projectRoot: site.dir });
    const rounds = await fuzz("validate", async (r) => {
      const id = r.pick(["pages", "articles", "site"] as const);
      const mutated = mutate(originals[id], r);
      writeFileSync(files[id], mutated);
      const { value, ms } = await timed(() => loadContent(site.dir, { projectRoot: site.dir }));
      expect(Array.isArray(value.problems)).toBe(true);
      expect(ms, `validation took ${Math.round(ms)} ms`).toBeLessThan(answerMs(mutated.length));
      restore();
    });
    expect(rounds).toBeGreaterThan(0);
  }, 60_000);
});

const send = rawRequest;

describe("the page editor's save, whatever it is sent", () => {
  let editor: RunningEditor;
  beforeAll(async () => {
    process.env.IMAGE_CACHE_DIR ??= join(import.meta.dirname, "..", "..", ".cache", "images");
    editor = await startEditor({ root: site.dir, port: 0, quiet: true });
  }, 120_000);
  afterAll(() => editor?.close());

  it("refuses a draft holding a zero byte, as validation refuses such a file on disk", async () => {
    restore();
    const headers = { origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" };
    const base = originals.pages.toString("utf8");
    const text = base.replace("title:", "title:\u0000");
    const response = await send(editor.origin, "/__editor/api/save", { method: "POST", headers, body: JSON.stringify({ file: "pages", base, text }) });
    expect(response.status).toBe(422);
    expect(response.text).toContain("file-encoding");
    expect(readFileSync(files.pages).equals(originals.pages)).toBe(true);
  });

  it("refuses Markdown nested past the limit at its line, sent as a save or written on disk under it, and keeps answering", async () => {
    restore();
    const headers = { origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" };
    const base = originals.articles.toString("utf8");
    const bodyAt = base.indexOf("body: |\n") + "body: |\n".length;
    expect(bodyAt).toBeGreaterThan("body: |\n".length);
    // Quotes nested two thousand deep at the start of the first article's body: a parser going one level deeper per mark runs out of stack.
    const text = `${base.slice(0, bodyAt)}      ${"> ".repeat(2000)}Nested.\n\n${base.slice(bodyAt)}`;
    const line = base.slice(0, bodyAt).split("\n").length;
    const response = await send(editor.origin, "/__editor/api/save", { method: "POST", headers, body: JSON.stringify({ file: "articles", base, text }) });
    expect(response.status).toBe(422);
    const problems = (JSON.parse(response.text) as { problems: { code: string; file: string; line: number }[] }).problems;
    expect(problems).toContainEqual(expect.objectContaining({ code: "markdown-too-deep", file: "content/articles.yaml", line }));
    expect(readFileSync(files.articles).equals(originals.articles)).toBe(true);

    // The same text saved by a text editor, while the page editor's server runs: it reads the file again and keeps answering.
    writeFileSync(files.articles, text);
    await expect
      .poll(async () => (await send(editor.origin, "/__site-content?path=/", { headers: { "x-editor-token": editor.token } })).status, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(409);
    expect((await send(editor.origin, "/__editor/api/state", { headers: { "x-editor-token": editor.token } })).status).toBe(200);
    restore();
    await expect
      .poll(async () => (await send(editor.origin, "/__site-content?path=/", { headers: { "x-editor-token": editor.token } })).status, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(200);
  }, 60_000);

  it("answers every save within 2 s (and 2 s more per megabyte), and a refused save changes nothing on disk", async () => {
    const headers = { origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" };
    const rounds = await fuzz("editor save", async (r) => {
      restore();
      const id = r.pick(["pages", "articles"] as const);
      const base = originals[id].toString("utf8");
      const text = mutate(originals[id], r).toString("utf8");
      const { value: response, ms } = await timed(() =>
        send(editor.origin, "/__editor/api/save", { method: "POST", headers, body: JSON.stringify({ file: id, base, text }) }),
      );
      expect(ms, `the save took ${Math.round(ms)} ms`).toBeLessThan(answerMs(Buffer.byteLength(text)));
      expect(response.status, response.text.slice(0, 300)).not.toBe(500);
      const disk = readFileSync(files[id]);
      if (response.status === 200) expect(disk.toString("utf8")).toBe(text);
      else expect(disk.equals(originals[id])).toBe(true);
      // The editor still answers after whatever it was sent.
      expect((await send(editor.origin, "/__editor/api/state", { headers: { "x-editor-token": editor.token } })).status).toBe(200);
    });
    restore();
    expect(rounds).toBeGreaterThan(0);
  }, 60_000);
});

describe("the dev server, whatever a file holds", () => {
  let server: ViteDevServer;
  let base = "";
  beforeAll(async () => {
    restore();
    server = await createServer({ root: site.dir, cacheDir: join(site.dir, ".vite"), logLevel: "silent", server: { port: 0, host: "127.0.0.1" } });
    await server.listen();
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
    // The first answer of each pays for transforming the page's modules: not a hang.
    for (const path of ["/", "/resources"]) await send(base, path, { headers: { accept: "text/html" } });
  }, 60_000);
  afterAll(() => server?.close());

  it("keeps answering while files change under it, and shows the content again once they are fixed", async () => {
    const rounds = await fuzz("dev server", async (r) => {
      const id = r.pick(["pages", "articles", "site"] as const);
      const mutated = mutate(originals[id], r);
      writeFileSync(files[id], mutated);
      // The watcher picks the change up while pages and the content are asked for.
      for (const path of ["/", "/__site-content", "/resources"]) {
        const { value: response, ms } = await timed(() => send(base, path, { headers: { accept: "text/html,application/json" } }));
        if (process.env.FUZZ_DEBUG) console.log(lastMutation, path, Math.round(ms));
        expect(ms, `${path} took ${Math.round(ms)} ms`).toBeLessThan(answerMs(mutated.length));
        expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
      }
      restore();
    });
    expect(rounds).toBeGreaterThan(0);
    restore();
    await expect.poll(async () => (await send(base, "/__site-content")).text, { timeout: 15_000, interval: 100 }).toContain("Save $50K+ in taxes this year");
  }, 90_000);
});
