/**
 * analytics: in content/site.yaml and track: in pages.yaml, through the build's loader
 * on the spec fixture site: every mistake at its line with its code, and what a valid
 * configuration gives the browser and the security policy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { trackedPages, VARIANTS } from "../../tests/support/analytics-sites.ts";
import type { Problem } from "../content/problems.ts";
import { contentSecurityPolicy } from "../build/security-headers.ts";
import { analyticsClientConfig, analyticsPolicy } from "./schema.ts";

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
    for (const good of ["https://stats.northbridge-tax.com", "http://127.0.0.1:4000"]) {
      expect(errors(load(SITE + PLAUSIBLE.replace("  domain:", `  apiHost: ${good}\n  domain:`)).problems), good).toEqual([]);
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
