import { z } from "zod";
import { describeCharacter } from "./characters.ts";
import { FIELD_KINDS, fieldKinds } from "./field-kinds.ts";
import type { ProblemCode } from "./problem-codes.ts";
import { didYouMean } from "./problems.ts";

/**
 * A link as authored in YAML. Three forms only, so that no content can smuggle a
 * script URL into the site:
 * - an internal route or in-page anchor: `/tax-course`, `/press#featured`, `#faq`
 * - a named target from `content/site.yaml` (`booking`, `course`)
 * - an absolute `https:`, `mailto:` or `tel:` URL
 */
export type Link = { kind: "route"; href: string } | { kind: "target"; name: string; href: string } | { kind: "url"; href: string };

export const LINK_FORMS_HINT =
  "Allowed link forms: an internal route (/tax-course), a named target from content/site.yaml (booking, course), or an https:, mailto: or tel: URL.";

export type LinkParse = { ok: true; link: Link } | { ok: false; code: ProblemCode; message: string; hint: string };

const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~=&%+]*)?(#[A-Za-z][A-Za-z0-9\-_]*)?$/;
const ANCHOR = /^#[A-Za-z][A-Za-z0-9\-_]*$/;
const TARGET_NAME = /^[a-z][a-z0-9-]*$/;
// Anything that is not printable ASCII: control characters, tabs, spaces, bidi overrides,
// zero-width characters. Browsers strip or ignore some of these, which is how
// "java\tscript:" and " javascript:" sneak past naive checks.
const INVISIBLE_OR_SPACE = /[^\x21-\x7e]/;
/** Longer than any real address (browsers and servers start refusing past about 2,000). */
export const MAX_LINK_LENGTH = 2000;
/**
 * A host name as DNS knows it: labels of letters, digits and inner hyphens. Anything
 * else (a wildcard, a semicolon) is not a place a link can go, and would reach the
 * security policy, which is built from these hosts.
 */
export const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** One plain address: no percent-encoding, no second recipient, no display name. */
const MAIL_ADDRESS = /^[A-Za-z0-9.!#$&'*+/=^_`{|}~-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
/** Digits with the separators people write phone numbers with, and an optional leading +. */
const PHONE = /^\+?[0-9().-]+$/;

export function parseLink(raw: string): LinkParse {
  if (raw.length === 0) return fail("The link is empty.", LINK_FORMS_HINT);
  if (raw.length > MAX_LINK_LENGTH) {
    return fail(
      `The link is ${raw.length.toLocaleString("en-US")} characters long, over the limit of ${MAX_LINK_LENGTH.toLocaleString("en-US")}.`,
      "Link to a shorter address: a page rather than a search or a tracking redirect.",
      "link-too-long",
    );
  }
  const odd = INVISIBLE_OR_SPACE.exec(raw);
  if (odd) {
    return fail(
      `The link contains ${describeCharacter(odd[0])} at position ${odd.index + 1}.`,
      "Links may hold only plain letters, digits and URL punctuation: retype it, or encode the character (a space is %20). " + LINK_FORMS_HINT,
    );
  }
  if (raw.includes("\\")) return fail(`"${raw}" contains a backslash.`, "Use forward slashes (/) in links.");
  if (raw.startsWith("//")) {
    return fail(`"${raw}" is a protocol-relative link.`, "Write the full URL starting with https://.");
  }
  if (raw.startsWith("/")) {
    return ROUTE.test(raw)
      ? { ok: true, link: { kind: "route", href: raw } }
      : fail(`"${raw}" is not a valid route.`, "Routes use letters, digits, - _ . and / only, like /tax-course or /press#featured.");
  }
  if (raw.startsWith("#")) {
    return ANCHOR.test(raw)
      ? { ok: true, link: { kind: "route", href: raw } }
      : fail(`"${raw}" is not a valid anchor.`, "Anchors look like #faq: a letter, then letters, digits, - or _.");
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw)?.[1];
  if (scheme === undefined) {
    return TARGET_NAME.test(raw) ? { ok: true, link: { kind: "target", name: raw, href: "" } } : fail(`"${raw}" is not a link.`, LINK_FORMS_HINT);
  }
  if (scheme === "https") return parseHttps(raw);
  if (scheme === "mailto") return parseMailto(raw);
  if (scheme === "tel") return parseTel(raw);
  if (scheme.toLowerCase() === "http") {
    return fail(`"${raw}" uses http:.`, "Use https: so visitors are not warned about an insecure page.", "link-scheme");
  }
  if (["https", "mailto", "tel"].includes(scheme.toLowerCase())) {
    return fail(`"${raw}" has its scheme in capitals.`, `Write ${scheme.toLowerCase()}: in lowercase.`);
  }
  return fail(`The "${scheme}:" scheme is not allowed in links.`, LINK_FORMS_HINT, "link-scheme");
}

function parseHttps(raw: string): LinkParse {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`"${raw}" is not a valid URL.`, "Check it in a browser's address bar and copy it from there.");
  }
  if (!raw.startsWith("https://") || !HOST_NAME.test(url.hostname)) {
    return fail(
      `"${raw}" has no valid host.`,
      "A URL looks like https://www.example.com/page: its host is letters, digits, dots and hyphens, with an optional :port.",
    );
  }
  if (url.username || url.password) {
    // https://www.irs.gov@evil.example/ looks like one site and opens another.
    return fail(`"${raw}" has a user name before its host (the part before @).`, `Link to the host itself: https://${url.host}${url.pathname}.`);
  }
  return { ok: true, link: { kind: "url", href: raw } };
}

/**
 * mailto: with one plain address and, at most, a subject and a body. Encoded
 * recipients (%40), extra headers (?bcc=, ?cc=) and line breaks in the subject
 * would send the visitor's mail somewhere they did not see.
 */
function parseMailto(raw: string): LinkParse {
  const example = "Write mailto:name@example.com, optionally with ?subject=...";
  const [address = "", query, ...more] = raw.slice("mailto:".length).split("?");
  if (!MAIL_ADDRESS.test(address)) {
    const why = address.includes(",")
      ? "it names more than one recipient"
      : address.includes("%")
        ? "its address is percent-encoded"
        : "its address is not a plain name@example.com";
    return fail(`"${raw}" is not a valid mailto: link: ${why}.`, example);
  }
  if (more.length) return fail(`"${raw}" has more than one "?".`, example);
  const seen = new Set<string>();
  for (const part of query === undefined ? [] : query.split("&")) {
    const [name = "", value = ""] = part.split("=", 2);
    if (name !== "subject" && name !== "body") {
      return fail(
        `"${raw}" sets "${name}"; a mailto: link may set only subject and body.`,
        "Remove it: other fields (cc, bcc, to) would copy the visitor's mail to addresses they did not choose.",
      );
    }
    if (seen.has(name)) return fail(`"${raw}" sets ${name} twice.`, `Keep one ${name}.`);
    seen.add(name);
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return fail(`"${raw}" has a broken percent-encoding in its ${name}.`, "Encode special characters as %XX, like %20 for a space.");
    }
    // Line breaks belong in a body; in a subject they start new mail headers.
    const control = name === "subject" ? /[\p{Cc}\p{Cf}]/u.exec(decoded) : /(?![\r\n])[\p{Cc}\p{Cf}]/u.exec(decoded);
    if (control) return fail(`"${raw}" has ${describeCharacter(control[0])} in its ${name}.`, `Remove it from the ${name}.`);
  }
  return { ok: true, link: { kind: "url", href: raw } };
}

function parseTel(raw: string): LinkParse {
  const number = raw.slice("tel:".length);
  const digits = number.replace(/\D/g, () => "").length;
  if (!PHONE.test(number) || digits < 3 || digits > 15) {
    return fail(
      `"${raw}" is not a valid tel: link.`,
      "Write tel: and the number with its country code, like tel:+15555550123: digits, and - . ( ) between them.",
    );
  }
  return { ok: true, link: { kind: "url", href: raw } };
}

function fail(message: string, hint: string, code: ProblemCode = "link-invalid"): LinkParse {
  return { ok: false, code, message, hint };
}

/** Any of the three link forms. Named targets are resolved against site.yaml after validation. */
export const link = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? undefined : "Expected a link (text)") })
    .transform((value, ctx): Link => {
      const parsed = parseLink(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message, params: { code: parsed.code, hint: parsed.hint }, input: value });
        return z.NEVER;
      }
      // Whether a named target exists is checked once, by the loader, against content/site.yaml (targets.ts).
      return parsed.link;
    })
    .meta({
      title: "Link",
      description: "An internal route (/tax-course), a named target from content/site.yaml (booking, course), or an https:, mailto: or tel: URL.",
    })
    .register(fieldKinds, { kind: FIELD_KINDS.link });

export function unknownTarget(name: string, targets: readonly string[]): { message: string; hint: string } {
  const guess = didYouMean(name, targets);
  return {
    message: `"${name}" is not a named target or a link.`,
    hint: `${guess ? `Did you mean "${guess}"? ` : ""}Named targets in content/site.yaml: ${targets.join(", ") || "none"}. Routes start with /, URLs with https:.`,
  };
}

/** Only absolute URLs: used where a named target itself is defined. */
export const externalUrl = () =>
  link().refine((value) => value.kind === "url", {
    message: "Expected an https:, mailto: or tel: URL here.",
    params: { code: "link-invalid", hint: "Named targets and routes cannot be used where a target is defined." },
  });
