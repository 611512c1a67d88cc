// @vitest-environment jsdom
/**
 * analytics: in content/site.yaml and track: in pages.yaml, through the build's loader
 * on the spec fixture site: every mistake at its line with its code, and what a valid
 * configuration gives the browser and the security policy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { trackedPages, VARIANTS } from "../../tests/support/analytics-sites.ts";
import type { Problem } from "../content/problems.ts";
import { contentSecurityPolicy } from "../pipeline/security-headers.ts";
import { anchorId } from "../content/fields.ts";
import { SCRIPT_IDS } from "../content/page-ids.ts";
import { consentBanner } from "./consent-banner.ts";
import { analyticsClientConfig, analyticsPolicy } from "./schema.ts";
import { CONSENT_KEY, start } from "./start.ts";

const SITE = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const PAGES = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const errors = (problems: Problem[]) => problems.filter((p) => p.severity === "error");
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

const EVENTS = `  events:
    - name: book-call
      description: A visitor clicked through to book a call.
    - name: join-list
      description: A visitor sent the newsletter form.
    - name: try-calculator
      description: A visitor used the tax calculator.
`;
const PLAUSIBLE = `
analytics:
  provider: plausible
  domain: northbridge-tax.example
${EVENTS}`;
const GOOGLE = `
analytics:
  provider: google-analytics
  measurementId: G-1A2B3C4D5E
${EVENTS}  consent:
    label: Cookie consent
    message: We use cookies to learn which pages help visitors.
    accept: Accept
    reject: Reject
    settings: Cookie settings
`;

const load = (site: string, pages = PAGES) => loadFixture({ "content/site.yaml": site, "pages.yaml": pages });

describe("analytics in site.yaml", () => {
  it("accepts each provider with its settings, and no analytics at all", { timeout: 30_000 }, () => {
    expect(errors(load(SITE).problems)).toEqual([]);
    expect(load(SITE).content!.site.analytics).toBeUndefined();
    expect(errors(load(SITE + PLAUSIBLE).problems)).toEqual([]);
    expect(errors(load(SITE + GOOGLE).problems)).toEqual([]);
  });

  it("refuses an unknown provider at its line, with the provider it resembles", () => {
    const site = SITE + PLAUSIBLE.replace("provider: plausible", "provider: plausable");
    const [problem, ...rest] = errors(load(site).problems);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: "unknown-provider",
      file: "content/site.yaml",
      line: lineOf(site, "provider: plausable"),
      path: "analytics.provider",
    });
    expect(problem!.hint).toContain('Did you mean "plausible"?');
  });

  it("asks for the provider's site id where analytics is", () => {
    const site = SITE + PLAUSIBLE.replace("  domain: northbridge-tax.example\n", "");
    expect(errors(load(site).problems)).toMatchObject([{ code: "missing-field", path: "analytics.domain", line: lineOf(site, "provider: plausible") }]);
    const google = SITE + GOOGLE.replace("  measurementId: G-1A2B3C4D5E\n", "");
    expect(errors(load(google).problems)).toMatchObject([{ code: "missing-field", path: "analytics.measurementId" }]);
  });

  it("refuses a malformed site id and another provider's setting", () => {
    const site = SITE + GOOGLE.replace("G-1A2B3C4D5E", "UA-12345-1");
    expect(errors(load(site).problems)).toMatchObject([{ code: "invalid-format", path: "analytics.measurementId", line: lineOf(site, "UA-12345-1") }]);
    const mixed = SITE + PLAUSIBLE.replace("  domain:", "  measurementId: G-1A2B3C4D5E\n  domain:");
    expect(errors(load(mixed).problems)).toMatchObject([{ code: "unknown-field", path: "analytics.measurementId" }]);
  });

  it("needs the banner's texts for a provider that needs consent, and refuses them for one that does not", () => {
    const site = SITE + GOOGLE.slice(0, GOOGLE.indexOf("  consent:"));
    expect(errors(load(site).problems)).toMatchObject([{ code: "missing-field", path: "analytics.consent" }]);
    const plausible = SITE + PLAUSIBLE + GOOGLE.slice(GOOGLE.indexOf("  consent:"));
    expect(errors(load(plausible).problems)).toMatchObject([{ code: "unknown-field", path: "analytics.consent" }]);
  });

  it("refuses an event declared twice, or under an automatic event's name", () => {
    const site = SITE + PLAUSIBLE + "    - name: book-call\n      description: Again.\n    - name: target-click\n      description: Mine.\n";
    expect(errors(load(site).problems).map((p) => [p.code, p.path])).toEqual([
      ["duplicate-name", "analytics.events[3].name"],
      ["duplicate-name", "analytics.events[4].name"],
    ]);
  });

  it("refuses an endpoint that the policy could not allow", () => {
    for (const bad of [
      "http://plausible.example.com",
      "https://plausible.example.com/",
      "javascript:alert(1)",
      "https://*.example.com",
      "https://a.example.com;script-src *",
    ]) {
      const site = SITE + PLAUSIBLE.replace("  domain:", `  apiHost: "${bad}"\n  domain:`);
      expect(errors(load(site).problems), bad).toMatchObject([{ code: "invalid-format", path: "analytics.apiHost" }]);
    }
    expect(errors(load(SITE + PLAUSIBLE.replace("  domain:", "  apiHost: https://stats.northbridge-tax.com\n  domain:")).problems)).toEqual([]);
  });

  it("refuses an address on this computer or a private network, or plain http, at its line, outside a build for tests", () => {
    for (const [field, local] of [
      ["scriptSrc", "http://localhost:8080/gtag.js"],
      ["scriptSrc", "https://127.0.0.1:8443/gtag/js"],
      ["scriptSrc", "https://tags.office.local/gtag/js"],
      ["apiHost", "http://127.0.0.1:4000"],
      ["apiHost", "https://192.168.1.20"],
      ["apiHost", "https://10.0.0.5:8000"],
      ["apiHost", "https://172.20.1.1"],
      ["apiHost", "https://stats.localhost"],
    ] as const) {
      const site =
        field === "scriptSrc"
          ? SITE + GOOGLE.replace("  measurementId:", `  scriptSrc: "${local}"\n  measurementId:`)
          : SITE + PLAUSIBLE.replace("  domain:", `  apiHost: "${local}"\n  domain:`);
      const problems = errors(load(site).problems);
      expect(problems, local).toMatchObject([{ code: "local-address", file: "content/site.yaml", path: `analytics.${field}`, line: lineOf(site, local) }]);
      expect(problems[0]!.hint).toContain("ANALYTICS_ALLOW_LOCAL=1");
    }
    // Public addresses that merely look numeric or local are not.
    for (const publicHost of ["https://172.32.0.1", "https://stats.local-firm.com", "https://192.169.0.1"])
      expect(errors(load(SITE + PLAUSIBLE.replace("  domain:", `  apiHost: ${publicHost}\n  domain:`)).problems), publicHost).toEqual([]);
  });

  it("accepts a local stand-in for the provider in a build for tests (ANALYTICS_ALLOW_LOCAL=1)", () => {
    vi.stubEnv("ANALYTICS_ALLOW_LOCAL", "1");
    try {
      expect(errors(load(SITE + PLAUSIBLE.replace("  domain:", "  apiHost: http://127.0.0.1:4000\n  domain:")).problems)).toEqual([]);
      const google = SITE + GOOGLE.replace("  measurementId:", "  scriptSrc: http://localhost:8080/gtag.js\n  measurementId:");
      expect(errors(load(google).problems)).toEqual([]);
      // Still an https: address anywhere else.
      const remote = SITE + PLAUSIBLE.replace("  domain:", "  apiHost: http://stats.example.com\n  domain:");
      expect(errors(load(remote).problems)).toMatchObject([{ code: "invalid-format" }]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("the consent banner on the page", () => {
  const texts = { label: "Cookie consent", message: "May we?", accept: "Accept", reject: "Reject", settings: "Cookie settings" };
  afterEach(() => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    localStorage.clear();
    delete (Navigator.prototype as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    delete window.gtag;
    delete window.dataLayer;
  });

  /** A page as built: the skip link first, then the header's links and the main content. */
  const page = (sectionId = "services") => {
    document.body.innerHTML = `<div id="root"><a href="#main">Skip to content</a><header><a href="/">Home</a></header><main id="main"><section id="${sectionId}"><a href="/x">X</a></section></main></div>`;
  };

  it("comes right after the skip link, so the keyboard reaches it next even from the skip link", () => {
    page();
    consentBanner(texts, () => {}).show(false);
    const bar = document.querySelector(".consent-bar")!;
    expect(bar.previousElementSibling).toBe(document.querySelector('a[href="#main"]'));
    expect(bar.nextElementSibling!.tagName).toBe("HEADER");
  });

  it("keeps its styles whatever a section's id is", () => {
    page("consent-style");
    consentBanner(texts, () => {}).show(false);
    const style = [...document.head.querySelectorAll("style")].find((element) => element.textContent!.includes(".consent-bar{position:fixed"));
    expect(style).toBeDefined();
    // Its id is one no section can take.
    expect(anchorId().safeParse(style!.id).success).toBe(false);
    expect(Object.values(SCRIPT_IDS).filter((id) => anchorId().safeParse(id).success)).toEqual([]);
  });

  it("with Global Privacy Control, loads nothing and forgets an Accept from an earlier visit", async () => {
    page();
    localStorage.setItem(CONSENT_KEY, "granted");
    document.cookie = "_ga=GA1.1.1234.5678; path=/";
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
    const config = analyticsClientConfig(load(SITE + GOOGLE).content!.site.analytics);
    await start(config, [], () => {});
    expect(document.querySelectorAll("script[src]")).toHaveLength(0);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    expect(document.cookie).not.toContain("_ga=");
    expect(document.querySelector(".consent-bar")).toBeNull();
    // Nothing the visitor does is sent either.
    expect(window.dataLayer!.some((command) => Array.from(command as ArrayLike<unknown>)[0] === "config")).toBe(false);
  });
});

describe("section ids", () => {
  it("refuses the ids of what the page and the editor's preview add, at the section's line", () => {
    for (const id of ["main", "root", "islands", "editor-selection"]) {
      const pages = PAGES.replace(/(\n(\s+)- type: hero\n)/, (_all, line: string, indent: string) => `${line}${indent}  id: ${id}\n`);
      expect(pages, id).not.toBe(PAGES);
      const problems = errors(load(SITE, pages).problems);
      expect(problems, id).toMatchObject([{ code: "reserved-id", file: "pages.yaml", line: lineOf(pages, `id: ${id}`), path: "routes[0].sections[0].id" }]);
    }
  });
});

describe("track: in pages.yaml", () => {
  const tracked = trackedPages(PAGES);

  it("accepts the names site.yaml lists, on a button, a form and a calculator", () => {
    expect(errors(load(SITE + PLAUSIBLE, tracked).problems)).toEqual([]);
  });

  it("refuses a misspelt name at its line, with the listed name it resembles", () => {
    const pages = tracked.replace("track: book-call", "track: book-cal");
    const [problem, ...rest] = errors(load(SITE + PLAUSIBLE, pages).problems);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: "unknown-event",
      file: "pages.yaml",
      line: lineOf(pages, "track: book-cal"),
      path: "routes[0].sections[0].actions[0].track",
    });
    expect(problem!.hint).toBe('Did you mean "book-call"?');
  });

  it("refuses every track: when site.yaml has no analytics", () => {
    const problems = errors(load(SITE, tracked).problems);
    expect(problems.map((p) => p.code)).toEqual(["unknown-event", "unknown-event", "unknown-event"]);
    expect(problems[0]!.message).toContain("no analytics provider");
  });

  it("refuses track: on a button that goes nowhere and on what cannot be clicked", () => {
    const noLink = tracked.replace(/(\n\s+)to: booking(\n\s+track: book-call)/, (_all, indent: string, track: string) => track);
    // A button that goes nowhere is refused as such; its track: adds nothing to say.
    expect(errors(load(SITE + PLAUSIBLE, noLink).problems)).toMatchObject([{ code: "action-without-destination", path: "routes[0].sections[0].actions[0]" }]);
    const onStats = tracked.replace("      - type: stats\n", "      - type: stats\n        track: book-call\n");
    expect(errors(load(SITE + PLAUSIBLE, onStats).problems)).toMatchObject([
      { code: "track-not-clickable", path: "routes[0].sections[1].track", line: lineOf(onStats, "type: stats\n        track: book-call") + 1 },
    ]);
  });
});

describe("what a provider gives the page and the policy", () => {
  const collector = "http://127.0.0.1:4000";

  it("Plausible: connect to its API only; the tracker is the site's own script", () => {
    const analytics = load(SITE + PLAUSIBLE).content!.site.analytics;
    expect(analyticsPolicy(analytics)).toEqual({ script: [], connect: ["https://plausible.io"], img: [] });
    expect(analyticsClientConfig(analytics)).toEqual({
      provider: "plausible",
      settings: { domain: "northbridge-tax.example", endpoint: "https://plausible.io/api/event", captureOnLocalhost: false },
    });
    const local = analyticsPolicy(VARIANTS.plausible(collector));
    expect(local.connect).toEqual([collector]);
  });

  it("Google Analytics: its documented origins, and the banner's texts", () => {
    const analytics = load(SITE + GOOGLE).content!.site.analytics;
    const policy = analyticsPolicy(analytics);
    expect(policy.script).toEqual(["https://www.googletagmanager.com"]);
    const csp = contentSecurityPolicy({ inlineScripts: [], formOrigins: [], analytics: policy });
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(csp).toContain("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;");
    const config = analyticsClientConfig(analytics);
    expect(config.consent).toMatchObject({ accept: "Accept", reject: "Reject", settings: "Cookie settings" });
    expect(analyticsPolicy(VARIANTS.google(collector))).toEqual({ script: [collector], connect: [collector], img: [collector] });
  });

  it("no provider: the policy is the site's alone", () => {
    expect(contentSecurityPolicy({ inlineScripts: [], formOrigins: [] })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; frame-src 'none'; connect-src 'self'; form-action 'self' mailto:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    );
  });
});
