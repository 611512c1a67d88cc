/**
 * Hostile and sloppy content, through the same loader the build uses: each case
 * must be refused with its exact message, at the file and line where it stands.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseDocument, stringify } from "yaml";
import { blockSchemas, blockTypes } from "../../src/blocks/registry.ts";
import { formatPath } from "../../src/content/problems.ts";
import { PageContent } from "../../src/render/App.tsx";
import { jsonForScript } from "../../src/render/json-for-script.ts";
import { loadSections } from "../support/content.ts";
import { loadFixture, ROOT, SPEC_SITE } from "../support/fixture-site.ts";
import { renderWithProviders } from "../support/render.tsx";

type Path = (string | number)[];
type JsonSchema = { title?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/** Loads the spec fixture site with these files replaced; problems come back as `file:line:col  path  message`. */
function load(files: Record<string, string>) {
  const result = loadFixture(files);
  // Where, field and message; the codes are checked in content-messages.test.ts.
  return {
    content: result.content,
    problems: result.problems.filter((p) => p.severity === "error").map((p) => [`${p.file}:${p.line}:${p.col}`, p.path, p.message].filter(Boolean).join("  ")),
  };
}

/** A site of one page holding these sections after a hero, and the 404 page, as pages.yaml text. */
function pagesWith(sections: object[]): string {
  // A page starts with its one hero: a hero under test takes that place.
  const hero = (sections[0] as { type?: string } | undefined)?.type === "hero" ? [] : [{ type: "hero", heading: "Test page" }];
  const page = { path: "/", title: "Test", description: "Test page.", sections: [...hero, ...sections] };
  const notFound = { path: "*", title: "Not found", description: "Not found.", sections: [{ type: "hero", heading: "Not found" }] };
  return stringify({ routes: [page, notFound] }, { lineWidth: 0 });
}

/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${JSON.stringify(needle)} is not in the file.`);
  return text.slice(0, at).split("\n").length;
};

/** The distinctive start of a value as it stands in the file (the tab may be written as is or escaped). */
const yamlText = (value: string) => value.trim().slice(0, 4);

/** Paths of `data` whose schema is a link: found from the schema, not from what the loader rejects. */
function linkPaths(schema: JsonSchema, data: unknown, path: Path = []): Path[] {
  if (schema.title === "Link") return typeof data === "string" ? [path] : [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return dedupe(branches.flatMap((branch) => linkPaths(branch, data, path)));
  if (Array.isArray(data) && schema.items) return data.flatMap((item, index) => linkPaths(schema.items!, item, [...path, index]));
  if (data && typeof data === "object" && schema.properties)
    return Object.entries(data).flatMap(([key, value]) => (schema.properties![key] ? linkPaths(schema.properties![key]!, value, [...path, key]) : []));
  return [];
}
const dedupe = (paths: Path[]) => [...new Map(paths.map((path) => [path.join("."), path])).values()];

function setAt(data: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const HOSTILE_LINKS: [string, string, string][] = [
  ["javascript:", "javascript:alert(1)", 'The "javascript:" scheme is not allowed in links.'],
  ["javascript: in mixed case", "JaVaScRiPt:alert(1)", 'The "JaVaScRiPt:" scheme is not allowed in links.'],
  ["data:", "data:text/html,<script>alert(1)</script>", 'The "data:" scheme is not allowed in links.'],
  ["vbscript:", "vbscript:msgbox(1)", 'The "vbscript:" scheme is not allowed in links.'],
  ["javascript: behind leading spaces", "  javascript:alert(1)", "The link contains a space (U+0020) at position 1."],
  ["javascript: split by a tab", "java\tscript:alert(1)", "The link contains a tab (U+0009) at position 5."],
  ["a protocol-relative link", "//evil.example.com/", '"//evil.example.com/" is a protocol-relative link.'],
];

const examples = Object.fromEntries(
  blockTypes.map((type) => [type, parseDocument(readFileSync(join(ROOT, "src", "blocks", type, "example.yaml"), "utf8")).toJS() as object]),
);
const linkFields = blockTypes.flatMap((type) => {
  const schema = z.toJSONSchema(blockSchemas[type], { io: "input", unrepresentable: "any" }) as JsonSchema;
  return linkPaths(schema, examples[type]).map((path) => [type, path] as const);
});

describe("hostile links", () => {
  it("finds the link fields of the blocks' examples from their schemas", () => {
    // Every block that links somewhere shows it in its example, so every link field is tried below.
    const withLinks = new Set(linkFields.map(([type]) => type));
    expect([...withLinks].sort()).toEqual(
      expect.arrayContaining(["bio", "cards", "cta", "hero", "link-list", "offer", "press", "revenue-calculator", "spotlight", "video-library", "videos"]),
    );
    expect(linkFields.length).toBeGreaterThanOrEqual(15);
  });

  describe.each(HOSTILE_LINKS)("%s", (_name, hostile, message) => {
    it.each(linkFields.map(([type, path]) => [`${type} ${path.join(".")}`, type, path] as const))("is refused in %s, at its line", (_label, type, path) => {
      const pages = pagesWith([setAt(examples[type], path, hostile) as object]);
      const { content, problems } = load({ "pages.yaml": pages });
      expect(content).toBeUndefined();
      const section = type === "hero" ? 0 : 1;
      expect(problems).toHaveLength(1);
      const [where, field, said] = problems[0]!.split("  ");
      expect(where).toMatch(new RegExp(`^pages\\.yaml:${lineOf(pages, yamlText(hostile))}:\\d+$`));
      expect(field).toBe(formatPath(["routes", 0, "sections", section, ...path]));
      expect(said).toBe(message);
    });
  });

  it.each(HOSTILE_LINKS)("%s is refused in site.yaml's header button, at its line", (_name, hostile, message) => {
    const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace("    to: course", `    to: ${JSON.stringify(hostile)}`);
    const { problems } = load({ "content/site.yaml": site });
    expect(problems).toEqual([`content/site.yaml:${lineOf(site, JSON.stringify(hostile))}:9  navigation.cta.to  ${message}`]);
  });

  it.each(HOSTILE_LINKS)("%s is refused in a press outlet of the collection, at its line", (_name, hostile, message) => {
    const press = readFileSync(join(SPEC_SITE, "content", "press.yaml"), "utf8").replace(
      /url: https:\/\/www\.forbes\.com\/\n/,
      `url: ${JSON.stringify(hostile)}\n`,
    );
    const { problems } = load({ "content/press.yaml": press });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^content/press\\.yaml:${lineOf(press, JSON.stringify(hostile))}:\\d+  items\\[\\d+\\]\\.url  `));
    expect(problems[0]!.endsWith(message)).toBe(true);
  });
});

describe("sloppy and hostile text", () => {
  /** pages.yaml with one page whose hero has these extra lines, and the 404 page. */
  const page = (heroLines: string, extraRoute = "") =>
    `routes:\n  - path: /\n    title: Test\n    description: Test page.\n    sections:\n      - type: hero\n${heroLines}\n${extraRoute}  - path: "*"\n    title: Not found\n    description: Not found.\n    sections:\n      - type: hero\n        heading: Not found\n`;

  it.each([
    ["a missing required field", page("        lead: No heading here"), ['pages.yaml:6:9  routes[0].sections[0].heading  Missing required field "heading".']],
    [
      "a number given as text",
      page(
        '        heading: H\n      - type: offer\n        title: Course\n        price: "497"\n        action:\n          label: Enroll\n          to: course',
      ),
      ['pages.yaml:10:16  routes[0].sections[1].price  Expected a number, got "497".'],
    ],
    ["a heading of spaces only", page('        heading: "   "'), ["pages.yaml:7:18  routes[0].sections[0].heading  Text is empty or only spaces."]],
    [
      "a text-direction override in text",
      page('        heading: "Pay \\u202Eno tax"'),
      [
        "pages.yaml:7:18  routes[0].sections[0].heading  Text contains a right-to-left override (U+202E) at position 5; it would not show, or would change how the text reads.",
      ],
    ],
    [
      "a zero-width space in text",
      page('        heading: "Tax\\u200Bcourse"'),
      [
        "pages.yaml:7:18  routes[0].sections[0].heading  Text contains a zero-width space (U+200B) at position 4; it would not show, or would change how the text reads.",
      ],
    ],
    [
      "a text-direction override in a route",
      page("        heading: H", '  - path: "/pr\\u202Eess"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n'),
      [
        "pages.yaml:8:11  routes[1].path  Expected a route like / or /tax-course: lowercase letters, digits and dashes after each /, no trailing slash; or * for the 404 page.",
      ],
    ],
    [
      "two routes with the same path",
      page("        heading: H", "  - path: /\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n"),
      ["pages.yaml:8:11  routes[1].path  The route / is declared twice (first at routes[0])."],
    ],
    [
      "an over-long text",
      page(`        heading: ${"A".repeat(2001)}`),
      ["pages.yaml:7:18  routes[0].sections[0].heading  Text is longer than 2000 characters."],
    ],
    [
      "an unknown block type",
      page("        heading: H\n      - type: stat\n        items: []"),
      ['pages.yaml:8:15  routes[0].sections[1].type  Unknown section type "stat".'],
    ],
  ])("refuses %s with its place", (_name, pages, expected) => {
    const { content, problems } = load({ "pages.yaml": pages });
    expect(content).toBeUndefined();
    expect(problems).toEqual(expected);
  });
});

describe("markup in text", () => {
  const markup = '<img src=x onerror="alert(1)"></script><script>alert(2)</script><!--';

  it("renders as the literal text the marketer typed, injecting nothing", () => {
    const yaml = `- type: hero\n  heading: ${JSON.stringify(markup)}\n- type: faq\n  items:\n    - question: ${JSON.stringify(markup)}\n      answer: ${JSON.stringify(markup)}`;
    const { sections, errors } = loadSections(yaml);
    expect(errors).toEqual([]);
    const { container } = renderWithProviders(<PageContent page={{ path: "/", title: markup, description: markup, sections }} />);
    expect(container.querySelector("h1")!.textContent).toBe(markup);
    expect(container.querySelector("summary")!.textContent).toContain(markup);
    expect(container.querySelectorAll("img, script").length).toBe(0);
  });

  it("cannot end the script element that carries page data", () => {
    const json = jsonForScript({ heading: markup, line: "\u2028" });
    expect(json).not.toMatch(/<\/script|<!--|<script/i);
    expect(JSON.parse(json)).toEqual({ heading: markup, line: "\u2028" });
  });
});
