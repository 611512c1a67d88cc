import { z } from "zod";

/** A local address, for a test collector: http is allowed there only. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/;
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;

export const isLoopback = (url: string) => LOOPBACK.test(new URL(url).origin);

/**
 * Set to 1 by a build for tests (tests/support/analytics-sites.ts) that points the provider
 * at a local stand-in: only then may an analytics address be on this computer.
 */
export const ALLOW_LOCAL_ANALYTICS = "ANALYTICS_ALLOW_LOCAL";
const localAllowed = () => globalThis.process?.env?.[ALLOW_LOCAL_ANALYTICS] === "1";

/**
 * A host no visitor's browser reaches as the site's provider: this computer (localhost,
 * 127.x), a private or link-local network (10.x, 172.16–31.x, 192.168.x, 169.254.x,
 * 100.64–127.x) or a name only a local network resolves (.local, .localhost, .internal, .lan, .home.arpa).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) return true;
  if (host.includes(":")) return true;
  const ip = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * Where a provider's script or API is, when not at its usual address (a proxy on the
 * site's own domain, a server-side container, or a local collector in tests): a public
 * https: address, or, in a build for tests only (ANALYTICS_ALLOW_LOCAL=1), http://127.0.0.1 /
 * http://localhost. Its origin is added to the security policy.
 */
export const endpointUrl = (description: string, { path = false }: { path?: boolean } = {}) =>
  z
    .string()
    .max(500)
    .superRefine((value, ctx) => {
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      const origin = url?.origin ?? "";
      const ok =
        url !== undefined &&
        (HTTPS_ORIGIN.test(origin) || LOOPBACK.test(origin)) &&
        !url.username &&
        !url.password &&
        !url.hash &&
        (path ? true : url.pathname === "/" && !url.search) &&
        (path || !value.endsWith("/"));
      if (ok && !localAllowed() && (url!.protocol === "http:" || isLocalHost(url!.hostname)))
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(value)} is on this computer or a private network${url!.protocol === "http:" ? ", over plain http:" : ""}: visitors' browsers cannot reach it, and the security policy would let every page talk to it.`,
          params: {
            code: "local-address",
            hint: `Use the provider's public https: address. A build for tests with a local stand-in for the provider sets ${ALLOW_LOCAL_ANALYTICS}=1.`,
          },
          input: value,
        });
      if (!ok)
        ctx.addIssue({
          code: "custom",
          message: path
            ? `Expected an https: address like https://www.example.com/js/script.js, got ${JSON.stringify(value)}.`
            : `Expected an https: address with no path and no trailing slash, like https://plausible.example.com, got ${JSON.stringify(value)}.`,
          params: {
            code: "invalid-format",
            hint: "Only https: addresses (or, in a build for tests, http://127.0.0.1 for a local stand-in) can be allowed by the security policy.",
          },
          input: value,
        });
    })
    .meta({ description });

export const originOf = (url: string) => new URL(url).origin;
