import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SectionData } from "../../src/blocks/registry.ts";
import { loadFixture, ROOT } from "./fixture-site.ts";

export { ROOT };

/**
 * Loads the spec fixture site (tests/fixtures/spec-site, never the live content) with
 * one page whose sections are the given YAML, through the same loader the build uses:
 * validated, links and collections resolved. A page starts with a hero, so one is put
 * first unless the YAML starts with its own; returned sections and error paths leave it
 * out. Errors come back as `path  message` with the hint on a second line.
 */
export function loadSections(sectionsYaml: string): { sections: SectionData[]; errors: string[]; warnings: string[] } {
  const ownHero = /^- type: hero\b/.test(sectionsYaml.trim());
  const yaml = ownHero ? sectionsYaml.trim() : `- type: hero\n  heading: Test page\n${sectionsYaml.trim()}`;
  const indented = yaml
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
  const pages = `routes:\n  - path: /\n    title: Test\n    description: Test page.\n    sections:\n${indented}\n  - path: "*"\n    title: Not found\n    description: Not found.\n    sections:\n      - type: hero\n        heading: Not found\n`;
  const result = loadFixture({ "pages.yaml": pages });
  const report = (severity: "error" | "warning") =>
    result.problems.filter((p) => p.severity === severity).map((p) => [`${shift(p.path)}  ${p.message}`, p.hint].filter(Boolean).join("\n"));
  const shift = (path: string) => (ownHero ? path : path.replace(/^routes\[0\]\.sections\[(\d+)\]/, (_, n: string) => `routes[0].sections[${Number(n) - 1}]`));
  return {
    sections: result.content?.pages[0]?.sections.slice(ownHero ? 0 : 1) ?? [],
    errors: report("error"),
    warnings: report("warning"),
  };
}

/** A block's example.yaml as a one-section list. */
export function exampleSection(type: string): string {
  const yaml = readFileSync(join(ROOT, "src", "blocks", type, "example.yaml"), "utf8");
  const [first, ...rest] = yaml.trim().split("\n");
  return [`- ${first}`, ...rest.map((line) => `  ${line}`)].join("\n");
}
