/**
 * The response headers the site is served with, computed at build time and
 * written for the common static hosts (`_headers` for Netlify and Cloudflare
 * Pages, `vercel.json` for Vercel); `npm start` reads the same `_headers`.
 *
 * The policy differs by page in one way: a page with a video may frame its
 * player's host (frame-src), every other page frames nothing. The rule for every
 * path (`/*`) allows the players any page uses, and each page that uses fewer gets
 * a rule of its own with its exact policy, after it. A host that keeps the most
 * specific (or last) rule sends that; one that joins both rules' values sends two
 * policies, and the browser enforces both: their intersection, the same page policy.
 */
import { createHash } from "node:crypto";

export interface HeaderInput {
  /** Every inline script of the built pages (speculation rules), allowed by hash. */
  inlineScripts: string[];
  /** Origins the site's forms post to (their `action:`), allowed for form posts and fetch. */
  formOrigins: string[];
  /** The video players' origins the page may frame (src/content/video.ts); none by default. */
  frameOrigins?: string[];
  /** The chosen analytics provider's origins (src/analytics/providers), when one is configured. */
  analytics?: { script: string[]; connect: string[]; img: string[] };
  /** Whether the site has its search, whose index runs as WebAssembly in the page (src/pipeline/search-index.ts). */
  search?: boolean;
}

/** A path's headers where they differ from every path's (`/*`): a page's own security policy. */
export type RouteHeaders = Record<string, Record<string, string>>;

/** At least six months, as HSTS preload lists and security scanners ask: one year. */
const HSTS_SECONDS = 31_536_000;

/**
 * An origin as it may appear in the policy: https, a host of letters, digits, dots
 * and hyphens, an optional port. Anything else (a `;` that would end the directive,
 * a `*` that would allow every host) is refused, whatever validation let through.
 */
const POLICY_ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;

export function policyOrigin(origin: string): string {
  if (!POLICY_ORIGIN.test(origin))
    throw new Error(`Refusing to put ${JSON.stringify(origin)} into the security policy: not an https origin with a plain host name.`);
  return origin;
}

/**
 * An analytics provider's source: an https origin, a provider's documented wildcard
 * (https://*.google-analytics.com), or a local test collector (http://127.0.0.1:port).
 */
const PROVIDER_SOURCE = /^(https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+|http:\/\/(127\.0\.0\.1|localhost))(:\d{1,5})?$/;

export function providerSource(source: string): string {
  if (!PROVIDER_SOURCE.test(source)) throw new Error(`Refusing to put ${JSON.stringify(source)} into the security policy: not an analytics provider's origin.`);
  return source;
}

export function contentSecurityPolicy({ inlineScripts, formOrigins: unchecked, frameOrigins: frames = [], analytics, search }: HeaderInput): string {
  const formOrigins = [...new Set(unchecked.map(policyOrigin))];
  const frameOrigins = [...new Set(frames.map(policyOrigin))].sort();
  const provider = (kind: "script" | "connect" | "img") => [...new Set((analytics?.[kind] ?? []).map(providerSource))];
  const hashes = [...new Set(inlineScripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`))];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // WebAssembly only (not eval): the site search's index is compiled in the page.
    ["script-src", "'self'", ...hashes, ...(search ? ["'wasm-unsafe-eval'"] : []), ...provider("script")],
    // Emotion writes the styles of interactive parts as they wake.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", ...provider("img")],
    ["font-src", "'self'"],
    // Only a page with a video frames anything: its player, once the visitor presses play.
    ["frame-src", ...(frameOrigins.length ? frameOrigins : ["'none'"])],
    ["connect-src", "'self'", ...formOrigins, ...provider("connect")],
    // Without an endpoint, a sign-up form sends by email.
    ["form-action", "'self'", "mailto:", ...formOrigins],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'self'"],
    ["object-src", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

export function securityHeaders(input: HeaderInput): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(input),
    "Strict-Transport-Security": `max-age=${HSTS_SECONDS}; includeSubDomains`,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Resource-Policy": "same-site",
  };
}

/** Netlify's and Cloudflare Pages' `_headers` file. */
const ASSETS = "/assets/*";
const IMMUTABLE = { "Cache-Control": "public, max-age=31536000, immutable" };

export function headersFile(headers: Record<string, string>, routes: RouteHeaders = {}): string {
  const { [ASSETS]: assets, ...pages } = routes;
  // Cloudflare Pages sends every matching rule's value (two policies, both enforced): `! Name` first drops
  // the value of the rule for every path, so a page's own policy replaces it (npm start skips the line).
  const block = (path: string, values: Record<string, string>) =>
    `${path}\n${Object.entries(values)
      .map(([name, value]) => `${path !== "/*" && name in headers ? `  ! ${name}\n` : ""}  ${name}: ${value}\n`)
      .join("")}`;
  return [block("/*", headers), block(ASSETS, { ...assets, ...IMMUTABLE }), ...Object.entries(pages).map(([path, values]) => block(path, values))].join("");
}

/** Vercel's `vercel.json`, for deploying dist/ as the project. */
export function vercelConfig(headers: Record<string, string>, routes: RouteHeaders = {}): string {
  const { [ASSETS]: assets, ...pages } = routes;
  const list = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));
  const config = {
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      { source: "/(.*)", headers: Object.entries(headers).map(([key, value]) => ({ key, value })) },
      { source: "/assets/(.*)", headers: list({ ...assets, ...IMMUTABLE }) },
      // After the rule for every path: for the same header, Vercel sends the last matching rule's value.
      ...Object.entries(pages).map(([source, values]) => ({ source, headers: list(values) })),
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The inline scripts of a page that run (data blocks such as JSON-LD do not, and need no hash). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , body]) => body!);
}

/**
 * The headers for every path, and each page's own where its policy differs: `frameOrigins`
 * gives the video players each route frames (by route, as in pages.yaml; "*" is the 404 page,
 * which takes the rule for every path).
 */
export function pageHeaders(
  input: Omit<HeaderInput, "frameOrigins">,
  frameOrigins: Record<string, string[]>,
): { headers: Record<string, string>; routes: RouteHeaders } {
  const all = [...new Set(Object.values(frameOrigins).flat())].sort();
  const headers = securityHeaders({ ...input, frameOrigins: all });
  const routes: RouteHeaders = {};
  // The site's scripts and styles frame nothing: the narrowest policy, which is also the shortest to send.
  if (all.length) routes[ASSETS] = { "Content-Security-Policy": contentSecurityPolicy({ ...input, frameOrigins: [] }) };
  for (const [route, origins] of Object.entries(frameOrigins)) {
    if (route === "*" || [...new Set(origins)].sort().join(" ") === all.join(" ")) continue;
    routes[route] = { "Content-Security-Policy": contentSecurityPolicy({ ...input, frameOrigins: origins }) };
  }
  return { headers, routes };
}
