import { z } from "zod";
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

export type LinkParse = { ok: true; link: Link } | { ok: false; message: string; hint: string };

const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~=&%+]*)?(#[A-Za-z][A-Za-z0-9\-_]*)?$/;
const ANCHOR = /^#[A-Za-z][A-Za-z0-9\-_]*$/;
const TARGET_NAME = /^[a-z][a-z0-9-]*$/;
// Anything that is not printable ASCII: control characters, tabs, spaces, bidi overrides,
// zero-width characters. Browsers strip or ignore some of these, which is how
// "java\tscript:" and " javascript:" sneak past naive checks.
const INVISIBLE_OR_SPACE = /[^\x21-\x7e]/;

export function parseLink(raw: string): LinkParse {
  if (raw.length === 0) return fail("The link is empty.", LINK_FORMS_HINT);
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
  if (scheme === "https") {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail(`"${raw}" is not a valid URL.`, "Check it in a browser's address bar and copy it from there.");
    }
    if (!url.hostname.includes(".") || !raw.startsWith("https://")) {
      return fail(`"${raw}" has no valid host.`, "A URL looks like https://www.example.com/page.");
    }
    if (url.username || url.password) {
      // https://www.irs.gov@evil.example/ looks like one site and opens another.
      return fail(`"${raw}" has a user name before its host (the part before @).`, `Link to the host itself: https://${url.host}${url.pathname}.`);
    }
    return { ok: true, link: { kind: "url", href: raw } };
  }
  if (scheme === "mailto" || scheme === "tel") {
    const rest = raw.slice(scheme.length + 1);
    const valid = scheme === "mailto" ? /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(rest) : /^\+?[0-9().-]{3,}$/.test(rest);
    return valid
      ? { ok: true, link: { kind: "url", href: raw } }
      : fail(`"${raw}" is not a valid ${scheme}: link.`, scheme === "mailto" ? "Write mailto:name@example.com." : "Write tel:+15555550123.");
  }
  if (scheme.toLowerCase() === "http") {
    return fail(`"${raw}" uses http:.`, "Use https: so visitors are not warned about an insecure page.");
  }
  if (["https", "mailto", "tel"].includes(scheme.toLowerCase())) {
    return fail(`"${raw}" has its scheme in capitals.`, `Write ${scheme.toLowerCase()}: in lowercase.`);
  }
  return fail(`The "${scheme}:" scheme is not allowed in links.`, LINK_FORMS_HINT);
}

function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0)!;
  const names: Record<number, string> = {
    0x20: "a space",
    0x09: "a tab",
    0x0a: "a line break",
    0x200b: "a zero-width space",
    0x202e: "a right-to-left override",
    0xa0: "a non-breaking space",
    0x2013: "an en dash (–)",
    0x2014: "an em dash (—)",
  };
  const hex = code.toString(16).toUpperCase().padStart(4, "0");
  return `${names[code] ?? (code < 0x20 || (code >= 0x7f && code < 0xa0) ? "a control character" : `the character "${ch}"`)} (U+${hex})`;
}

function fail(message: string, hint: string): LinkParse {
  return { ok: false, message, hint };
}

/**
 * The named targets that links may use while a file is validated. Set by the
 * loader around one synchronous parse (site.yaml is read first); when unset, any
 * well-formed name passes and resolution reports unknown ones.
 */
let knownTargets: readonly string[] | undefined;

export function withLinkTargets<T>(targets: readonly string[], parse: () => T): T {
  const previous = knownTargets;
  knownTargets = targets;
  try {
    return parse();
  } finally {
    knownTargets = previous;
  }
}

/** Any of the three link forms. Named targets are resolved against site.yaml after validation. */
export const link = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? undefined : "Expected a link (text)") })
    .transform((value, ctx): Link => {
      const parsed = parseLink(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message, params: { hint: parsed.hint }, input: value });
        return z.NEVER;
      }
      if (parsed.link.kind === "target" && knownTargets && !knownTargets.includes(parsed.link.name)) {
        const { message, hint } = unknownTarget(parsed.link.name, knownTargets);
        ctx.addIssue({ code: "custom", message, params: { hint }, input: value });
        return z.NEVER;
      }
      return parsed.link;
    })
    .meta({
      title: "Link",
      description: "An internal route (/tax-course), a named target from content/site.yaml (booking, course), or an https:, mailto: or tel: URL.",
    });

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
    params: { hint: "Named targets and routes cannot be used where a target is defined." },
  });
