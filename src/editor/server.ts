/**
 * The visual editor's side of the dev server (npm run edit): the editor's page, the
 * content files to edit, and the one way to write them. Added by scripts/edit.ts only,
 * never by vite.config.ts, so the built site has none of it.
 *
 * Anything the browser can reach, another website open in the same browser can try to
 * reach too: the dev server's guard (src/pipeline/dev-guard.ts) makes every request of this
 * server name it as its host (no DNS rebinding), come from its own pages and carry the
 * session's token (which only the address printed in the terminal holds; the browser keeps
 * it as an HttpOnly cookie). The API checks the token and the origin again, and a write must
 * come from this server's own origin. The client names a file by its id from a fixed list,
 * never by its path.
 */
import {
  closeSync,
  fchmodSync,
  fchownSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, join, sep } from "node:path";
import type { Plugin } from "vite";
import { blockSchemas, blockTypes } from "../blocks/registry.ts";
import { CONTENT_PLUGIN_NAME, contentRootOf, type ContentPluginApi } from "../pipeline/content-plugin.ts";
import { carriesToken, DEV_GUARD_NAME, isOwnOrigin, ownHosts, TOKEN_HEADER, type DevGuardApi } from "../pipeline/dev-guard.ts";
import { inlineScripts } from "../pipeline/security-headers.ts";
import { contentJsonSchemas } from "../site/content-json-schemas.ts";
import { listImages } from "../content/images.ts";
import { contentFileList, decodeContent, FileEncodingError, loadContent, type LoadResult } from "../site/load.ts";
import type { Problem } from "../content/problems.ts";
import { MAX_CONTENT_BYTES } from "../content/yaml.ts";
import { conflicts } from "./conflicts.ts";
import { valueOf } from "./yaml-edit.ts";

export const EDITOR_PATH = "/__editor/";
export const API_PATH = "/__editor/api/";
export { TOKEN_HEADER };
/**
 * A save holds a file twice (what the editor read, and its draft), each up to the content
 * limit, and JSON can write each character of content as two bytes (a quote or backslash
 * as \" or \\, a line break as \n): so any file the content limit allows can be saved, and
 * nothing much larger is ever kept in memory.
 */
export const MAX_BODY_BYTES = 2 * 2 * MAX_CONTENT_BYTES + 64 * 1024;

/** The content files the editor may write, by id: pages, site, and each collection. */
export function editableFiles(): Record<string, string> {
  return Object.fromEntries(contentFileList().map((file) => [file.replace(/^content\//, "").replace(/\.yaml$/, ""), file]));
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface EditorOptions {
  token: string;
}

export function editorPlugin({ token }: EditorOptions): Plugin {
  let root = process.cwd();
  let contentRoot = root;
  /** The last validation, with the texts it read: problems already there are not the edit's fault. */
  let baseline: { texts: Record<string, string>; problems: Problem[] } | undefined;
  let content: ContentPluginApi | undefined;

  const files = editableFiles();

  /** The file's text, exactly as its bytes say: a file that is not UTF-8 is refused, never read with characters replaced. */
  const readFile = (relative: string): string => decodeUtf8(relative, readFileSync(safePath(relative)));

  /** The file's full path, if it is a plain file inside the content root (no symbolic link on the way). */
  const safePath = (relative: string): string => {
    const full = join(contentRoot, relative);
    for (let at = full; at.length > contentRoot.length; at = dirname(at)) {
      let stat;
      try {
        stat = lstatSync(at);
      } catch {
        throw new HttpError(404, `${relative} is missing.`);
      }
      if (stat.isSymbolicLink()) throw new HttpError(403, `${relative} is a symbolic link: the editor writes only plain files in the content folder.`);
    }
    const real = realpathSync(full);
    if (!real.startsWith(realpathSync(contentRoot) + sep)) throw new HttpError(403, `${relative} is outside the content folder.`);
    return full;
  };

  const readAll = () => Object.fromEntries(Object.values(files).map((file) => [file, readFile(file)]));

  /** Every file's problems with `texts` in place of what is on disk, and the texts of every file it read. */
  const validate = (texts: Record<string, string>): { loaded: LoadResult; read: Record<string, string> } => {
    const read: Record<string, string> = {};
    const loaded = loadContent(contentRoot, {
      projectRoot: root,
      drafts: true,
      read: (file) => texts[file] ?? readFile(file),
      onRead: (file, text) => (read[file] = text),
    });
    return { loaded, read };
  };

  const baselineProblems = (texts: Record<string, string>) => {
    if (!baseline || Object.entries(texts).some(([file, text]) => baseline!.texts[file] !== text))
      baseline = { texts, problems: validate(texts).loaded.problems };
    return baseline.problems;
  };

  const state = () => {
    const texts = readAll();
    return {
      files: Object.fromEntries(Object.entries(files).map(([id, file]) => [id, { file, text: texts[file] }])),
      problems: baselineProblems(texts),
      schemas: contentJsonSchemas(),
      blocks: blockTypes.map((type) => {
        const meta = blockSchemas[type].meta() as { title?: string; description?: string } | undefined;
        return {
          type,
          title: meta?.title ?? type,
          description: meta?.description ?? "",
          example: readFileSync(join(root, "src", "blocks", type, "example.yaml"), "utf8"),
        };
      }),
      images: listImages({ content: contentRoot, project: root }),
    };
  };

  const save = (body: unknown) => {
    const { file: id, base, text: sent } = (body ?? {}) as { file?: unknown; base?: unknown; text?: unknown };
    if (typeof id !== "string" || !Object.hasOwn(files, id))
      throw new HttpError(400, `Unknown file ${JSON.stringify(id)}: the editor writes ${Object.keys(files).join(", ")} only.`);
    if (typeof base !== "string" || typeof sent !== "string")
      throw new HttpError(400, "The request must give the file's text as read (base) and as edited (text).");
    // JSON can spell half a character ("\ud800"), which UTF-8 cannot hold: written, it would become U+FFFD.
    if (LONE_SURROGATE.test(sent)) throw new HttpError(400, "The edited text holds half a character (a lone surrogate): it was not saved.");
    const file = files[id]!;
    const full = safePath(file);
    const diskBytes = readFileSync(full);
    const disk = decodeUtf8(file, diskBytes);
    const texts = { ...readAll(), [file]: disk };
    if (disk !== base) throw conflict(id, file, base, sent, disk);
    const text = keepConventions(disk, sent);
    if (text === disk) return { file: id, text, problems: baselineProblems(texts) };
    const before = baselineProblems(texts);
    const { loaded, read } = validate({ ...texts, [file]: text });
    const after = loaded.problems;
    const known = new Set(before.filter((p) => p.severity === "error").map(problemKey));
    const introduced = after.filter((p) => p.severity === "error" && !known.has(problemKey(p)));
    if (introduced.length) throw new HttpError(422, `The change to ${file} is not valid: it was not saved.`, { file: id, problems: after });
    try {
      replaceIfUnchanged(full, diskBytes, Buffer.from(text, "utf8"), (now) => conflict(id, file, base, text, decodeUtf8(file, now)));
    } catch (error) {
      if (!(error instanceof WrittenMeanwhile)) throw error;
      // The other program was still writing: its text, once it has finished, is what the editor shows.
      return settled(full).then((now) => {
        throw conflict(id, file, base, text, decodeUtf8(file, now));
      });
    }
    baseline = { texts: { ...texts, [file]: text }, problems: after };
    // The preview's dev server takes this validation as it is, without waiting for its file watcher.
    content?.saved(file, read, loaded).catch((error: unknown) => console.error(error));
    return { file: id, text, problems: after };
  };

  return {
    name: "site-editor",
    apply: "serve",
    configResolved(config) {
      root = config.root;
      contentRoot = contentRootOf(root);
      content = config.plugins.find((plugin) => plugin.name === CONTENT_PLUGIN_NAME)?.api as ContentPluginApi | undefined;
      // The editor writes files: without the guard's token on every route, any page in the browser could drive it.
      const guard = config.plugins.find((plugin) => plugin.name === DEV_GUARD_NAME)?.api as DevGuardApi | undefined;
      if (!guard) throw new Error("The page editor runs only behind the dev server's guard: add devGuard() to vite.config.ts's plugins.");
      guard.requireToken(token);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? "/";
        if (!url.startsWith("/__editor")) return next();
        try {
          checkHost(req);
          if (url.startsWith(API_PATH)) return void handleApi(req, res).catch((error) => fail(res, error));
          if (req.method !== "GET") throw new HttpError(405, "The editor's page is read with GET.");
          const path = url.split("?")[0];
          if (path !== EDITOR_PATH && path !== "/__editor") return next();
          void server
            .transformIndexHtml(url, EDITOR_HTML)
            .then((html) => {
              res.setHeader("Content-Type", "text/html; charset=utf-8");
              // The editor may not be framed by another page (a click there would be a click here).
              res.setHeader("X-Frame-Options", "DENY");
              res.setHeader("Content-Security-Policy", editorPolicy(html));
              res.setHeader("Cache-Control", "no-store");
              res.setHeader("Referrer-Policy", "no-referrer");
              res.end(html);
            })
            .catch((error) => fail(res, error));
        } catch (error) {
          fail(res, error);
        }
      });
    },
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse) {
    if (!carriesToken({ headers: req.headers, port: req.socket.localPort ?? 0 }, token))
      throw new HttpError(403, "Missing or wrong editor token: open the editor from the address npm run edit printed.");
    const origin = req.headers.origin;
    if (req.method !== "GET") {
      if (!origin || !allowedOrigin(req, origin))
        throw new HttpError(403, `Writes are accepted from this editor's own page only (origin ${origin ?? "missing"}).`);
    } else if (origin && !allowedOrigin(req, origin)) throw new HttpError(403, `Requests are accepted from this editor's own page only (origin ${origin}).`);
    const route = (req.url ?? "").slice(API_PATH.length).split("?")[0];
    if (route === "state" && req.method === "GET") return send(res, 200, state());
    if (route === "save" && req.method === "POST") {
      if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) throw new HttpError(415, "Send the change as application/json.");
      const body = await readBody(req, MAX_BODY_BYTES);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new HttpError(400, "The request body is not JSON.");
      }
      return send(res, 200, await save(parsed));
    }
    throw new HttpError(404, `No editor API at ${req.method} ${req.url}.`);
  }
}

/** The answer to a save whose file changed on disk since the editor read it: what collides, and the file as it is. */
function conflict(id: string, file: string, base: string, text: string, disk: string): HttpError {
  let found: ReturnType<typeof conflicts>;
  try {
    found = conflicts(valueOf(base), valueOf(text), valueOf(disk));
  } catch {
    found = [];
  }
  return new HttpError(409, `${file} changed on disk since the editor read it.`, { file: id, conflicts: found, disk });
}

/**
 * Writes `bytes` in place of the file at `full` if it still holds `expected`, whole or not at
 * all (the dev server never reads half a file), with the file's permissions and owner; else
 * throws what `changed` makes of the bytes found there.
 *
 * Every save runs from its first read to this rename without yielding to the event loop,
 * so two saves in this process never interleave. Another program can write at any moment,
 * though, and the file system has no "rename if unchanged". So the file as it was is given a
 * second name before it is read the last time, and read again through that name after the
 * rename: a text editor that opened the file to write it anew in between (which empties it)
 * wrote into the file as it was, which the rename took off the path. Its change is then put back
 * at the path, in the very file it is writing to, and the save is refused (WrittenMeanwhile): its
 * caller answers with that file once the other program has finished writing it.
 *
 * Still lost, in the moment between the last check and the rename: a write by a program that
 * opened the file without emptying it (to append, or to write over part of it) and writes after
 * the check that follows the rename; a save by a program that moves a new file into place; on a
 * file system without hard links, any write. And a write to the path between the rename and the
 * put-back gives way to the file put back.
 * `beforeRename` stands for what happens in that moment (the tests' other program).
 */
export function replaceIfUnchanged(full: string, expected: Buffer, bytes: Buffer, changed: (found: Buffer) => Error, beforeRename = () => {}) {
  const { mode, uid, gid } = statSync(full);
  const temporary = join(dirname(full), `.${basename(full)}.editing`);
  const before = join(dirname(full), `.${basename(full)}.before-save`);
  // Leftovers from an interrupted save (or anything else by those names, a link included) are removed, never written through.
  rmSync(temporary, { force: true });
  rmSync(before, { force: true });
  const fd = openSync(temporary, "wx", 0o600);
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    fchmodSync(fd, mode & 0o7777);
    try {
      fchownSync(fd, uid, gid);
    } catch {
      // Only the owner's superuser may give a file away: a file saved by its owner keeps its owner anyway.
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  let named = true;
  try {
    linkSync(full, before);
  } catch {
    named = false;
  }
  let found: Buffer;
  try {
    found = readFileSync(named ? before : full);
    // Replaced by another program's save (a new file renamed into place) since it was named: that one is read.
    if (found.equals(expected) && named && statSync(full).ino !== statSync(before).ino) found = readFileSync(full);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (named) rmSync(before, { force: true });
    throw error;
  }
  if (!found.equals(expected)) {
    rmSync(temporary, { force: true });
    if (named) rmSync(before, { force: true });
    throw changed(found);
  }
  beforeRename();
  renameSync(temporary, full);
  if (!named) return;
  const after = readFileSync(before);
  if (after.equals(expected)) {
    rmSync(before, { force: true });
    return;
  }
  renameSync(before, full);
  throw new WrittenMeanwhile();
}

/** A save refused because another program began writing the file in the moment before its rename: its file is back at the path. */
class WrittenMeanwhile extends Error {}

/** The file's bytes once it has not changed for a tenth of a second (or after two seconds): a program writing it has finished. */
async function settled(full: string): Promise<Buffer> {
  const state = () => {
    const { size, mtimeMs, ctimeMs } = statSync(full);
    return `${size} ${mtimeMs} ${ctimeMs}`;
  };
  let last = state();
  for (const stop = Date.now() + 2_000; Date.now() < stop;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = state();
    if (now === last) break;
    last = now;
  }
  return readFileSync(full);
}

/**
 * The sent text with the file's own conventions where the editor's edits lost them: a
 * byte-order mark the file starts with, and Windows line endings (CRLF) in a file that
 * mostly has them, on the lines that changed (the editor writes new lines with LF).
 * Lines the edit did not touch keep their bytes, so a file with mixed endings stays as it was.
 */
export function keepConventions(disk: string, sent: string): string {
  let text = disk.startsWith(BYTE_ORDER_MARK) && !sent.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK + sent : sent;
  const crlf = disk.split("\r\n").length - 1;
  const lf = disk.split("\n").length - 1 - crlf;
  if (crlf <= lf) return text;
  // The changed part: between the longest common start and end, widened to whole lines.
  let start = 0;
  while (start < disk.length && start < text.length && disk[start] === text[start]) start++;
  let end = 0;
  while (end < disk.length - start && end < text.length - start && disk[disk.length - 1 - end] === text[text.length - 1 - end]) end++;
  // lastIndexOf treats a negative start as 0: a change at the very start begins at 0.
  const from = start === 0 ? 0 : text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", text.length - end);
  const to = lineEnd === -1 ? text.length : lineEnd + 1;
  let changed = "";
  for (let at = from; at < to; at++) {
    if (text[at] === "\n" && text[at - 1] !== "\r") changed += "\r";
    changed += text[at];
  }
  text = text.slice(0, from) + changed + text.slice(to);
  return text;
}

const BYTE_ORDER_MARK = "\uFEFF";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of a file's bytes, with its byte order mark if it has one (so that it is written
 * back); a file the content loader refuses as not UTF-8 (file-encoding) is refused with the
 * same words, and never read with U+FFFD in place of its letters.
 */
function decodeUtf8(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = decodeContent(bytes);
  } catch (error) {
    if (!(error instanceof FileEncodingError)) throw error;
    throw new HttpError(
      415,
      `${file}: ${error.message} The editor does not open or write over it, so none of its text is lost. ${error.hint} Then reload the editor.`,
      { file, line: error.line, col: error.col, offset: error.offset },
    );
  }
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? BYTE_ORDER_MARK + text : text;
}

function problemKey(problem: Problem): string {
  return [problem.file, problem.path, problem.code, problem.message].join("\n");
}

/** The guard checked the host already; checked again here, so the editor never relies on another plugin alone. */
function checkHost(req: IncomingMessage) {
  if (!ownHosts(req.socket.localPort ?? 0).includes(req.headers.host ?? ""))
    throw new HttpError(403, `The editor answers at 127.0.0.1 only (host ${req.headers.host ?? "missing"}).`);
}

function allowedOrigin(req: IncomingMessage, origin: string): boolean {
  return isOwnOrigin(origin, req.socket.localPort ?? 0);
}

/**
 * The editor page's policy: its own scripts and the inline ones Vite wrote into this very
 * page (by hash), nothing framing it, no plugins; it frames the site's pages for the preview.
 */
function editorPolicy(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`))];
  return [
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    // Chakra writes its styles as the editor renders.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return Promise.reject(new HttpError(413, `The request is over the ${limit} bytes limit.`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Answered at once; the rest of the body is read and dropped, never kept (a promise settles once).
        chunks.length = 0;
        reject(new HttpError(413, `The request is over the ${limit} bytes limit.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        resolve(strictUtf8.decode(Buffer.concat(chunks)));
      } catch {
        // Replacing what cannot be read would write U+FFFD into the file: refused instead.
        reject(new HttpError(400, "The request body is not UTF-8 text."));
      }
    });
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, error: unknown) {
  if (res.headersSent) return res.end();
  if (error instanceof HttpError) {
    if (error.status === 413) res.setHeader("Connection", "close");
    return send(res, error.status, { error: error.message, ...error.details });
  }
  send(res, 500, { error: `The editor could not do that: ${(error as Error).message}` });
}

const EDITOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Page editor</title>
  </head>
  <body>
    <div id="editor-root"></div>
    <script type="module" src="/src/editor/client/main.tsx"></script>
  </body>
</html>
`;
