import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadContent } from "../../src/content/load.ts";
import type { SectionData } from "../../src/blocks/schemas.ts";

export const ROOT = join(import.meta.dirname, "..", "..");

/**
 * Loads the real site with one page whose sections are the given YAML, through the
 * same loader the build uses: validated, links and collections resolved. Errors
 * come back as `path  message` with the hint on a second line.
 */
export function loadSections(sectionsYaml: string): { sections: SectionData[]; errors: string[] } {
  const indented = sectionsYaml
    .trim()
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
  const pages = `routes:\n  - path: /\n    title: Test\n    description: Test page.\n    sections:\n${indented}\n  - path: "*"\n    title: Not found\n    description: Not found.\n    sections:\n      - type: hero\n        heading: Not found\n`;
  const result = loadContent(ROOT, { read: (file) => (file === "pages.yaml" ? pages : readFileSync(join(ROOT, file), "utf8")) });
  return {
    sections: result.content?.pages[0]?.sections ?? [],
    errors: result.problems.filter((p) => p.severity === "error").map((p) => [`${p.path}  ${p.message}`, p.hint].filter(Boolean).join("\n")),
  };
}

/** A block's example.yaml as a one-section list. */
export function exampleSection(type: string): string {
  const yaml = readFileSync(join(ROOT, "src", "blocks", type, "example.yaml"), "utf8");
  const [first, ...rest] = yaml.trim().split("\n");
  return [`- ${first}`, ...rest.map((line) => `  ${line}`)].join("\n");
}
