/**
 * The dev server's guard (npm run dev, npm run edit): a server on this computer is still a
 * server that every page open in the browser can send requests to. Without the guard, a page
 * on another port of localhost could read the content and the code through Vite's CORS
 * answers, and make the machine open any file in the text editor through Vite's
 * `/__open-in-editor`.
 *
 * Every request, the HMR websocket's included, must
 * - name this server as its host, on its own port (no DNS rebinding);
 * - come from this server's own pages: an `Origin` of another origin, or a `Sec-Fetch-Site` of
 *   `cross-site` or `same-site` (another port of localhost is the same site), is refused;
 *   a typed address (`none`) and clients that send neither (curl, tests) pass;
 * - under npm run edit, carry the session's token: the printed address holds it, the first
 *   visit turns it into an HttpOnly cookie and takes it out of the address bar.
 * No CORS headers are sent, `/__open-in-editor` is refused, and every answer carries a
 * policy: pictures and every other file are sandboxed as documents (an SVG opened in the tab
 * runs no script), pages may not be framed by another site.
 *
 * npm run dev has no token: it only reads what the repository holds and writes nothing, and
 * the checks above keep other sites' pages from reading it; a token would make every start
 * a copy of an address. The editor writes content, so it needs to know who asks.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";

export const DEV_GUARD_NAME = "dev-guard";
/** API clients and tests may send the token in this header instead of the cookie. */
export const TOKEN_HEADER = "x-editor-token";
/** Vite's endpoint that opens a file in the text editor: a GET would do, so no page may reach it. */
const OPEN_IN_EDITOR = "/__open-in-editor";

/** What a file served as a document may do: show itself, with its own styles, and nothing else (the production policy for pictures). */
export const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export interface DevGuardApi {
  /** Requires `token` on every request from now on (npm run edit). */
  requireToken(token: string): void;
}

/** The cookie that carries the token: one name per port, so two editors on one computer keep their own. */
export function tokenCookieName(port: number): string {
  return `site-editor-token-${port}`;
}

/** What the guard needs to know of a request. */
export interface GuardedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  /** The port the request came in on. */
  port: number;
  /** The client's address, where the request came over a socket. */
  remoteAddress?: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export type Verdict =
  | { allow: true }
  | { allow: false; status: 403; message: string }
  /** The printed address: the token becomes a cookie and leaves the address bar. */
  | { allow: false; status: 303; location: string; cookie: string };

/** The addresses this server answers to, on the port the request came in on. */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function isOwnOrigin(origin: string, port: number): boolean {
  return ownHosts(port).some((host) => origin === `http://${host}`);
}

function sameSecret(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Whether the request carries the session's token, in the header or the cookie. */
export function carriesToken(request: Pick<GuardedRequest, "headers" | "port">, token: string): boolean {
  const header = request.headers[TOKEN_HEADER];
  return (
    sameSecret(typeof header === "string" ? header : undefined, token) || sameSecret(cookieValue(request.headers.cookie, tokenCookieName(request.port)), token)
  );
}

/**
 * Whether the server answers a request, and if not why; `token` is the session's under
 * npm run edit. `upgrade` is the HMR websocket's handshake, which never takes the token from
 * its address (Vite's client puts a token of its own there).
 */
/** The request's path as sent, percent-decoded where it decodes, lower-case, with its slashes collapsed. */
function rawPath(url = "/"): string {
  let path = url.split(/[?#]/)[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Compared as it is.
  }
  return path.toLowerCase().replace(/[/\\]+/g, "/");
}

export function verdict(request: GuardedRequest, { token, upgrade = false }: { token?: string; upgrade?: boolean } = {}): Verdict {
  const { headers, port, remoteAddress } = request;
  // The Host header is the client's to write: a machine on the network (npm run dev -- --host) is refused by its address.
  if (remoteAddress !== undefined && !LOOPBACK.test(remoteAddress))
    return { allow: false, status: 403, message: `This server answers this computer only, not ${remoteAddress}.` };
  const host = headers.host ?? "";
  if (!ownHosts(port).includes(host))
    return { allow: false, status: 403, message: `This server answers at 127.0.0.1:${port} and localhost:${port} only, not at ${host || "a missing host"}.` };
  const origin = headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, port))
    return { allow: false, status: 403, message: `This server answers its own pages only, not a page of ${origin}.` };
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site")
    return { allow: false, status: 403, message: "This server answers its own pages only, not another website's (or another port's) page." };
  const url = new URL(request.url ?? "/", "http://localhost");
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A path that does not decode is compared as it is.
  }
  // Also as sent: Vite's router reads the raw path, where "/__open-in-editor/.." is not yet "/".
  if (path.toLowerCase().startsWith(OPEN_IN_EDITOR) || rawPath(request.url).startsWith(OPEN_IN_EDITOR))
    return { allow: false, status: 403, message: "Opening files in a text editor from the browser is turned off on this server." };
  if (token === undefined || carriesToken(request, token)) return { allow: true };
  if (!upgrade && (request.method === "GET" || request.method === "HEAD") && sameSecret(url.searchParams.get("token") ?? undefined, token)) {
    url.searchParams.delete("token");
    return {
      allow: false,
      status: 303,
      // One leading slash: "//host" would send the browser to another site.
      location: `/${(url.pathname + url.search).replace(/^[/\\]+/, "")}`,
      cookie: `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
    };
  }
  return {
    allow: false,
    status: 403,
    message:
      "The page editor needs this session's key: open the address npm run edit printed in the terminal (it starts with http://127.0.0.1 and ends with ?token=…).",
  };
}

/**
 * The headers every answer carries, by what it is. `framing` is who may frame a page: the
 * editor frames the site's pages for its preview, npm run dev lets nothing frame them.
 */
export function policyHeaders(contentType: string | undefined, { framing }: { framing: "'self'" | "'none'" }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  // A 304 names no type and updates the stored answer's headers: it keeps what the 200 sent.
  if (!contentType) return headers;
  if (/^text\/html\b/i.test(contentType)) {
    // Vite's pages run inline scripts, so the production script policy cannot apply; framing, plugins and <base> can.
    headers["Content-Security-Policy"] = `frame-ancestors ${framing}; object-src 'none'; base-uri 'self'`;
    headers["X-Frame-Options"] = framing === "'self'" ? "SAMEORIGIN" : "DENY";
    headers["Cross-Origin-Opener-Policy"] = "same-origin";
  } else headers["Content-Security-Policy"] = FILE_POLICY;
  return headers;
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  if (Array.isArray(headers)) {
    for (let at = 0; at + 1 < headers.length; at += 2) if (String(headers[at]).toLowerCase() === name) return String(headers[at + 1]);
    return undefined;
  }
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}

/** Adds the policy headers to `res` as its head goes out, once its type is known; headers already set win. */
export function addPolicyHeaders(res: ServerResponse, framing: "'self'" | "'none'") {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const given = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
    const contentType = headerValue(given, "content-type") ?? (res.getHeader("content-type") as string | undefined);
    for (const [name, value] of Object.entries(policyHeaders(contentType, { framing }))) {
      if (!res.hasHeader(name) && headerValue(given, name.toLowerCase()) === undefined) res.setHeader(name, value);
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** Answers a refused request (never with the content), or returns false to let it through. */
export function refuse(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  const result = verdict(
    { method: req.method, url: req.url, headers: req.headers, port: req.socket.localPort ?? 0, remoteAddress: req.socket.remoteAddress },
    { token },
  );
  if (result.allow) return false;
  res.setHeader("Cache-Control", "no-store");
  if (result.status === 303) {
    res.setHeader("Set-Cookie", result.cookie);
    res.setHeader("Location", result.location);
    res.statusCode = 303;
    res.end();
    return true;
  }
  res.statusCode = 403;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(`${result.message}\n`);
  return true;
}

export function devGuard(): Plugin<DevGuardApi> {
  let token: string | undefined;
  return {
    name: DEV_GUARD_NAME,
    apply: "serve",
    enforce: "pre",
    api: {
      requireToken(value) {
        if (value.length < 16) throw new Error("The editor's token is too short to guard the server.");
        token = value;
      },
    },
    config() {
      // Vite's default answers CORS requests from any localhost port: none here.
      return { server: { cors: false } };
    },
    configureServer: {
      order: "pre",
      handler(server) {
        const framing = () => (token === undefined ? "'none'" : "'self'");
        server.middlewares.use((req, res, next) => {
          addPolicyHeaders(res, framing());
          if (!refuse(req, res, token)) next();
        });
        // The HMR websocket's handshake passes no middleware: it is checked where the server hands it out.
        const httpServer = server.httpServer;
        if (!httpServer) return;
        const emit = httpServer.emit;
        httpServer.emit = function (this: typeof httpServer, event: string | symbol, ...args: unknown[]) {
          if (event === "upgrade") {
            const [req, socket] = args as [IncomingMessage, import("node:stream").Duplex];
            const result = verdict(
              { method: req.method, url: req.url, headers: req.headers, port: req.socket.localPort ?? 0, remoteAddress: req.socket.remoteAddress },
              { token, upgrade: true },
            );
            if (!result.allow) {
              socket.on("error", () => {});
              socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
              return false;
            }
          }
          return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
        } as typeof httpServer.emit;
      },
    },
  };
}
