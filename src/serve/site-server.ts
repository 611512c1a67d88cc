/**
 * Serves the prerendered site in dist/ as a static host would: /x answers
 * x/index.html, unknown paths answer 404.html with status 404, responses are
 * compressed (precompressed .br/.gz files from the build), and hashed assets are
 * cached for a year.
 *
 * It is written to face the open network and a build swapping dist/ under it:
 * every request resolves the tree afresh (dist is a symbolic link the build
 * replaces), sends only regular files inside it, answers only GET and HEAD, and
 * no request, however malformed, can end the process. README.md, "Security",
 * lists what it guarantees.
 *
 * scripts/serve.ts runs it (npm start, npm run serve); tests and tools start it on a port of
 * their own.
 */
import { closeSync, createReadStream, existsSync, fstatSync, lstatSync, openSync, readFileSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { join, resolve, sep } from "node:path";
import type { Duplex } from "node:stream";

/** Header names and values, as `_headers` gives them for a path. */
export type HeaderMap = Record<string, string>;

export interface SiteServerOptions {
  /** Origins the forms may post to beyond those of the content (tests point a form at a local endpoint of their own). */
  formOrigins?: readonly string[];
  /** Receives one line per request the server failed to answer properly. */
  log?: (line: string) => void;
}

type Encoding = "br" | "gzip";
type Accepted = Readonly<Record<Encoding | "identity", boolean>>;

/** A file found for a request: its real path inside the root, and its stat. */
interface Found {
  real: string;
  stat: Stats;
}

/** What a response's validators are made of: the file it was read from. */
interface Validators {
  stat: Stats;
  size: number;
  etag: string;
  lastModified: string;
}

/** The headers of a whole-file answer, built once and reused while the policy, status and caching are the same. */
interface Prepared {
  security: HeaderMap;
  status: number;
  cacheControl: string;
  headers: OutgoingHttpHeaders;
}

/** A small file, read whole and kept in memory. */
interface InMemory extends Validators {
  body: Buffer;
  fd?: undefined;
  prepared?: Prepared;
}

/** A large file, sent from the descriptor it was opened with (which the caller must close or hand on). */
interface Opened extends Validators {
  fd: number;
  body?: undefined;
  prepared?: undefined;
}

type Representation = InMemory | Opened;

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files up to this size are kept in memory, validated by a stat on every request; larger ones stream from an open descriptor. */
const CACHED_FILE_BYTES = 1024 * 1024;
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  json: "application/json",
  map: "application/json",
  xml: "application/xml",
  txt: "text/plain; charset=utf-8",
  woff2: "font/woff2",
  woff: "font/woff",
  webmanifest: "application/manifest+json",
  pdf: "application/pdf",
};
// The types the build may precompress (src/pipeline/prerender.ts); their responses depend on Accept-Encoding even when
// a file is too small to have been compressed, so that a 200 and a later 304 for the same URL say the same.
const COMPRESSIBLE = new Set(["html", "js", "mjs", "css", "svg", "json", "map", "xml", "txt", "webmanifest"]);
// Files in dist/ that configure the hosts and are not part of the site.
const HOST_FILES = new Set(["_headers", "_redirects", "vercel.json", "netlify.toml"]);
const ENCODINGS: readonly { name: Encoding; suffix: string; tag: string }[] = [
  { name: "br", suffix: ".br", tag: "-br" },
  { name: "gzip", suffix: ".gz", tag: "-gz" },
];
// Errors that mean "there is no such file here", whatever the path looked like.
const MISSING = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP", "EACCES", "EPERM", "EINVAL"]);
const UNSATISFIABLE = "unsatisfiable";
type Range = [start: number, end: number] | typeof UNSATISFIABLE | undefined;

/** The server of the built site in `dir`; throws when that is not a build (no 404.html or _headers). */
export function createSiteServer(dir = resolve("dist"), { formOrigins = [], log = (line) => console.error(line) }: SiteServerOptions = {}): Server {
  const root = resolve(dir);
  for (const file of ["404.html", "_headers"]) {
    if (!existsSync(join(root, file))) throw new Error(`${join(root, file)} is missing: run npm run build first.`);
  }
  const site = new SiteState(root, formOrigins, log);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    try {
      answer(site, req, res);
    } catch (error) {
      fail(site, log, req, res, error);
    }
  };
  const server = createServer(handle);
  // No "100 Continue": the server reads no request body, so it gives its final answer at once.
  server.on("checkContinue", handle);
  // Malformed requests never reach the handler: answer them here, without a log line (they are the client's doing).
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The response Node began on this socket, if any (not part of its typed interface).
    const response = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}

/**
 * What the server knows of the tree, checked against the disk on every request:
 * the real root (the `dist` link changes with each build), the security headers
 * from its `_headers` (the policy's script hash changes with each build), and the
 * small files read so far, each kept with the identity of the file it came from.
 */
class SiteState {
  realRoot = "";
  /** The `_headers` file the policy was read from; "missing" once it was found gone (and said so). */
  headersStat: Stats | "missing" | undefined = undefined;
  security: HeaderMap = {};
  /** Pages whose headers differ from every path's (a page with a video may frame its player), by path; a folder's as `/assets/`. */
  pageSecurity = new Map<string, HeaderMap>();
  /** Old addresses and where they lead, from the build's `_redirects` (read with its `_headers`). */
  redirects = new Map<string, string>();
  private readonly files = new Map<string, InMemory>();
  private cachedBytes = 0;

  constructor(
    private readonly root: string,
    private readonly formOrigins: readonly string[],
    readonly log: (line: string) => void,
  ) {}

  /**
   * Resolves the tree for this request; undefined when there is none (dist/
   * removed). One stat through the root usually settles it: while the root
   * still leads to the very `_headers` file read before, it leads to the same
   * build (another build's `_headers` is another file) and the policy stands.
   * Otherwise the root's real path is resolved again and `_headers` re-read.
   */
  refresh(force = false): string | undefined {
    if (
      !force &&
      sameFile(
        tryFs(() => statSync(this.root + sep + "_headers", { throwIfNoEntry: false })),
        this.headersStat,
      )
    )
      return this.realRoot;
    const realRoot = tryFs(() => realpathSync.native(this.root));
    if (realRoot === undefined) return undefined;
    if (realRoot !== this.realRoot) {
      this.realRoot = realRoot;
      this.files.clear();
      this.cachedBytes = 0;
    }
    const stat = tryFs(() => lstatSync(realRoot + sep + "_headers", { throwIfNoEntry: false }));
    if (stat?.isFile()) {
      if (!sameFile(stat, this.headersStat)) {
        const { every, byPath } = parseHeadersFile(readFileSync(realRoot + sep + "_headers", "utf8"));
        this.security = allowFormOrigins(every, this.formOrigins);
        this.pageSecurity = new Map([...byPath].map(([path, own]) => [path, allowFormOrigins({ ...every, ...own }, this.formOrigins)]));
        this.headersStat = stat;
        this.redirects = parseRedirectsFile(tryFs(() => readFileSync(realRoot + sep + "_redirects", "utf8")) ?? "");
      }
    } else if (this.headersStat !== "missing") {
      // Keep the last policy rather than send none; say so once.
      this.log(`${realRoot}${sep}_headers is missing: still sending the security headers read before`);
      this.headersStat = "missing";
    }
    return realRoot;
  }

  /** Whether the build folder left the real path known for it (renamed): checked before answering 404. */
  moved(): boolean {
    return (
      this.headersStat !== "missing" &&
      !sameFile(
        tryFs(() => lstatSync(this.realRoot + sep + "_headers", { throwIfNoEntry: false })),
        this.headersStat,
      )
    );
  }

  /** The bytes and validators of the file at `path`, whose stat (by path) is `stat`. */
  representation(path: string, stat: Stats, tag: string): Representation | undefined {
    const cached = this.files.get(path);
    if (cached && sameFile(stat, cached.stat)) return cached;
    const fd = openSync(path, "r");
    let keepOpen = false;
    try {
      // Everything sent comes from this descriptor and its own stat: a build swapping the tree
      // meanwhile cannot make the length and the bytes disagree.
      const own = fstatSync(fd);
      if (!own.isFile()) return undefined;
      const validators: Validators = {
        stat: own,
        size: own.size,
        etag: `"${own.ino.toString(36)}-${own.size.toString(36)}-${Math.floor(own.mtimeMs).toString(36)}${tag}"`,
        lastModified: new Date(own.mtimeMs).toUTCString(),
      };
      if (own.size > CACHED_FILE_BYTES) {
        keepOpen = true;
        return { ...validators, fd };
      }
      const body = readWhole(fd, own.size);
      const entry: InMemory = { ...validators, size: body.length, body };
      // A file cut short while being read is sent as read, but not remembered.
      if (body.length === own.size) this.remember(path, entry);
      return entry;
    } finally {
      if (!keepOpen) closeSync(fd);
    }
  }

  private remember(path: string, entry: InMemory) {
    const previous = this.files.get(path);
    if (previous) this.cachedBytes -= previous.size;
    this.files.set(path, entry);
    this.cachedBytes += entry.size;
    for (const [key, old] of this.files) {
      if (this.cachedBytes <= CACHE_BUDGET_BYTES) break;
      this.files.delete(key);
      this.cachedBytes -= old.size;
    }
  }
}

function answer(site: SiteState, req: IncomingMessage, res: ServerResponse): void {
  let realRoot = site.refresh();
  const security = site.security;
  const method = req.method;
  const head = method === "HEAD";
  // A request with a body the server will not read: close the connection after answering rather than drain it.
  if (req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0") res.shouldKeepAlive = false;

  if (method !== "GET" && !head) return plain(res, 405, security, head, { Allow: "GET, HEAD" });
  const target = parseTarget(req.url ?? "");
  if (target === undefined) return plain(res, 400, security, head);
  if (realRoot === undefined) return plain(res, 503, security, head);

  const { segments, query } = target;
  const accepted = acceptedEncodings(req.headers["accept-encoding"]);
  let rootChecked = false;
  const notFound = () => {
    if (!rootChecked && site.moved()) realRoot = site.refresh(true);
    if (realRoot === undefined) return plain(res, 503, site.security, head);
    sendNotFound(site, realRoot, req, res, accepted);
  };
  const trailingSlash = segments.length > 1 && segments[segments.length - 1] === "";
  const path = trailingSlash ? segments.slice(0, -1) : segments;
  // Empty segments (`/a//b`, `//host/`) name nothing, and must never turn into a redirect to `//host`; `/` itself is [""].
  if (path.includes("") && (trailingSlash || path.length > 1)) return notFound();
  // An old address of a page (redirectFrom: in pages.yaml), sent on for good with its query, as the hosts do.
  const redirect = site.redirects.get("/" + path.join("/"));
  if (redirect !== undefined) return plain(res, 301, security, head, { Location: redirect + (/^\?[\x21-\x7e]*$/.test(query) ? query : "") });
  if (!servable(path)) return notFound();
  let found = findFile(realRoot, path);
  if (found === undefined) {
    rootChecked = true;
    if (site.moved()) {
      realRoot = site.refresh(true);
      if (realRoot === undefined) return plain(res, 503, security, head);
      found = findFile(realRoot, path);
    }
  }
  if (found === undefined || found.real === realRoot + sep + "404.html") return notFound();
  if (trailingSlash) {
    // Clean URLs without a trailing slash, as vercel.json asks of Vercel (which answers 308 too).
    const location = "/" + path.map(encodeURIComponent).join("/") + (/^\?[\x21-\x7e]*$/.test(query) ? query : "");
    return plain(res, 308, security, head, { Location: location });
  }
  sendFile(site, req, res, {
    file: found,
    status: 200,
    accepted,
    cacheControl: path[0] === "assets" && path.length > 1 ? IMMUTABLE : "no-cache",
    // The most specific rule of _headers: the page's own, else every path's.
    security: site.pageSecurity.get("/" + path.join("/")) ?? (path.length > 1 ? site.pageSecurity.get(`/${path[0]}/`) : undefined) ?? security,
  });
}

/** `_redirects` as the build writes it (src/content/redirects.ts): `<from> <to> 301` lines, # comments. */
export function parseRedirectsFile(text: string): Map<string, string> {
  const redirects = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || from.startsWith("#") || !to || status !== "301" || !to.startsWith("/") || to.startsWith("//")) continue;
    redirects.set(from, to);
  }
  return redirects;
}

/**
 * The path of a request target as decoded segments, or undefined when it is not a
 * plain path: an encoded slash or backslash, a NUL, a `.` or `..` segment, or bad
 * percent-encoding. Refusing these outright (400) rather than normalising them
 * means no spelling of a path can reach above the root.
 */
function parseTarget(url: string): { segments: string[]; query: string } | undefined {
  const queryAt = url.indexOf("?");
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  if (path[0] !== "/") {
    // The absolute form (`GET http://host/path`), which HTTP/1.1 servers must accept.
    const authority = /^https?:\/\/[^/]*/i.exec(path);
    if (!authority) return undefined;
    path = path.slice(authority[0].length) || "/";
  }
  if (path.includes("\\") || path.includes("\0")) return undefined;
  const segments = path.slice(1).split("/");
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i]!;
    if (segment.includes("%")) {
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
      if (segment.includes("/") || segment.includes("\\") || segment.includes("\0")) return undefined;
      segments[i] = segment;
    }
    if (segment === "." || segment === "..") return undefined;
  }
  return { segments, query };
}

/** Hidden files, the hosts' configuration, and the precompressed copies (sent only as an encoding of their original). */
function servable(segments: readonly string[]): boolean {
  if (segments.some((segment) => segment.startsWith("."))) return false;
  const name = segments[segments.length - 1]!;
  if (segments.length === 1 && HOST_FILES.has(name)) return false;
  return !name.endsWith(".br") && !name.endsWith(".gz");
}

/** A regular file for the path, inside the real root: `/x` is x/index.html or x.html or the file x. */
function findFile(realRoot: string, segments: readonly string[]): Found | undefined {
  const last = segments[segments.length - 1]!;
  const parent = segments.slice(0, -1);
  const candidates =
    last === ""
      ? [["index.html"]]
      : last.includes(".")
        ? [segments, [...parent, `${last}.html`], [...segments, "index.html"]]
        : [[...segments, "index.html"], [...parent, `${last}.html`], segments];
  // Unknown paths try every candidate: a component found missing once is not looked up again.
  const missing = new Set<string>();
  for (const candidate of candidates) {
    const found = fileInside(realRoot, candidate, missing);
    if (found) return found;
  }
  return undefined;
}

/**
 * The regular file at these names under the real root, if it is inside it. Each
 * component is checked with lstat: without a link on the way the path is its
 * own real path. A link may lead anywhere, so then the real path decides.
 */
function fileInside(realRoot: string, names: readonly string[], missing: Set<string>): Found | undefined {
  let path = realRoot;
  let stat: Stats | undefined;
  for (let i = 0; i < names.length; i++) {
    path += sep + names[i];
    if (missing.has(path)) return undefined;
    stat = tryFs(() => lstatSync(path, { throwIfNoEntry: false }));
    if (stat === undefined) {
      missing.add(path);
      return undefined;
    }
    if (stat.isSymbolicLink()) {
      const real = tryFs(() => realpathSync.native(realRoot + sep + names.join(sep)));
      if (real === undefined || !real.startsWith(realRoot + sep)) return undefined;
      const target = tryFs(() => statSync(real, { throwIfNoEntry: false }));
      return target?.isFile() ? { real, stat: target } : undefined;
    }
    if (i < names.length - 1 && !stat.isDirectory()) return undefined;
  }
  return stat?.isFile() ? { real: path, stat } : undefined;
}

function sendNotFound(site: SiteState, realRoot: string, req: IncomingMessage, res: ServerResponse, accepted: Accepted): void {
  const full = realRoot + sep + "404.html";
  const stat = tryFs(() => lstatSync(full, { throwIfNoEntry: false }));
  if (!stat?.isFile()) return plain(res, 404, site.security, req.method === "HEAD");
  sendFile(site, req, res, { file: { real: full, stat }, status: 404, accepted, cacheControl: "no-cache" });
}

/**
 * Sends a file, or its precompressed sibling when the client accepts that
 * encoding. Validators, conditional requests and ranges apply to the bytes
 * actually sent; a range is honoured on identity responses only (see README).
 */
function sendFile(
  site: SiteState,
  req: IncomingMessage,
  res: ServerResponse,
  {
    file,
    status,
    accepted,
    cacheControl,
    security = site.security,
  }: { file: Found; status: number; accepted: Accepted; cacheControl: string; security?: HeaderMap },
): void {
  const head = req.method === "HEAD";
  const extension = extensionOf(file.real);
  const varies = COMPRESSIBLE.has(extension);
  let encoding: Encoding | undefined;
  let rep: Representation | undefined;
  for (const candidate of ENCODINGS) {
    if (!accepted[candidate.name]) continue;
    // lstat, not stat: a regular file (no link) beside a file inside the root is inside the root.
    const path = file.real + candidate.suffix;
    const stat = tryFs(() => lstatSync(path, { throwIfNoEntry: false }));
    if (!stat?.isFile()) continue;
    rep = site.representation(path, stat, candidate.tag);
    if (rep) {
      encoding = candidate.name;
      break;
    }
  }
  if (!rep) {
    if (!accepted.identity) return plain(res, 406, site.security, head, varies ? { Vary: "Accept-Encoding" } : {});
    rep = site.representation(file.real, file.stat, "");
    if (!rep) return plain(res, 404, site.security, head);
  }
  // Most answers are a whole file from memory, unconditionally: those reuse the headers built the first time.
  const reusable =
    rep.body !== undefined &&
    req.headers["if-none-match"] === undefined &&
    req.headers["if-modified-since"] === undefined &&
    (encoding !== undefined || status !== 200 || req.headers.range === undefined);
  const prepared = rep.prepared;
  if (reusable && prepared?.security === security && prepared.status === status && prepared.cacheControl === cacheControl) {
    res.writeHead(status, prepared.headers);
    res.end(head ? undefined : rep.body);
    return;
  }
  try {
    const headers: OutgoingHttpHeaders = { ...security, "Cache-Control": cacheControl };
    if (varies) headers.Vary = "Accept-Encoding";
    if (status === 200) {
      headers.ETag = rep.etag;
      headers["Last-Modified"] = rep.lastModified;
      if (notModified(req.headers, rep)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    headers["Content-Type"] = TYPES[extension] ?? "application/octet-stream";
    if (encoding) headers["Content-Encoding"] = encoding;
    let start = 0;
    let end = rep.size - 1;
    if (status === 200 && !encoding) {
      headers["Accept-Ranges"] = "bytes";
      // Range is defined for GET only; HEAD answers as the GET without Range would. (Node joins a
      // repeated If-Range into one string, as it does any header but Set-Cookie.)
      const range =
        req.method === "GET" && req.headers.range !== undefined && ifRangeHolds(req.headers["if-range"] as string | undefined, rep)
          ? parseRange(req.headers.range, rep.size)
          : undefined;
      if (range === UNSATISFIABLE) {
        delete headers["Content-Type"];
        headers["Content-Range"] = `bytes */${rep.size}`;
        headers["Content-Length"] = 0;
        res.writeHead(416, headers);
        res.end();
        return;
      }
      if (range) {
        [start, end] = range;
        status = 206;
        headers["Content-Range"] = `bytes ${start}-${end}/${rep.size}`;
      }
    }
    const length = end - start + 1;
    headers["Content-Length"] = length;
    res.writeHead(status, headers);
    if (head || length === 0) {
      if (reusable) rep.prepared = { security, status, cacheControl, headers };
      res.end();
      return;
    }
    if (rep.body) {
      if (reusable) rep.prepared = { security, status, cacheControl, headers };
      res.end(start === 0 && length === rep.size ? rep.body : rep.body.subarray(start, end + 1));
      return;
    }
    const streamed = rep;
    rep = undefined; // the stream owns the descriptor now
    streamFile(site, req, res, streamed, start, end);
  } finally {
    if (rep?.fd !== undefined) closeSync(rep.fd);
  }
}

function streamFile(site: SiteState, req: IncomingMessage, res: ServerResponse, rep: Opened, start: number, end: number): void {
  const stream = createReadStream("", { fd: rep.fd, start, end });
  stream.on("error", (error) => {
    site.log(`${new Date().toISOString()} ${req.method} ${oneLine(req.url)}: ${error.message}`);
    res.destroy();
  });
  res.on("error", () => stream.destroy());
  res.on("close", () => stream.destroy());
  stream.pipe(res, { end: false });
  stream.on("end", () => {
    // A file cut short under us: end the connection rather than a response shorter than its Content-Length.
    if (stream.bytesRead === end - start + 1) res.end();
    else res.destroy();
  });
}

/** If-None-Match (a list, `*`, weak comparison) wins over If-Modified-Since, as RFC 9110 says. */
function notModified(headers: IncomingHttpHeaders, rep: Validators): boolean {
  const noneMatch = headers["if-none-match"];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === "*") return true;
    const ours = rep.etag;
    return noneMatch.split(",").some((tag) => {
      const trimmed = tag.trim();
      return (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === ours;
    });
  }
  const since = headers["if-modified-since"];
  if (since === undefined) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Date.parse(rep.lastModified) <= date;
}

/** If-Range: the range applies only while the representation is the one the client has (strong comparison). */
function ifRangeHolds(value: string | undefined, rep: Validators): boolean {
  if (value === undefined) return true;
  const trimmed = value.trim();
  return trimmed === rep.etag || trimmed === rep.lastModified;
}

/**
 * One byte range (RFC 9110, 14.1): `first-last`, `first-` or `-suffix`. Returns
 * [start, end], UNSATISFIABLE, or undefined to ignore the header and send the
 * whole file: for anything that is not one valid range, including several
 * ranges (a multipart answer buys nothing here) and `last < first`.
 */
function parseRange(header: string, size: number): Range {
  const set = /^bytes=(.*)$/i.exec(header.trim());
  if (!set) return undefined;
  const specs = set[1]!.split(",").map((spec) => spec.trim());
  const nonEmpty = specs.filter((spec) => spec !== "");
  if (nonEmpty.length !== 1) return undefined;
  const spec = nonEmpty[0]!;
  const bounded = /^(\d+)-(\d*)$/.exec(spec);
  if (bounded) {
    const first = Number(bounded[1]);
    const last = bounded[2] === "" ? Infinity : Number(bounded[2]);
    if (last < first) return undefined;
    if (first >= size) return UNSATISFIABLE;
    return [first, Math.min(last, size - 1)];
  }
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return [Math.max(0, size - length), size - 1];
  }
  return undefined;
}

/**
 * Which of br, gzip and identity the client accepts (RFC 9110, 12.5.3): q=0
 * refuses, `*` stands for what is not named, identity is acceptable unless
 * refused, and without the header only identity is. Weights only decide
 * acceptability: among acceptable encodings br is preferred, then gzip.
 */
function acceptedEncodings(header: string | undefined): Accepted {
  if (header === undefined) return IDENTITY_ONLY;
  let accepted = acceptedByHeader.get(header);
  if (accepted === undefined) {
    // Clients send a handful of distinct values; a flood of made-up ones only empties the memo.
    if (acceptedByHeader.size >= 256) acceptedByHeader.clear();
    accepted = parseAcceptEncoding(header);
    acceptedByHeader.set(header, accepted);
  }
  return accepted;
}
const IDENTITY_ONLY: Accepted = { br: false, gzip: false, identity: true };
const acceptedByHeader = new Map<string, Accepted>();

function parseAcceptEncoding(header: string): Accepted {
  const weights: Record<string, number> = {};
  for (const element of header.split(",")) {
    const [name = "", ...parameters] = element.split(";");
    const coding = name.trim().toLowerCase();
    if (coding === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key = "", value = ""] = parameter.split("=");
      if (key.trim().toLowerCase() === "q") weight = /^\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/.test(value) ? Number(value) : NaN;
    }
    if (Number.isNaN(weight)) continue;
    weights[coding === "x-gzip" ? "gzip" : coding] = weight;
  }
  const star = weights["*"];
  return {
    br: (weights.br ?? star ?? 0) > 0,
    gzip: (weights.gzip ?? star ?? 0) > 0,
    identity: (weights.identity ?? star ?? 1) > 0,
  };
}

/** A short text answer (errors, redirects) with the security headers. */
function plain(res: ServerResponse, status: number, security: HeaderMap, head: boolean, extra: OutgoingHttpHeaders = {}): void {
  const body = `${STATUS_CODES[status]}\n`;
  res.writeHead(status, {
    ...security,
    "Cache-Control": "no-cache",
    ...extra,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(head ? undefined : body);
}

/** The last resort: one log line, and a 500 for this request alone (or a closed connection if the answer had begun). */
function fail(site: SiteState, log: (line: string) => void, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  log(`${new Date().toISOString()} ${req.method} ${oneLine(req.url)}: ${oneLine(stackOf(error) ?? String(error)).slice(0, 500)}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // With the security headers if they can be sent, else without: they may be what failed.
  for (const security of [site.security, { "X-Content-Type-Options": "nosniff" }] satisfies HeaderMap[]) {
    try {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.shouldKeepAlive = false;
      plain(res, 500, security, req.method === "HEAD");
      return;
    } catch {
      // try the next, smaller set
    }
  }
  res.destroy();
}

/**
 * The headers the build wrote in dist/_headers, the file Netlify and Cloudflare Pages read:
 * those for every path (`/*`), and those of single pages (`/tax-course`), which win there.
 */
function parseHeadersFile(text: string): { every: HeaderMap; byPath: Map<string, HeaderMap> } {
  const every: HeaderMap = {};
  const byPath = new Map<string, HeaderMap>();
  let current: HeaderMap | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!line.startsWith(" ")) {
      const path = line.trim();
      if (path === "/*") current = every;
      // A folder's rule (/assets/*) is kept under its folder; no other pattern is written by the build.
      else if (/^\/[^*]+\/\*$/.test(path)) byPath.set(path.slice(0, -1), (current = byPath.get(path.slice(0, -1)) ?? {}));
      else if (path.includes("*")) current = undefined;
      else byPath.set(path, (current = byPath.get(path) ?? {}));
    } else if (current) {
      const colon = line.indexOf(":");
      if (colon > 0) current[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return { every, byPath };
}

function allowFormOrigins(headers: HeaderMap, origins: readonly string[]): HeaderMap {
  const policy = headers["Content-Security-Policy"];
  if (!origins.length || !policy) return headers;
  const widened = policy
    .split("; ")
    .map((directive) => (/^(connect-src|form-action) /.test(directive) ? `${directive} ${origins.join(" ")}` : directive))
    .join("; ");
  return { ...headers, "Content-Security-Policy": widened };
}

function readWhole(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, buffer, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return filled === size ? buffer : buffer.subarray(0, filled);
}

/** The same file, unchanged since it was read. */
function sameFile(a: Stats | undefined, b: Stats | "missing" | undefined): boolean {
  return a !== undefined && typeof b === "object" && a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function extensionOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf(sep) ? path.slice(dot + 1).toLowerCase() : "";
}

/**
 * File system calls are synchronous: on a local disk a stat takes microseconds,
 * less than a round trip through the thread pool. A path that cannot name a file
 * (too long, through a file, a loop of links) is simply not there.
 */
function tryFs<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    if (MISSING.has((error as NodeJS.ErrnoException | null | undefined)?.code ?? "")) return undefined;
    throw error;
  }
}

/** What was thrown's stack, when it has one: anything may be thrown. */
function stackOf(error: unknown): unknown {
  return (typeof error === "object" || typeof error === "function") && error !== null && "stack" in error ? error.stack : undefined;
}

function oneLine(text: unknown): string {
  return String(text ?? "")
    .replace(/[\r\n]+\s*/g, " | ")
    .slice(0, 300);
}
