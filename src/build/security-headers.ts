/**
 * The response headers the site is served with, computed at build time and
 * written for the common static hosts (`_headers` for Netlify and Cloudflare
 * Pages, `vercel.json` for Vercel); `npm start` reads the same `_headers`.
 */
import { createHash } from "node:crypto";

export interface HeaderInput {
  /** Every inline script of the built pages (speculation rules), allowed by hash. */
  inlineScripts: string[];
  /** Origins the site's forms post to (their `action:`), allowed for form posts and fetch. */
  formOrigins: string[];
  /** The chosen analytics provider's origins (src/analytics/providers), when one is configured. */
  analytics?: { script: string[]; connect: string[]; img: string[] };
}

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

export function contentSecurityPolicy({ inlineScripts, formOrigins: unchecked, analytics }: HeaderInput): string {
  const formOrigins = [...new Set(unchecked.map(policyOrigin))];
  const provider = (kind: "script" | "connect" | "img") => [...new Set((analytics?.[kind] ?? []).map(providerSource))];
  const hashes = [...new Set(inlineScripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`))];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...hashes, ...provider("script")],
    // Emotion writes the styles of interactive parts as they wake.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", ...provider("img")],
    ["font-src", "'self'"],
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
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join("\n")}\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n`;
}

/** Vercel's `vercel.json`, for deploying dist/ as the project. */
export function vercelConfig(headers: Record<string, string>): string {
  const config = {
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      { source: "/(.*)", headers: Object.entries(headers).map(([key, value]) => ({ key, value })) },
      { source: "/assets/(.*)", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
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
