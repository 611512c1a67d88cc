/**
 * The Mozilla HTTP Observatory's score for a response's headers, by its
 * published scoring rules: a baseline of 100, penalties, and bonuses counted
 * only when the score without them is at least 90. A+ is 100 or more. Tests
 * that need a live https host (redirection, preload lists) are left out;
 * cookies are checked, and the site sets none.
 */
export interface Modifier {
  test: string;
  result: string;
  modifier: number;
}

export function observatoryScore(headers: Headers, html: string): { score: number; grade: string; modifiers: Modifier[] } {
  const modifiers = [
    csp(headers),
    cookies(headers),
    cors(headers),
    referrer(headers),
    hsts(headers),
    sri(html),
    nosniff(headers),
    frameOptions(headers),
    corp(headers),
  ];
  const penalties = modifiers.filter((m) => m.modifier < 0).reduce((sum, m) => sum + m.modifier, 100);
  const bonuses = modifiers.filter((m) => m.modifier > 0).reduce((sum, m) => sum + m.modifier, 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return { score, grade: grade(score), modifiers };
}

function grade(score: number): string {
  const grades: [number, string][] = [
    [100, "A+"],
    [90, "A"],
    [85, "A-"],
    [80, "B+"],
    [70, "B"],
    [65, "B-"],
    [60, "C+"],
    [50, "C"],
    [45, "C-"],
    [40, "D+"],
    [30, "D"],
    [25, "D-"],
  ];
  return grades.find(([min]) => score >= min)?.[1] ?? "F";
}

function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function csp(headers: Headers): Modifier {
  const test = "content-security-policy";
  const policy = headers.get("content-security-policy");
  if (!policy) return { test, result: "csp-not-implemented", modifier: -25 };
  const directives = parsePolicy(policy);
  const fallback = directives.get("default-src") ?? [];
  const scripts = directives.get("script-src") ?? fallback;
  const styles = directives.get("style-src") ?? fallback;
  const all = [...directives.values()].flat();
  if (scripts.includes("'unsafe-inline'") && !scripts.some((s) => /^'(sha(256|384|512)-|nonce-|strict-dynamic)/.test(s)))
    return { test, result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (all.some((source) => /^http:/.test(source) || source === "http:")) return { test, result: "csp-implemented-with-insecure-scheme", modifier: -20 };
  if (scripts.includes("'unsafe-eval'")) return { test, result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  if (!directives.has("script-src") && !directives.has("default-src")) return { test, result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (styles.includes("'unsafe-inline'")) return { test, result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 };
  if (fallback.includes("'none'")) return { test, result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 };
  return { test, result: "csp-implemented-with-no-unsafe", modifier: 5 };
}

function cookies(headers: Headers): Modifier {
  const set = headers.getSetCookie();
  if (!set.length) return { test: "cookies", result: "cookies-not-found", modifier: 0 };
  const secure = set.every((cookie) => /;\s*secure/i.test(cookie));
  return secure
    ? { test: "cookies", result: "cookies-secure-with-httponly-sessions", modifier: 0 }
    : { test: "cookies", result: "cookies-without-secure-flag", modifier: -20 };
}

function cors(headers: Headers): Modifier {
  const origin = headers.get("access-control-allow-origin");
  if (origin?.trim() === "*")
    return { test: "cross-origin-resource-sharing", result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 };
  return {
    test: "cross-origin-resource-sharing",
    result: origin ? "cross-origin-resource-sharing-implemented-with-restricted-access" : "cross-origin-resource-sharing-not-implemented",
    modifier: 0,
  };
}

function referrer(headers: Headers): Modifier {
  const value = headers.get("referrer-policy");
  if (!value) return { test: "referrer-policy", result: "referrer-policy-not-implemented", modifier: 0 };
  const effective = value
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .pop()!;
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(effective))
    return { test: "referrer-policy", result: "referrer-policy-private", modifier: 5 };
  if (effective === "no-referrer-when-downgrade") return { test: "referrer-policy", result: "referrer-policy-no-referrer-when-downgrade", modifier: 0 };
  return { test: "referrer-policy", result: "referrer-policy-unsafe", modifier: -5 };
}

function hsts(headers: Headers): Modifier {
  const value = headers.get("strict-transport-security");
  if (!value) return { test: "strict-transport-security", result: "hsts-not-implemented", modifier: -20 };
  const maxAge = /max-age=(\d+)/i.exec(value);
  if (!maxAge) return { test: "strict-transport-security", result: "hsts-header-invalid", modifier: -20 };
  return Number(maxAge[1]) >= 15_768_000
    ? { test: "strict-transport-security", result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
    : { test: "strict-transport-security", result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
}

function sri(html: string): Modifier {
  const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  if (!sources.length) return { test: "subresource-integrity", result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 };
  const external = sources.filter((src) => /^(https?:)?\/\//.test(src));
  if (!external.length) return { test: "subresource-integrity", result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 };
  return { test: "subresource-integrity", result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 };
}

function nosniff(headers: Headers): Modifier {
  const value = headers.get("x-content-type-options");
  if (!value) return { test: "x-content-type-options", result: "x-content-type-options-not-implemented", modifier: -5 };
  return value.trim().toLowerCase() === "nosniff"
    ? { test: "x-content-type-options", result: "x-content-type-options-nosniff", modifier: 0 }
    : { test: "x-content-type-options", result: "x-content-type-options-header-invalid", modifier: -5 };
}

function frameOptions(headers: Headers): Modifier {
  const ancestors = parsePolicy(headers.get("content-security-policy") ?? "").get("frame-ancestors");
  if (ancestors) return { test: "x-frame-options", result: "x-frame-options-implemented-via-csp", modifier: 5 };
  const value = headers.get("x-frame-options")?.trim().toUpperCase();
  if (value === "DENY" || value === "SAMEORIGIN") return { test: "x-frame-options", result: "x-frame-options-sameorigin-or-deny", modifier: 0 };
  return { test: "x-frame-options", result: value ? "x-frame-options-header-invalid" : "x-frame-options-not-implemented", modifier: -20 };
}

function corp(headers: Headers): Modifier {
  const value = headers.get("cross-origin-resource-policy")?.trim().toLowerCase();
  if (!value) return { test: "cross-origin-resource-policy", result: "corp-not-implemented", modifier: 0 };
  if (["same-site", "same-origin", "cross-origin"].includes(value))
    return { test: "cross-origin-resource-policy", result: `corp-implemented-with-${value}`, modifier: 0 };
  return { test: "cross-origin-resource-policy", result: "corp-header-invalid", modifier: -5 };
}
