/**
 * Every YAML example in CONTENT.md works as written, where its first line says it goes.
 * The examples are placed into a copy of the spec fixture site (tests/fixtures/spec-site),
 * never into the live content: a marketer who follows the guide (adding its /tax-planning
 * page, say) must not make its own examples fail.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../src/content/problems.ts";
import { loadFixture, ROOT, SPEC_SITE } from "../support/fixture-site.ts";

const guide = readFileSync(join(ROOT, "CONTENT.md"), "utf8");
const examples = [...guide.matchAll(/```yaml\n# in ([^\n]+)\n([\s\S]*?)```(?:\s*[^`]*reports:\s*```text\n([\s\S]*?)```)?/g)].map(
  ([, where, yaml, reported]) => ({
    where: where!,
    yaml: yaml!,
    reported: reported?.trim(),
  }),
);

/** A file of the spec fixture site, as it stands. */
const fixture = (file: string) => readFileSync(join(SPEC_SITE, file), "utf8");
const indent = (text: string, spaces: number) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => " ".repeat(spaces) + line)
    .join("\n");

/** The spec fixture site with these files replaced. */
const load = loadFixture;

/** A pages.yaml whose first page is a hero followed by these sections. */
const pageWith = (sections: string) =>
  `routes:\n  - path: /\n    title: Test\n    description: Test page.\n    sections:\n      - type: hero\n        heading: Test page\n${indent(sections, 6)}\n  - path: "*"\n    title: Not found\n    description: Not found.\n    sections:\n      - type: hero\n        heading: Not found\n`;

/** Where each kind of example goes, as the files it changes. */
function placed(where: string, yaml: string): Record<string, string> {
  if (where.startsWith("pages.yaml, under routes:")) return { "pages.yaml": fixture("pages.yaml").replace("routes:\n", `routes:\n${indent(yaml, 2)}\n`) };
  if (where.startsWith("pages.yaml, under sections: (with the analytics above)")) {
    const analytics = examples.find(
      (example) => example.where.startsWith("content/site.yaml, at the end") && example.yaml.includes(yaml.match(/track: (\S+)/)![1]!),
    )!;
    return { "pages.yaml": pageWith(yaml), ...placed(analytics.where, analytics.yaml) };
  }
  if (where.startsWith("pages.yaml, under sections:")) return { "pages.yaml": pageWith(yaml) };
  const collection = /^content\/(press|testimonials|faq|articles)\.yaml, under items:/.exec(where);
  if (collection) return { [`content/${collection[1]}.yaml`]: `${fixture(`content/${collection[1]}.yaml`).trimEnd()}\n${indent(yaml, 2)}\n` };
  // The fixture already declares its languages: the example takes their place.
  if (where.startsWith("content/site.yaml (the end of the file)"))
    return { "content/site.yaml": `${fixture("content/site.yaml").replace(/\nlanguage:\n[\s\S]*$/, "\n")}\n${yaml}` };
  if (where.startsWith("content/site.yaml, under navigation.links:"))
    return { "content/site.yaml": fixture("content/site.yaml").replace("  links:\n", `  links:\n${indent(yaml, 4)}\n`) };
  if (where.startsWith("content/sections.yaml, under sections:"))
    return { "content/sections.yaml": fixture("content/sections.yaml").replace("sections:\n", `sections:\n${indent(yaml, 2)}\n`) };
  if (where.startsWith("content/site.yaml, under brand:")) {
    // In place of the fixture's own colours and font.
    const site = fixture("content/site.yaml").replace(/ {2}(# [^\n]*\n {2})?colors:\n( {4}[^\n]*\n)* {2}font: [^\n]*\n/, "");
    return { "content/site.yaml": site.replace("\nbrand:\n", `\nbrand:\n${indent(yaml, 2)}\n`) };
  }
  if (where.startsWith("content/site.yaml, at the end:")) {
    // In place of the fixture's own banner, so the file has one.
    const site = fixture("content/site.yaml").replace(/\n(# [^\n]*\n)*banner:\n( {2}[^\n]*\n)*/, "\n");
    return { "content/site.yaml": `${site.trimEnd()}\n${yaml}` };
  }
  if (where.startsWith("content/site.yaml, in place of prices:")) {
    // In place of the fixture's own prices, which its pages name.
    const site = fixture("content/site.yaml").replace(/\nprices:\n( {2}[^\n]*\n)*/, "\n");
    return { "content/site.yaml": `${site.trimEnd()}\n${yaml}` };
  }
  if (where.startsWith("content/site.yaml, at the top level")) {
    // In place of the fixture's own search words.
    const site = fixture("content/site.yaml").replace(/\nsearch:\n( {2}[^\n]*\n)*/, "\n");
    return { "content/site.yaml": `${site.trimEnd()}\n${yaml}` };
  }
  if (where.startsWith("content/site.yaml, at the end")) return { "content/site.yaml": `${fixture("content/site.yaml").trimEnd()}\n${yaml}` };
  throw new Error(`CONTENT.md has an example for "${where}", which this test does not know how to place.`);
}

describe("CONTENT.md", () => {
  it("has examples of every kind it explains", () => {
    expect(examples.length).toBeGreaterThanOrEqual(9);
  });

  it.each(examples.filter((example) => !example.where.includes("a mistake")).map((example) => [example.where, example] as const))(
    "the example in %s is valid where it says it goes",
    (_where, { where, yaml }) => {
      const { content, problems } = load(placed(where, yaml));
      expect(problems.filter((p) => p.severity === "error").map((p) => formatProblem(p))).toEqual([]);
      expect(content).toBeDefined();
    },
  );

  it("shows the report its mistake really produces", () => {
    const mistakes = examples.filter((example) => example.where.includes("a mistake"));
    expect(mistakes.length).toBeGreaterThan(0);
    for (const { where, yaml, reported } of mistakes) {
      const { problems } = load(placed(where, yaml));
      expect(reported).toBe(problems.map((p) => formatProblem(p)).join("\n"));
    }
  });
});
