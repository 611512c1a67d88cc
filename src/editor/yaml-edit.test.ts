import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { isScalar, visit, type Scalar } from "yaml";
import { describe, expect, it, vi } from "vitest";

// Each edit parses the whole file (about 20 ms for pages.yaml): the tests over the real files take seconds.
vi.setConfig({ testTimeout: 120_000 });
import { applyEdit, applyEdits, parse, valueAt, valueOf, type Path } from "./yaml-edit.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const contentFiles = (root: string) => [
  join(root, "pages.yaml"),
  ...readdirSync(join(root, "content"))
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => join(root, "content", name)),
];
const FILES = [...contentFiles(ROOT), ...contentFiles(join(ROOT, "tests", "fixtures", "spec-site"))];

/** Every scalar of a file with its path and where it is written. */
function scalars(text: string): { path: Path; node: Scalar }[] {
  const found: { path: Path; node: Scalar }[] = [];
  visit(parse(text), {
    Scalar(key, node, ancestors) {
      if (key === "key") return;
      const path: Path = [];
      for (let index = 1; index < ancestors.length; index++) {
        const ancestor = ancestors[index]!;
        const parent = ancestors[index - 1]!;
        if ("key" in ancestor && isScalar(ancestor.key)) path.push(ancestor.key.value as string);
        else if ("items" in parent && Array.isArray(parent.items) && !("key" in ancestor)) path.push(parent.items.indexOf(ancestor as never));
      }
      const parent = ancestors.at(-1)!;
      if ("items" in parent && Array.isArray(parent.items) && !("key" in parent)) path.push(parent.items.indexOf(node as never));
      found.push({ path, node });
    },
  });
  return found;
}

/** The lines of `before` that a line diff removes or changes, as 1-based numbers: between the common prefix and suffix. */
function changedLines(before: string, after: string): { from: number; to: number } {
  const a = before.split("\n");
  const b = after.split("\n");
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return { from: prefix + 1, to: a.length - suffix };
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

function setIn(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setIn(copy[head!], rest, leaf);
  return copy;
}

describe("editing content files in place", () => {
  it("leaves every content file byte-identical when nothing changed", () => {
    expect(FILES.length).toBeGreaterThan(8);
    for (const file of FILES) {
      const text = readFileSync(file, "utf8");
      expect(applyEdits(text, [])).toBe(text);
      // Setting a value to what it is already changes nothing either (a sample: each edit parses the file).
      let same = text;
      for (const { path, node } of scalars(text).filter((_, index) => index % 40 === 0)) same = applyEdit(same, { op: "set", path, value: node.value });
      expect(same, file).toBe(text);
    }
  });

  it("finds the path of every scalar (the test's own helper)", () => {
    const text = readFileSync(join(ROOT, "tests", "fixtures", "spec-site", "pages.yaml"), "utf8");
    const value = valueOf(text);
    const doc = parse(text);
    for (const { path, node } of scalars(text)) expect(valueAt(value, path)).toEqual(node.toJS(doc));
  });

  it("changes only the edited lines for any single-field edit of the real files", () => {
    const cases = FILES.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const before = valueOf(text);
      return scalars(text)
        .filter(({ node }) => typeof node.value === "string" || typeof node.value === "number")
        .map(({ path, node }) => ({ file, text, before, path, node }));
    });
    const words = fc.stringMatching(/^[A-Za-z0-9 ,.'"$%&:#!?()-]{1,60}$/);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cases.length - 1 }), words, fc.integer({ min: 0, max: 100_000 }), (pick, word, number) => {
        const { text, before, path, node } = cases[pick]!;
        const value = typeof node.value === "number" ? number : word;
        const after = applyEdit(text, { op: "set", path, value });
        expect(valueOf(after)).toEqual(setIn(before, path, value));
        if (after === text) return;
        const changed = changedLines(text, after);
        expect(changed.from).toBeGreaterThanOrEqual(lineOf(text, node.range![0]));
        expect(changed.to).toBeLessThanOrEqual(lineOf(text, node.range![1] - 1));
      }),
      { numRuns: 120 },
    );
  });

  it("keeps a block of text a block, at its indentation", () => {
    const text = "items:\n  - answer: |\n      First line.\n      Second line.\n    question: Why?\n";
    const after = applyEdit(text, { op: "set", path: ["items", 0, "answer"], value: "First line.\nChanged line.\n" });
    expect(after).toBe("items:\n  - answer: |\n      First line.\n      Changed line.\n    question: Why?\n");
  });

  it("quotes a value with a comma inside a list written on one line", () => {
    const text = "tags: [featured, links]\n";
    expect(applyEdit(text, { op: "set", path: ["tags", 0], value: "a, b" })).toBe('tags: ["a, b", links]\n');
  });

  it("keeps quotes as written", () => {
    const text = `a: "x" # note\nb: 'y'\nc: z\n`;
    expect(applyEdit(text, { op: "set", path: ["a"], value: 'say "hi"' })).toBe(`a: "say \\"hi\\"" # note\nb: 'y'\nc: z\n`);
    expect(applyEdit(text, { op: "set", path: ["b"], value: "it's" })).toBe(`a: "x" # note\nb: 'it''s'\nc: z\n`);
    expect(applyEdit(text, { op: "set", path: ["c"], value: "true" })).toBe(`a: "x" # note\nb: 'y'\nc: "true"\n`);
  });
});

const PAGE = `routes:
  - path: /
    sections:
      # The hero comes first.
      - type: hero
        heading: Hello # the big one
        # lead: not yet

      # Numbers.
      - type: stats
        items:
          - value: 1
            label: One

      - type: cta
        heading: Call
  # The other page.
  - path: /about
    sections:
      - type: hero
        heading: About
`;

describe("moving, adding and removing sections", () => {
  const sections: Path = ["routes", 0, "sections"];

  it("moves exactly the lines of the two sections, with their comments", () => {
    expect(applyEdit(PAGE, { op: "move", path: sections, from: 0, to: 1 })).toBe(`routes:
  - path: /
    sections:
      # Numbers.
      - type: stats
        items:
          - value: 1
            label: One

      # The hero comes first.
      - type: hero
        heading: Hello # the big one
        # lead: not yet

      - type: cta
        heading: Call
  # The other page.
  - path: /about
    sections:
      - type: hero
        heading: About
`);
    const last = applyEdit(PAGE, { op: "move", path: sections, from: 2, to: 0 });
    expect((valueOf(last) as { routes: { sections: { type: string }[] }[] }).routes[0]!.sections.map((s) => s.type)).toEqual(["cta", "hero", "stats"]);
    expect(last).toContain("  # The other page.\n  - path: /about");
    // Moving back restores the file.
    expect(applyEdit(last, { op: "move", path: sections, from: 0, to: 2 })).toBe(PAGE);
  });

  it("moves sections of the real pages, every line kept", () => {
    for (const file of FILES.filter((name) => name.endsWith("pages.yaml"))) {
      const text = readFileSync(file, "utf8");
      const routes = (valueOf(text) as { routes: { sections: unknown[] }[] }).routes;
      routes.forEach((route, index) => {
        if (route.sections.length < 2) return;
        const path: Path = ["routes", index, "sections"];
        const moved = applyEdit(text, { op: "move", path, from: 0, to: 1 });
        expect(moved.split("\n").sort()).toEqual(text.split("\n").sort());
        expect(valueAt(valueOf(moved), path)).toEqual([route.sections[1], route.sections[0], ...route.sections.slice(2)]);
        expect(applyEdit(moved, { op: "move", path, from: 1, to: 0 })).toBe(text);
      });
    }
  });

  it("adds a section in the list's own style and removes it again", () => {
    const added = applyEdit(PAGE, { op: "insert", path: sections, index: 1, value: { type: "faq", heading: "Questions" } });
    expect(added).toContain("        # lead: not yet\n\n      - type: faq\n        heading: Questions\n\n      # Numbers.\n");
    expect(applyEdit(added, { op: "remove", path: [...sections, 1] })).toBe(PAGE);
    const atEnd = applyEdit(PAGE, { op: "insert", path: sections, index: 3, value: { type: "faq" } });
    expect(atEnd).toContain("        heading: Call\n\n      - type: faq\n  # The other page.\n");
    expect(applyEdit(atEnd, { op: "remove", path: [...sections, 3] })).toBe(PAGE);
  });

  it("duplicates a section with its comments, and deletes one with them", () => {
    const copy = applyEdit(PAGE, { op: "duplicate", path: sections, index: 0 });
    expect(copy).toContain("        # lead: not yet\n\n      # The hero comes first.\n      - type: hero\n        heading: Hello # the big one\n");
    expect(applyEdit(copy, { op: "remove", path: [...sections, 1] })).toBe(PAGE);
    const removed = applyEdit(PAGE, { op: "remove", path: [...sections, 0] });
    expect(removed).not.toContain("The hero comes first");
    expect(removed).toContain("    sections:\n      # Numbers.\n      - type: stats\n");
  });

  it("adds and removes a field in the schema's order, leaving the rest", () => {
    const added = applyEdit(PAGE, { op: "set", path: [...sections, 2, "eyebrow"], value: "Next", order: ["type", "eyebrow", "heading"] });
    expect(added).toContain("      - type: cta\n        eyebrow: Next\n        heading: Call\n");
    expect(applyEdit(added, { op: "remove", path: [...sections, 2, "eyebrow"] })).toBe(PAGE);
    const nested = applyEdit(PAGE, { op: "set", path: [...sections, 2, "image", "src"], value: "/images/a.jpg" });
    expect(nested).toContain("        heading: Call\n        image:\n          src: /images/a.jpg\n  # The other page.");
    const item = applyEdit(PAGE, { op: "set", path: [...sections, 1, "items", 1], value: { value: 2, label: "Two" } });
    expect(item).toContain("            label: One\n          - value: 2\n            label: Two\n\n");
  });
});
