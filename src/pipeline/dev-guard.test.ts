// @vitest-environment node
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPolicyHeaders, FILE_POLICY, policyHeaders, refuse, tokenCookieName, verdict, type GuardedRequest } from "./dev-guard.ts";

const PORT = 5174;
const TOKEN = "a-session-token-of-enough-length";
const own = (headers: IncomingHttpHeaders = {}, url = "/"): GuardedRequest => ({
  method: "GET",
  url,
  port: PORT,
  headers: { host: `127.0.0.1:${PORT}`, ...headers },
});
const status = (request: GuardedRequest, token?: string) => {
  const result = verdict(request, { token });
  return result.allow ? 200 : result.status;
};

describe("the dev server's guard", () => {
  it("answers its own host on its own port only", () => {
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`]) expect(status(own({ host })), host).toBe(200);
    // DNS rebinding (an attacker's name pointing at 127.0.0.1), another port, no port, no host.
    for (const host of ["evil.example", `evil.example:${PORT}`, "127.0.0.1:5173", "127.0.0.1", "localhost", ""]) expect(status(own({ host })), host).toBe(403);
    expect(status({ ...own(), headers: {} })).toBe(403);
  });

  it("refuses another origin's page, another port's included, and keeps its own", () => {
    expect(status(own({ origin: `http://127.0.0.1:${PORT}` }))).toBe(200);
    expect(status(own({ origin: `http://localhost:${PORT}` }))).toBe(200);
    for (const origin of ["http://localhost:9999", "http://127.0.0.1:5173", `https://127.0.0.1:${PORT}`, "https://evil.example", "null"])
      expect(status(own({ origin })), origin).toBe(403);
  });

  it("refuses a request the browser marks as another site's (another port of localhost is the same site), and lets a typed address in", () => {
    expect(status(own({ "sec-fetch-site": "cross-site" }))).toBe(403);
    expect(status(own({ "sec-fetch-site": "same-site" }))).toBe(403);
    expect(status(own({ "sec-fetch-site": "same-origin" }))).toBe(200);
    expect(status(own({ "sec-fetch-site": "none" }))).toBe(200);
    // curl and tests send neither header: the host check still holds for them.
    expect(status(own())).toBe(200);
  });

  it("refuses Vite's open-in-editor endpoint, however it is spelled", () => {
    for (const url of [
      "/__open-in-editor?file=/etc/passwd",
      "/__OPEN-IN-EDITOR?file=/etc/passwd",
      "/%5F%5Fopen-in-editor?file=/etc/passwd",
      "/__open-in-editor/x",
      // Vite's router reads the path as sent, before "/.." would take it back to "/".
      "/__open-in-editor/..?file=package.json",
      "/__open-in-editor/%2e%2e?file=package.json",
      "//__open-in-editor?file=package.json",
    ])
      expect(status(own({ "sec-fetch-site": "same-origin" }, url)), url).toBe(403);
  });

  it("answers this computer only, whatever Host another machine writes", () => {
    expect(status({ ...own(), remoteAddress: "127.0.0.1" })).toBe(200);
    expect(status({ ...own(), remoteAddress: "::ffff:127.0.0.1" })).toBe(200);
    expect(status({ ...own(), remoteAddress: "::1" })).toBe(200);
    expect(status({ ...own(), remoteAddress: "192.168.1.20" })).toBe(403);
    expect(status({ ...own(), remoteAddress: "::ffff:10.0.0.5" })).toBe(403);
  });

  it("under the editor, lets in only requests that carry the token, in its cookie or header", () => {
    expect(status(own(), TOKEN)).toBe(403);
    expect(status(own({ "x-editor-token": TOKEN }), TOKEN)).toBe(200);
    expect(status(own({ cookie: `other=1; ${tokenCookieName(PORT)}=${TOKEN}` }), TOKEN)).toBe(200);
    expect(status(own({ cookie: `${tokenCookieName(PORT)}=guess` }), TOKEN)).toBe(403);
    expect(status(own({ "x-editor-token": `${TOKEN}x` }), TOKEN)).toBe(403);
    // Another editor's cookie, on another port of the same computer, is not this one's.
    expect(status(own({ cookie: `${tokenCookieName(5175)}=${TOKEN}` }), TOKEN)).toBe(403);
    // The token does not open the way for another site's page.
    expect(status(own({ "x-editor-token": TOKEN, origin: "http://localhost:9999" }), TOKEN)).toBe(403);
  });

  it("turns the printed address into an HttpOnly cookie and takes the token out of the address", () => {
    const result = verdict(own({ "sec-fetch-site": "none" }, `/__editor/?token=${TOKEN}&x=1`), { token: TOKEN });
    expect(result).toEqual({
      allow: false,
      status: 303,
      location: "/__editor/?x=1",
      cookie: `${tokenCookieName(PORT)}=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`,
    });
    // Never a redirect to another site, however the path is written.
    const odd = verdict(own({}, `/.//evil.example/?token=${TOKEN}`), { token: TOKEN });
    expect(odd.allow === false && odd.status === 303 && odd.location).toBe("/evil.example/");
    // A wrong token in the address, or a token in the websocket's address (Vite's own goes there), is no way in.
    expect(status(own({}, "/__editor/?token=guess"), TOKEN)).toBe(403);
    const upgrade = verdict(own({}, `/?token=${TOKEN}`), { token: TOKEN, upgrade: true });
    expect(upgrade.allow === false && upgrade.status).toBe(403);
  });

  it("gives every file the production policy for pictures, and pages a policy against framing", () => {
    expect(policyHeaders("image/svg+xml", { framing: "'none'" })["Content-Security-Policy"]).toBe(FILE_POLICY);
    expect(FILE_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(policyHeaders("application/json", { framing: "'none'" })["Content-Security-Policy"]).toBe(FILE_POLICY);
    const page = policyHeaders("text/html; charset=utf-8", { framing: "'none'" });
    expect(page["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(page["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(page["X-Frame-Options"]).toBe("DENY");
    expect(policyHeaders("text/html", { framing: "'self'" })["Content-Security-Policy"]).toContain("frame-ancestors 'self'");
    for (const headers of [page, policyHeaders(undefined, { framing: "'none'" })]) {
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Cross-Origin-Resource-Policy"]).toBe("same-origin");
    }
    // A 304 has no type: it must not replace a stored page's policy with a picture's.
    expect(policyHeaders(undefined, { framing: "'none'" })["Content-Security-Policy"]).toBeUndefined();
  });
});

describe("the guard in front of a server", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      addPolicyHeaders(res, "'none'");
      if (refuse(req, res, TOKEN)) return;
      if (req.url === "/picture.svg") {
        // As a static file server answers: the type in writeHead's own headers.
        res.writeHead(200, { "Content-Type": "image/svg+xml" });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      }
      if (req.url === "/own-policy") res.setHeader("Content-Security-Policy", "frame-ancestors 'none'; script-src 'self'");
      res.setHeader("Content-Type", "text/html");
      res.end("<p>page</p>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    });

  it("sends a picture with the sandbox policy, a page with its own policy kept, and a refusal with no content", async () => {
    const cookie = `${tokenCookieName(port)}=${TOKEN}`;
    const picture = await get("/picture.svg", { cookie });
    expect(picture.status).toBe(200);
    expect(picture.headers["content-security-policy"]).toBe(FILE_POLICY);
    expect(picture.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get("/own-policy", { cookie })).headers["content-security-policy"]).toBe("frame-ancestors 'none'; script-src 'self'");
    expect((await get("/page", { cookie })).headers["content-security-policy"]).toContain("frame-ancestors 'none'");

    const refused = await get("/picture.svg", { cookie, origin: "http://localhost:1" });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain("<svg");
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refused.headers["content-security-policy"]).toBe(FILE_POLICY);

    const printed = await get(`/__editor/?token=${TOKEN}`);
    expect(printed.status).toBe(303);
    expect(printed.headers.location).toBe("/__editor/");
    expect(printed.headers["set-cookie"]).toEqual([`${cookie}; HttpOnly; SameSite=Strict; Path=/`]);
    expect((await get("/page")).status).toBe(403);
  });
});
