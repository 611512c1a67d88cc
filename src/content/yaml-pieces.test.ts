import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isNode, isPair, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import { SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { MIN_PIECED_BYTES, parseDocumentInPieces, YAML_OPTIONS } from "./yaml-pieces.ts";
import { parseYaml } from "./yaml.ts";

const ROOT = join(import.meta.dirname, "../..");

/** Every node's kind, value and position, and every key's, in document order. */
function positions(doc: Document.Parsed): string[] {
  const out: string[] = [];
  visit(doc, (key, node) => {
    if (isPair(node)) return;
    if (isNode(node))
      out.push(`${String(key)} ${node.constructor.name} ${JSON.stringify(node.range)} ${JSON.stringify((node as { value?: unknown }).value ?? null)}`);
  });
  return out;
}

function whole(text: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, ...YAML_OPTIONS });
  return { doc, lineCounter };
}

function pieced(file: string, text: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocumentInPieces(file, text, lineCounter, { minBytes: 0 });
  return { doc, lineCounter };
}

function expectSameAsWhole(file: string, text: string) {
  const expected = whole(text);
  const actual = pieced(file, text);
  expect(actual.doc.toJS()).toEqual(expected.doc.toJS());
  expect(positions(actual.doc)).toEqual(positions(expected.doc));
  expect(actual.doc.contents?.range).toEqual(expected.doc.contents?.range);
  expect(actual.lineCounter.lineStarts).toEqual(expected.lineCounter.lineStarts);
  return actual;
}

const FILES = [join(SPEC_SITE, "pages.yaml"), join(SPEC_SITE, "content", "articles.yaml"), join(ROOT, "pages.yaml"), join(ROOT, "content", "articles.yaml")];

describe("a large file parsed item by item", () => {
  it.each(FILES.map((path) => [path.slice(ROOT.length + 1), path]))("%s: the same document, values and positions, as a parse of the whole", (_, path) => {
    expectSameAsWhole(`test:${path}`, readFileSync(path, "utf8"));
  });

  it("takes the items an edit left alone from the last parse, moved to where they now stand", () => {
    const file = "test:edited";
    const original = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
    const first = expectSameAsWhole(file, original);
    const firstItems = (first.doc.get("routes") as { items: unknown[] }).items;
    // A longer title on the first page moves every later page down the file.
    const edited = original.replace(/title: (.*)/, (_, title: string) => `title: ${title} and a few more words\n    # a comment an author added`);
    expect(edited).not.toBe(original);
    const second = expectSameAsWhole(file, edited);
    const secondItems = (second.doc.get("routes") as { items: unknown[] }).items;
    expect(secondItems[0]).not.toBe(firstItems[0]);
    expect(secondItems.slice(1)).toEqual(firstItems.slice(1));
    expect(secondItems.slice(1).every((item, index) => item === firstItems[index + 1])).toBe(true);
    // And back: the positions follow again.
    expectSameAsWhole(file, original);
  });

  it("gives a file's last parse again for the same text, and parses a changed text", () => {
    const text = "heading: Plans\nitems:\n  - Monthly\n  - Yearly\n";
    const first = parseYaml("test:same-text", text);
    expect(parseYaml("test:same-text", `${text}`)).toBe(first);
    const edited = parseYaml("test:same-text", text.replace("Yearly", "Yearly\n  - Weekly"));
    expect(edited).not.toBe(first);
    expect(edited.value).toEqual({ heading: "Plans", items: ["Monthly", "Yearly", "Weekly"] });
    // A mistake is placed in the text as it is now, and found again for as long as it stays.
    const broken = "heading: Plans\nheading: Prices\n";
    expect(parseYaml("test:same-text", broken).problems.map((problem) => `${problem.code} ${problem.line}`)).toEqual(["duplicate-key 2"]);
    expect(parseYaml("test:same-text", `\n${broken}`).problems.map((problem) => `${problem.code} ${problem.line}`)).toEqual(["duplicate-key 3"]);
    expect(parseYaml("test:same-text", text).value).toEqual({ heading: "Plans", items: ["Monthly", "Yearly"] });
  });

  it("parses a text again, at its own positions, once a parse of another text through the item cache has moved its pieces", () => {
    const item = (index: number) => `  - slug: item-${index}\n    title: Item ${index}\n`;
    const text = `items:\n${Array.from({ length: 7000 }, (_, index) => item(index)).join("")}`;
    expect(text.length).toBeGreaterThan(MIN_PIECED_BYTES);
    const added = text.replace("items:\n", `items:\n${item(99999)}`);
    const lineOf = (parsed: ReturnType<typeof parseYaml>, index: number) => {
      const node = (parsed.source!.doc.get("items") as { items: Node[] }).items[index]!;
      return parsed.source!.lineCounter.linePos(node.range![0]).line;
    };
    const cacheDir = mkdtempSync(join(tmpdir(), "item-cache-"));
    try {
      expect(lineOf(parseYaml("test:both-ways", text), 5000)).toBe(2 + 5000 * 2);
      // The command line's way: its document, made from the pieces when a problem is placed, moves them down a line pair.
      expect(lineOf(parseYaml("test:both-ways", added, undefined, { itemCache: join(cacheDir, "items.json") }), 5001)).toBe(2 + 5001 * 2);
      expect(lineOf(parseYaml("test:both-ways", text), 5000)).toBe(2 + 5000 * 2);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("gives a list file's value as the whole document's, each unchanged item's the same frozen value as before", () => {
    const original = readFileSync(join(ROOT, "pages.yaml"), "utf8");
    const text = original.padEnd(MIN_PIECED_BYTES, "\n");
    const first = parseYaml("test:values", text).value as { routes: unknown[] };
    expect(first).toEqual(whole(text).doc.toJS());
    const edited = text.replace(/title: (.*)/, (_, title: string) => `title: ${title} and a few more words`);
    const second = parseYaml("test:values", edited).value as { routes: unknown[] };
    expect(second).toEqual(whole(edited).doc.toJS());
    expect(second.routes[0]).not.toEqual(first.routes[0]);
    expect(second.routes.slice(1).every((route, index) => route === first.routes[index + 1])).toBe(true);
    expect(Object.isFrozen(first.routes[1]) && Object.isFrozen((first.routes[1] as { sections: unknown[] }).sections[0])).toBe(true);
  });

  it("parses an item written twice at each of its places", () => {
    const item = "  - path: /a\n    title: A\n";
    expectSameAsWhole("test:twice", `routes:\n${item}${item}  - path: /b\n    title: B\n`);
  });

  it("parses whole what is not laid out as one list of items, or does not parse cleanly in pieces", () => {
    const cases = [
      'routes:\n  - path: /a\n    title: "open\n  - path: /b\n',
      "routes:\n  - path: /a\nother: 1\n",
      "routes:\n  - path: /a\n - path: /b\n",
      "routes:\r\n  - path: /a\r\n",
      "routes: []\n",
      "routes:\n  - path: /a\n    title: &x A\n  - path: /b\n    title: *x\n",
      "routes:\n  - path: /a\n    path: /b\n",
      "%YAML 1.2\n---\nroutes:\n  - path: /a\n",
    ];
    for (const text of cases) {
      const expected = whole(text);
      const actual = pieced("test:fallback", text);
      expect(actual.doc.errors.map((error) => error.code)).toEqual(expected.doc.errors.map((error) => error.code));
      expect(positions(actual.doc)).toEqual(positions(expected.doc));
    }
  });
});

describe("the checks of a large file parsed again after an edit", () => {
  const file = "test:checked-again";
  const items = Array.from({ length: 9000 }, (_, index) => `  - slug: item-${index}\n    title: Item ${index}\n`);
  const text = `items:\n${items.join("")}`;
  const withItem = (index: number, item: string) => `items:\n${items.map((each, at) => (at === index ? item : each)).join("")}`;
  const codes = (source: string) => parseYaml(file, source).problems.map((problem) => `${problem.code} ${problem.line}`);

  it("finds a problem in an edited item, and again on every parse until it is gone, after the items around it were found clean", () => {
    expect(text.length).toBeGreaterThan(MIN_PIECED_BYTES);
    expect(codes(text)).toEqual([]);
    // The same text again is the same parse (yaml.ts keeps each file's last); another edit elsewhere parses again.
    const elsewhere = (source: string) => source.replace("title: Item 8000\n", "title: Item 8000, edited\n");
    const comment = withItem(4000, "  - slug: item-4000\n    title: It is 100% deductible # ask us\n");
    expect(codes(comment)).toEqual([`comment-in-text ${2 + 4000 * 2 + 1}`]);
    expect(codes(elsewhere(comment))).toEqual([`comment-in-text ${2 + 4000 * 2 + 1}`]);
    const anchor = withItem(10, "  - slug: item-10\n    title: &name Item 10\n");
    expect(codes(anchor)).toEqual([`yaml-anchor ${2 + 10 * 2 + 1}`]);
    expect(codes(elsewhere(anchor))).toEqual([`yaml-anchor ${2 + 10 * 2 + 1}`]);
    expect(codes(text)).toEqual([]);
    // An item moved by an edit above it is checked as it now stands.
    expect(
      codes(
        `items:\n  - slug: new\n    title: New\n${items.slice(0, 4000).join("")}  - slug: item-4000\n    title: It is 100% deductible # ask us\n${items.slice(4001).join("")}`,
      ),
    ).toEqual([`comment-in-text ${2 + 4001 * 2 + 1}`]);
  });
});
