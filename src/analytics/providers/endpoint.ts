import { z } from "zod";

/** A local address, for a test collector: http is allowed there only. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/;
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;

export const isLoopback = (url: string) => LOOPBACK.test(new URL(url).origin);

/**
 * Where a provider's script or API is, when not at its usual address (a proxy on the
 * site's own domain, a server-side container, or a local collector in tests): an https:
 * address, or http://127.0.0.1 / http://localhost. Its origin is added to the security policy.
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
      if (!ok)
        ctx.addIssue({
          code: "custom",
          message: path
            ? `Expected an https: address like https://www.example.com/js/script.js, got ${JSON.stringify(value)}.`
            : `Expected an https: address with no path and no trailing slash, like https://plausible.example.com, got ${JSON.stringify(value)}.`,
          params: {
            code: "invalid-format",
            hint: "Only https: addresses (or http://127.0.0.1 for a local test collector) can be allowed by the security policy.",
          },
          input: value,
        });
    })
    .meta({ description });

export const originOf = (url: string) => new URL(url).origin;
