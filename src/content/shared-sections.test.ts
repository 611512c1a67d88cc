import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { loadContent } from "../site/load.ts";
import { formatProblem, type SourceFile } from "./problems.ts";
import { placeSharedSections } from "./shared-sections.ts";
import { itemKey, setItemKey } from "./yaml-pieces.ts";

const shared = (body: string) => `sections:\n${body}`;
const NEWSLETTER = `  newsletter-cta:\n    type: cta\n    heading: Tax tips, once a month\n    actions:\n      - label: Book a call\n        to: booking\n`;
const pages = (first: string, second = "      - use: newsletter-cta\n") =>
  `routes:\n  - path: /\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n${first}  - path: /about\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n${second}  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`;
const load = (files: Record<string, string>) => loadFixture(files, { now: new Date("2026-11-23T12:00Z") });

describe("shared sections", () => {
  it("places a section defined once on every page that uses it, resolved as if written there", () => {
    const { content, problems } = load({ "content/sections.yaml": shared(NEWSLETTER), "pages.yaml": pages("      - use: newsletter-cta\n") });
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    const placed = content!.pages.filter((page) => page.path === "/" || page.path === "/about").map((page) => page.sections[1]);
    expect(placed).toEqual([
      {
        type: "cta",
        heading: "Tax tips, once a month",
        // The section's one button is its primary (content/design-rules.ts).
        actions: [{ label: "Book a call", to: { kind: "target", name: "booking", href: "https://calendly.com/" }, variant: "primary" }],
      },
      placed[0],
    ]);
  });

  it("reports a problem inside a shared section once, at its own line, naming the pages that use it", () => {
    const broken = NEWSLETTER.replace("    heading:", "    haeding:");
    const { content, problems } = load({ "content/sections.yaml": shared(broken), "pages.yaml": pages("      - use: newsletter-cta\n") });
    expect(content).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      'content/sections.yaml:4:5  sections.newsletter-cta.haeding  unknown-field  Unknown field "haeding".\n' +
        '    hint: Did you mean "heading"? Fields here: type, id, tone, eyebrow, heading, intro, actions, note, from, until, hidden, draft. Used on /, /about.',
    ]);
  });

  it("reports a shared section's unknown target at its own line too", () => {
    const { problems } = load({ "content/sections.yaml": shared(NEWSLETTER.replace("to: booking", "to: bookin")), "pages.yaml": pages("") });
    expect(problems).toEqual([
      expect.objectContaining({ file: "content/sections.yaml", line: 7, code: "unknown-target", hint: expect.stringContaining("Used on /about.") }),
    ]);
  });

  it("suggests the nearest name for an unknown one, at the page's line", () => {
    const { content, problems } = load({ "content/sections.yaml": shared(NEWSLETTER), "pages.yaml": pages("      - use: newsleter-cta\n") });
    expect(content).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      'pages.yaml:8:14  routes[0].sections[1].use  unknown-section  No shared section is named "newsleter-cta" in content/sections.yaml.\n' +
        '    hint: Did you mean "newsletter-cta"? Shared sections: newsletter-cta.',
    ]);
  });

  it("knows only the names written in content/sections.yaml, not those every object has", () => {
    for (const name of ["constructor", "toString", "__proto__"]) {
      const { content, problems } = load({ "content/sections.yaml": shared(NEWSLETTER), "pages.yaml": pages(`      - use: ${name}\n`) });
      expect(content, name).toBeUndefined();
      expect(problems, name).toEqual([expect.objectContaining({ line: 8, col: 14, code: "unknown-section", path: "routes[0].sections[1].use" })]);
    }
  });

  it("refuses fields beside use:, which would change one page only", () => {
    const { problems } = load({ "content/sections.yaml": shared(NEWSLETTER), "pages.yaml": pages("      - use: newsletter-cta\n        tone: brand\n") });
    expect(problems).toEqual([expect.objectContaining({ file: "pages.yaml", line: 9, col: 9, code: "unknown-field", path: "routes[0].sections[1].tone" })]);
  });

  it("applies the page's rules to the placed section: a shared hero is not the page's first section", () => {
    const hero = `  intro:\n    type: hero\n    heading: Another\n`;
    const { problems } = load({ "content/sections.yaml": shared(NEWSLETTER + hero), "pages.yaml": pages("      - use: intro\n") });
    expect(problems).toContainEqual(expect.objectContaining({ file: "pages.yaml", line: 8, code: "second-hero" }));
  });

  it("works without content/sections.yaml, which a site may not have", () => {
    const read = (file: string) => {
      if (file === "content/sections.yaml") throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return readFileSync(join(SPEC_SITE, file), "utf8");
    };
    const { problems } = loadContent(SPEC_SITE, { read, now: new Date("2026-11-23T12:00Z") });
    // Only the fixture's two uses are wrong: nothing is reported about the missing file itself.
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([
      expect.objectContaining({ code: "unknown-section", hint: "Define it in content/sections.yaml, under sections:." }),
      expect.objectContaining({ code: "unknown-section", hint: "Define it in content/sections.yaml, under sections:." }),
    ]);
  });

  it("names a page with sections placed by its own key and the sections', so that its check is kept only while both are the same", () => {
    const route = () => {
      const value = { path: "/", sections: [{ type: "hero", heading: "H" }, { use: "newsletter" }] };
      setItemKey(value, "the page's text");
      return value;
    };
    const plain = { path: "/about", sections: [{ type: "hero", heading: "H" }] };
    setItemKey(plain, "the other page's text");
    const source = {} as SourceFile;
    const keysWith = (heading: string) => {
      const { raw } = placeSharedSections({ routes: [route(), plain] }, { sections: { newsletter: { type: "cta", heading } } }, source);
      const [placed, unchanged] = (raw as { routes: object[] }).routes;
      expect(unchanged).toBe(plain);
      return itemKey(placed);
    };
    const first = keysWith("Tips, once a month");
    expect(first).toEqual(expect.any(String));
    expect(first).not.toBe(itemKey(route()));
    expect(keysWith("Tips, once a month")).toBe(first);
    expect(keysWith("Tips, twice a month")).not.toBe(first);
    // A page whose own value has no key (not read from the item cache) gets none either.
    const { raw } = placeSharedSections({ routes: [{ path: "/", sections: [{ use: "newsletter" }] }] }, { sections: { newsletter: { type: "cta" } } }, source);
    expect(itemKey((raw as { routes: object[] }).routes[0])).toBeUndefined();
  });
});
