import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument, stringify } from "yaml";
import { describe, expect, it, vi } from "vitest";
import { FIXTURE_NOW, loadFixture, ROOT, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { MIN_PIECED_BYTES } from "../content/yaml-pieces.ts";
import { loadContent, parseByItem, readContentFile, type LoadResult } from "./load.ts";
import { collectionFileSchema, collections, listFiles, pagesFileSchema } from "./schema.ts";
import { parseOptions } from "./zod-problems.ts";
import { keep } from "../content/kept.ts";
import { formatProblems } from "../content/problems.ts";

const BROKEN_PAGES = readFileSync(join(ROOT, "tests", "fixtures", "broken", "pages.yaml"), "utf8");

/** The fixture's path of a page in its `copy`-th copy (copiedPages). */
const copied = (path: string, copy: number) => `${path === "/" ? "/index" : path}-${copy}`;

/** The fixture's pages.yaml with its pages again and again under new paths, each translation of the copy of its original (whose fingerprint it records). */
function copiedPages(copies: number): string {
  const pages = parseDocument(readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")).toJS() as { routes: { path: string; translationOf?: string }[] };
  const own = pages.routes.filter((route) => route.path !== "*");
  const copiesOfPages = Array.from({ length: copies }, (_, copy) =>
    own.map(({ redirectFrom: _moved, ...route }: { path: string; translationOf?: string; redirectFrom?: unknown }) => ({
      ...route,
      path: copied(route.path, copy),
      ...(route.translationOf ? { translationOf: copied(route.translationOf, copy) } : {}),
    })),
  );
  return stringify({ routes: [...pages.routes, ...copiesOfPages.flat()] }, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** A load as data to compare: each picture with the place its src is found at (found when asked, in a cached file's items). */
const comparable = (loaded: LoadResult) =>
  loaded.content ? { ...loaded, content: { ...loaded.content, images: loaded.content.images.map(({ where, ...use }) => ({ ...use, at: where() })) } } : loaded;

/** Loads the spec fixture site's content/ with the given pages.yaml. */
function withPages(pages: string, maxBytes?: number) {
  return loadFixture({ "pages.yaml": pages }, { maxBytes });
}

describe("loadContent", () => {
  it("loads the spec fixture site, with every route the spec names, without errors", () => {
    const { content, problems } = loadContent(SPEC_SITE);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(content?.pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/", "/home", "/calculator", "/services", "/resources", "/links", "/press", "/tax-course", "/cap-services", "*"]),
    );
  });

  it("reports every mistake in a file at once, each at its line and column", () => {
    const { content, problems } = withPages(BROKEN_PAGES);
    expect(content).toBeUndefined();
    expect(formatProblems(problems)).toMatchInlineSnapshot(`
      "pages.yaml:7:15  routes[0].sections[0].type  unknown-block  Unknown section type "heor".
          hint: Did you mean "hero"? Valid section types: article, article-list, bio, bonuses, cards, comparison, contact, cta, faq, features, form, hero, link-list, modules, offer, press, revenue-calculator, spotlight, stats, tax-calculator, testimonials, video, video-library, videos.
      pages.yaml:13:20  routes[0].sections[1].items[1].value  wrong-type  Expected a number, got "ten".
          hint: Write the number in digits, like 397.
      pages.yaml:15:9  routes[0].sections[2].heading  missing-field  Missing required field "heading".
          hint: Add heading: …  (The page's main heading.)
      pages.yaml:16:9  routes[0].sections[2].titel  unknown-field  Unknown field "titel".
          hint: Fields here: type, id, tone, align, avatar, topActions, eyebrow, heading, lead, badges, actions, image, cards, from, until, hidden, draft.
      pages.yaml:18:18  routes[0].sections[3].heading  empty-text  Text is empty or only spaces.
          hint: Write the text, or remove the field if it is optional.
      pages.yaml:21:17  routes[0].sections[3].actions[0].to  link-scheme  The "javascript:" scheme is not allowed in links.
          hint: Allowed link forms: an internal route (/tax-course), a named target from content/site.yaml (booking, course), or an https:, mailto: or tel: URL.
      pages.yaml:23:17  routes[0].sections[3].actions[1].to  unknown-target  "bookin" is not a named target or a link.
          hint: Did you mean "booking"? Named targets in content/site.yaml: booking, course, linkedin, instagram, youtube. Routes start with /, URLs with https:.
      pages.yaml:26:11  routes[1].path  duplicate-route  The route / is declared twice (first at routes[0]).
          hint: Give each page its own path, or merge the two.
      pages.yaml:33:16  routes[1].sections[1].items  wrong-type  Expected a list of items, the name of the shared collection (faq), or { from: faq, tag: ..., limit: ... }.
          hint: Write the kind of value the message expects: a number as plain digits (no quotes, $ or commas), a list as lines starting with '- ', or text in quotes if it looks like a number.
      pages.yaml:40:9  routes[2].sections[1].type  missing-block-type  Missing "type": every section says which block it is.
          hint: Write type: and one of: article, article-list, bio, bonuses, cards, comparison, contact, cta, faq, features, form, hero, link-list, modules, offer, press, revenue-calculator, spotlight, stats, tax-calculator, testimonials, video, video-library, videos.

      10 errors"
    `);
  });

  it("suggests the nearest field for a misspelt key", () => {
    const { problems } = withPages(
      `routes:\n  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n        leed: L\n`,
    );
    expect(problems[0]).toMatchObject({ line: 8, col: 9, path: "routes[0].sections[0].leed", message: 'Unknown field "leed".' });
    expect(problems[0]?.hint).toMatch(/^Did you mean "lead"\?/);
  });

  it("warns about internal links to routes that do not exist, and still builds", () => {
    const { content, problems } = withPages(
      `routes:\n  - path: /\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n        actions:\n          - label: Go\n            to: /insurance-agency-cpa\n  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`,
    );
    expect(content).toBeDefined();
    expect(problems.find((p) => p.path === "routes[0].sections[0].actions[0].to")).toMatchObject({
      severity: "warning",
      line: 10,
      message: "No page has the route /insurance-agency-cpa; this link leads to the 404 page.",
    });
  });

  it("warns about titles and descriptions that search results would cut, and still builds", () => {
    const title = "Tax Preparation Course for New and Experienced Preparers | Northbridge";
    const description = "A".repeat(161);
    const { content, problems } = withPages(
      `routes:\n  - path: /\n    title: ${title}\n    description: ${description}\n    sections:\n      - type: hero\n        heading: H\n  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`,
    );
    expect(content).toBeDefined();
    expect(problems.filter((p) => p.file === "pages.yaml")).toEqual([
      expect.objectContaining({
        severity: "warning",
        line: 3,
        col: 12,
        path: "routes[0].title",
        message: "The title is 70 characters; search results cut it after about 60.",
        hint: "Shorten it to 60 characters or fewer, with the words that matter first.",
      }),
      expect.objectContaining({
        severity: "warning",
        line: 4,
        col: 18,
        path: "routes[0].description",
        message: "The description is 161 characters; search results cut it after about 160.",
      }),
    ]);
  });

  describe("dates on time-sensitive content", () => {
    const offer = (date: string) =>
      `routes:\n  - path: /\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n      - type: offer\n        badge: Limited-Time Offer\n        title: Course\n        price: 497\n        validUntil: ${date}\n        action:\n          label: Enroll\n          to: course\n  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`;
    const load = (pages: string, today: string) => loadFixture({ "pages.yaml": pages }, { today });
    // An offer's validUntil is the older way of ending a price, warned about as such wherever it is written (tests/unit/prices.test.ts).
    const dated = (problems: { file: string; code: string }[]) => problems.filter((p) => p.file === "pages.yaml" && p.code !== "deprecated-field");

    it("warns at its line once a validUntil date has passed, and no longer shows the offer", () => {
      const { content, problems } = load(offer("2026-12-31"), "2027-01-01");
      expect(content?.pages[0]?.sections.map((section) => section.type)).toEqual(["hero"]);
      expect(dated(problems)).toEqual([
        expect.objectContaining({
          severity: "warning",
          line: 12,
          col: 21,
          path: "routes[0].sections[1].validUntil",
          message: "This offer was valid until 2026-12-31, which has passed: it is no longer shown.",
        }),
      ]);
    });

    it("says nothing while the date holds, the last day included", () => {
      expect(dated(load(offer("2026-12-31"), "2026-12-31").problems)).toEqual([]);
    });

    it("refuses a date that does not exist", () => {
      const { content, problems } = load(offer("2026-02-30"), "2026-01-01");
      expect(content).toBeUndefined();
      expect(problems).toContainEqual(expect.objectContaining({ line: 12, path: "routes[0].sections[1].validUntil", message: "This date does not exist." }));
    });

    it("checks the copyright line in site.yaml too", () => {
      const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace(/(  copyright: .*\n)/, "$1  copyrightValidUntil: 2025-12-31\n");
      const { problems } = loadFixture({ "content/site.yaml": site }, { today: "2026-11-23" });
      expect(problems).toContainEqual(expect.objectContaining({ file: "content/site.yaml", path: "footer.copyrightValidUntil", severity: "warning" }));
    });
  });

  it.each([
    ["a duplicate key", "routes: []\nroutes: []\n", 2, 1, "This field appears twice in the same place."],
    ["an anchor", "base: &b [1]\nroutes: *b\n", 1, 7, "Anchors (&b) are not supported."],
    ["an alias", "base: &b [1]\nroutes: *b\n", 2, 9, "Aliases (*b) are not supported."],
    ["a directive", "%YAML 1.1\n---\nroutes: []\n", 1, 1, "YAML directives (%YAML) are not supported."],
    ["an unknown tag", "routes: !include other.yaml\n", 1, 9, "Custom tags (words starting with !) are not supported."],
    [
      "a tag that makes a date",
      "routes:\n  - path: /\n    title: !!timestamp 2026-03-02\n",
      3,
      12,
      "The tag !!timestamp is not supported: content is text, numbers, true or false, lists and fields.",
    ],
    ["a tag that makes a set", "routes: !!set {a}\n", 1, 9, "The tag !!set is not supported: content is text, numbers, true or false, lists and fields."],
    [
      "a colon inside a value",
      "routes:\n  - title: Book now: limited\n",
      2,
      12,
      "A colon followed by a space inside a value makes YAML read it as a new field.",
    ],
    ["a tab used for indentation", "routes:\n\t- path: /\n", 2, 1, "Tabs are not allowed for indentation."],
    [
      "a field indented a space short",
      "routes:\n  - path: /\n    title: T\n   description: D\n",
      4,
      4,
      "This line is indented 3 spaces, but the field above it is indented 4.",
    ],
    [
      "a list item's field indented a space short",
      "routes:\n  - path: /\n   title: T\n",
      3,
      4,
      "This line is indented 3 spaces, but the field above it is indented 4.",
    ],
    ["brackets nested 20,000 deep", `routes: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`, 1, 73, "Brackets are nested more than 64 levels deep."],
    [
      "brackets nested too deep on the line after a stray apostrophe",
      `routes:\n  - path: /\n    title: the '90s\n    x: ${"[".repeat(70)}${"]".repeat(70)}\n`,
      4,
      72,
      "Brackets are nested more than 64 levels deep.",
    ],
  ])("rejects %s with its place", (_name, source, line, col, message) => {
    const { content, problems } = withPages(source);
    expect(content).toBeUndefined();
    expect(problems).toContainEqual(expect.objectContaining({ file: "pages.yaml", line, col, message }));
  });

  it("counts no bracket in a comment or a quoted text as nesting", () => {
    const deep = "[".repeat(70);
    const { problems } = withPages(`routes:\n  # ${deep}\n  - path: /\n    title: "${deep}"\n    description: '${deep}' # ${deep}\n`);
    expect(problems.filter((problem) => problem.code === "nesting-too-deep")).toEqual([]);
  });

  it("rejects a file over the size cap before parsing it", () => {
    const { problems } = withPages(`routes: []\n# ${"x".repeat(2000)}\n`, 1024);
    expect(problems).toContainEqual(expect.objectContaining({ file: "pages.yaml", line: 1, col: 1, message: "The file is 2 KiB, over the 1 KiB limit." }));
  });

  it("rejects an alias bomb at once", () => {
    // Ten levels, each nine aliases of the one before: 9^10 nodes if expanded.
    const letters = "abcdefghij";
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ...[...letters.slice(1)].map((name, i) => `${name}: &${name} [${Array(9).fill(`*${letters[i]}`).join(", ")}]`),
    ].join("\n");
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const { problems } = withPages(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    // Expanded, the bomb would take gigabytes; refused unexpanded, memory stays flat.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(problems.some((p) => p.message.startsWith("Aliases"))).toBe(true);
  });
});

describe("the item cache of large content files (npm run build and validate)", () => {
  const articlesFile = join(SPEC_SITE, "content", "articles.yaml");
  const articles = readFileSync(articlesFile, "utf8");
  const header = articles.slice(0, articles.indexOf("  - slug:"));
  const items = articles.slice(header.length);
  /** The fixture's articles again and again under new slugs, past the size from which a file is cut into items. */
  const large = (copies: number) =>
    header + Array.from({ length: copies }, (_, copy) => items.replace(/^  - slug: (\S+)/gm, (_line, slug: string) => `  - slug: ${slug}-${copy}`)).join("");
  const cached = (files: Record<string, string>, dir: string) => comparable(loadFixture(files, { now: FIXTURE_NOW, itemCacheDir: dir }));
  const plain = (files: Record<string, string>) => comparable(loadFixture(files, { now: FIXTURE_NOW }));
  /** The content files a load reads, each with a cache file: site.yaml, pages.yaml and every other YAML file in content/. */
  const CONTENT_FILES_READ = 1 + readdirSync(join(SPEC_SITE, "content")).filter((file) => file.endsWith(".yaml")).length;
  /** The cache file that holds `text`. */
  const cacheHolding = (dir: string, text: string) => {
    const found = readdirSync(dir).find((file) => readFileSync(join(dir, file), "utf8").includes(text));
    if (!found) throw new Error(`No cache file holds ${text}.`);
    return join(dir, found);
  };
  /** A test given a cache folder of its own, removed after it. */
  const withCacheDir = (test: (dir: string) => void) => () => {
    const dir = mkdtempSync(join(tmpdir(), "item-cache-"));
    try {
      test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it(
    "gives the same content and problems as a parse of the whole, cold, warm and after an edit",
    withCacheDir((dir) => {
      const text = large(250);
      expect(Buffer.byteLength(text)).toBeGreaterThan(MIN_PIECED_BYTES);
      const expected = plain({ "content/articles.yaml": text });
      expect(expected.content?.pages.length).toBeGreaterThan(500);
      expect(cached({ "content/articles.yaml": text }, dir)).toEqual(expected);
      // One file a content file.
      expect(readdirSync(dir)).toHaveLength(CONTENT_FILES_READ);
      expect(cached({ "content/articles.yaml": text }, dir)).toEqual(expected);
      const edited = text.replace(`title: "Estimated Taxes`, `title: "Edited: Estimated Taxes`);
      expect(plain({ "content/articles.yaml": edited }).problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect(cached({ "content/articles.yaml": edited }, dir)).toEqual(plain({ "content/articles.yaml": edited }));
    }),
  );

  it(
    "places the pictures, translations and warnings of a large pages.yaml read from its cache as a parse of the whole does",
    withCacheDir((dir) => {
      const text = copiedPages(6);
      expect(Buffer.byteLength(text)).toBeGreaterThan(MIN_PIECED_BYTES);
      const expected = plain({ "pages.yaml": text });
      expect(expected.content?.images.length).toBeGreaterThan(100);
      expect(expected.problems.length).toBeGreaterThan(0);
      expect(cached({ "pages.yaml": text }, dir)).toEqual(expected);
      expect(cached({ "pages.yaml": text }, dir)).toEqual(expected);
    }),
  );

  it(
    "keeps where a warning was placed in an unchanged item, under the code's version, and places it at its line wherever the item has moved",
    withCacheDir((dir) => {
      const text = copiedPages(6);
      /** A load as the command line makes it: the places are kept under the version of its code. */
      const keeping = (pages: string, codeKey = "code-1") =>
        comparable(loadFixture({ "pages.yaml": pages }, { now: FIXTURE_NOW, itemCacheDir: dir, storedResultsKey: codeKey }));
      const warned = (loaded: ReturnType<typeof cached>) => loaded.problems.filter((problem) => problem.file === "pages.yaml");
      const lines = (loaded: ReturnType<typeof cached>) => warned(loaded).map((problem) => problem.line);
      expect(warned(plain({ "pages.yaml": text })).length).toBeGreaterThan(0);
      // Without the code's version nothing is kept.
      cached({ "pages.yaml": text }, dir);
      expect(readdirSync(dir).filter((file) => file.endsWith(".places.json"))).toEqual([]);
      expect(keeping(text)).toEqual(plain({ "pages.yaml": text }));
      // One file of places for each content file a warning was placed in (named by the file's absolute path).
      const placesFiles = readdirSync(dir)
        .filter((file) => file.endsWith(".places.json"))
        .map((file) => join(dir, file));
      expect(placesFiles.length).toBeGreaterThan(0);
      // What is kept is what is read: places changed there show, under the same code only.
      const kept = placesFiles.map((file) => readFileSync(file, "utf8"));
      placesFiles.forEach((file, index) => {
        const stored = JSON.parse(kept[index]!) as { places: Record<string, number> };
        writeFileSync(file, JSON.stringify({ ...stored, places: Object.fromEntries(Object.keys(stored.places).map((name) => [name, 0])) }));
      });
      expect(lines(keeping(text))).not.toEqual(lines(plain({ "pages.yaml": text })));
      expect(keeping(text, "code-2")).toEqual(plain({ "pages.yaml": text }));
      placesFiles.forEach((file, index) => writeFileSync(file, kept[index]!));
      // Lines written above the list move every item, and a page edited above a warning moves the
      // warning inside it: each kept place moves with its item, and the edited page's is found again.
      const moved = `# The site's pages.\n# Each route is one page.\n${text}`;
      expect(lines(plain({ "pages.yaml": moved }))).not.toEqual(lines(plain({ "pages.yaml": text })));
      expect(keeping(moved)).toEqual(plain({ "pages.yaml": moved }));
      const warning = warned(plain({ "pages.yaml": text }))[0]!;
      const textLines = text.split("\n");
      const edited = [...textLines.slice(0, warning.line - 1), "      # A note above the link.", ...textLines.slice(warning.line - 1)].join("\n");
      expect(lines(plain({ "pages.yaml": edited }))[0]).toBe(warning.line + 1);
      expect(keeping(edited)).toEqual(plain({ "pages.yaml": edited }));
    }),
  );

  it(
    "reads the unchanged items from the cache, and still places a problem in a changed one at its line",
    withCacheDir((dir) => {
      const text = large(250);
      cached({ "content/articles.yaml": text }, dir);
      // What the cache holds is what is read: an item's value changed there shows.
      const file = cacheHolding(dir, "Estimated Taxes: When and How Much");
      writeFileSync(file, readFileSync(file, "utf8").replace("Estimated Taxes: When and How Much", "Read from the cache"));
      expect(cached({ "content/articles.yaml": text }, dir).content?.pages.some((page) => page.title.startsWith("Read from the cache"))).toBe(true);

      const wrong = text.replace("date: 2026-03-02", "date: the second of March");
      const expected = plain({ "content/articles.yaml": wrong });
      expect(expected.problems.filter((problem) => problem.severity === "error").map((problem) => [problem.path, problem.line])).toContainEqual([
        "items[0].date",
        6,
      ]);
      expect(cached({ "content/articles.yaml": wrong }, dir).problems).toEqual(expected.problems);
    }),
  );

  it(
    "reads a small file's value from the cache, and still places a problem in it at its line",
    withCacheDir((dir) => {
      const expected = plain({});
      // The fixture's pages.yaml has a warning, placed by parsing the page it is on.
      expect(expected.problems.map((problem) => problem.file)).toContain("pages.yaml");
      expect(cached({}, dir)).toEqual(expected);
      expect(cached({}, dir)).toEqual(expected);
      // What the cache holds is what is read: site.yaml's value changed there shows.
      const file = cacheHolding(dir, "https://calendly.com/");
      writeFileSync(file, readFileSync(file, "utf8").replace("https://calendly.com/", "https://booking.example.com/"));
      expect(JSON.stringify(cached({}, dir).content?.pages)).toContain("https://booking.example.com/");
      // An edited file is parsed again.
      const edited = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace("https://calendly.com/", "https://edited.example.com/");
      expect(cached({ "content/site.yaml": edited }, dir)).toEqual(plain({ "content/site.yaml": edited }));
    }),
  );

  it(
    "leaves to the parse of the whole an item with an anchor, a tag or a text a comment cuts short, or a list with an anchor",
    withCacheDir((dir) => {
      const text = large(250);
      cached({ "content/articles.yaml": text }, dir);
      for (const changed of [
        text.replace("author: Jordan Avery, CPA", "author: &who Jordan Avery, CPA"),
        text.replace("author: Jordan Avery, CPA", "author: Jordan Avery # CPA"),
        // An anchor on the list itself, after the field's colon.
        text.replace("\nitems:\n", "\nitems: &all\n"),
        // Tags, which make values JSON would not keep (a date, bytes), or which the parse may one day refuse.
        text.replace(`title: "Estimated Taxes: When and How Much"`, "title: !!timestamp 2026-03-02"),
        text.replace(`title: "Estimated Taxes: When and How Much"`, "title: !!binary aGk="),
      ]) {
        const expected = plain({ "content/articles.yaml": changed });
        expect(expected.problems.filter((problem) => problem.severity === "error" || problem.code === "comment-in-text")).not.toEqual([]);
        expect(cached({ "content/articles.yaml": changed }, dir)).toEqual(expected);
      }
      // A tag the parse accepts: the same content either way.
      const tagged = text.replace(`title: "Estimated Taxes: When and How Much"`, `title: !!str "Estimated Taxes: When and How Much"`);
      expect(cached({ "content/articles.yaml": tagged }, dir)).toEqual(plain({ "content/articles.yaml": tagged }));
    }),
  );
});

describe("a large file loaded again in one process (the dev server, the editor)", () => {
  it("reads a content file as it now is at every read: a byte changed, bytes that are not UTF-8, the text before", () => {
    const dir = mkdtempSync(join(tmpdir(), "content-read-"));
    try {
      const file = join(dir, "site.yaml");
      const read = (bytes: Buffer) => {
        writeFileSync(file, bytes);
        return readContentFile(file);
      };
      expect(read(Buffer.from("name: Northbridge\n"))).toBe("name: Northbridge\n");
      expect(read(Buffer.from("name: Northbridge\n"))).toBe("name: Northbridge\n");
      // As long as before, one byte apart.
      expect(read(Buffer.from("name: Northbridgf\n"))).toBe("name: Northbridgf\n");
      expect(() => read(Buffer.from([...Buffer.from("name: Espa"), 0xf1, ...Buffer.from("ol\n")]))).toThrow(/not saved as UTF-8/);
      expect(read(Buffer.from("\uFEFFname: Northbridge\n"))).toBe("name: Northbridge\n");
      expect(read(Buffer.from("name: Northbridge\n"))).toBe("name: Northbridge\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const withoutFileInput = ({ input, ...issue }: { input?: unknown }) =>
    typeof input === "object" && input !== null && "routes" in input ? issue : { input, ...issue };

  it("validates a list file item by item as its whole schema does", () => {
    for (const text of [BROKEN_PAGES, readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")]) {
      const raw = parseDocument(text).toJS() as { routes: unknown[] };
      // Two pages with one path, no 404 page, a field the file does not have: the file's own rules.
      for (const value of [raw, { ...raw, routes: [...raw.routes, raw.routes[0]] }, { routes: raw.routes.slice(0, 1), extra: true }]) {
        const whole = pagesFileSchema.safeParse(value, parseOptions);
        const byItem = parseByItem(listFiles.pages, value);
        expect(byItem?.success).toBe(whole.success);
        if (whole.success) expect(byItem?.data).toEqual(whole.data);
        // A file rule's issue keeps the file's value as its input, which by item holds a failing page as written
        // rather than half parsed; no problem is made from it (zod-problems.ts).
        else expect(byItem?.error?.issues.map(withoutFileInput)).toEqual(whole.error.issues.map(withoutFileInput));
      }
    }
  });

  it("checks no item of a list that is too long, as the whole schema does", () => {
    const item = { question: "Q?", answer: "A." };
    const raw = { items: [...Array.from({ length: 10_001 }, () => item), { question: "Q?", answer: "" }] };
    const codes = (result: { error?: { issues: { code: string; path: PropertyKey[] }[] } }) =>
      result.error?.issues.map((issue) => `${issue.code} ${issue.path.join(".")}`);
    const whole = collectionFileSchema("faq", collections.faq).safeParse(raw, parseOptions);
    expect(codes(whole)).toEqual(["too_big items"]);
    expect(codes(parseByItem(listFiles.collection("faq", collections.faq), raw)!)).toEqual(codes(whole));
  });

  it("keeps a kept page's result while its value is the same", () => {
    // Each page kept, as yaml.ts keeps the pages of a large file.
    const raw = parseDocument(readFileSync(join(ROOT, "pages.yaml"), "utf8")).toJS() as { routes: unknown[] };
    raw.routes.forEach(keep);
    const first = parseByItem(listFiles.pages, raw)!.data as { routes: unknown[] };
    const again = parseByItem(listFiles.pages, { routes: [...raw.routes] })!.data as { routes: unknown[] };
    again.routes.forEach((route, index) => expect(route).toBe(first.routes[index]));
    expect(Object.isFrozen(first.routes[0])).toBe(true);
  });

  it("reports and shows an edited page as a first load does, and keeps nothing of what it was", async () => {
    const text = copiedPages(6);
    expect(Buffer.byteLength(text)).toBeGreaterThan(MIN_PIECED_BYTES);
    const load = (pages: string) => comparable(loadFixture({ "pages.yaml": pages }, { now: FIXTURE_NOW }));
    /** The same load in modules loaded anew: nothing kept from an earlier load. */
    const firstLoad = async (pages: string) => {
      vi.resetModules();
      const fresh = await import("../../tests/support/fixture-site.ts");
      return comparable(fresh.loadFixture({ "pages.yaml": pages }, { now: FIXTURE_NOW }));
    };
    const page = text.indexOf(`path: ${copied("/services", 3)}\n`);
    const title = text.indexOf("title: ", page);
    const edit = (replacement: string) => text.slice(0, title) + replacement + text.slice(text.indexOf("\n", title));
    const broken = edit('title: ""\n    titel: Services');
    const fixed = edit("title: Edited services");

    load(text);
    const reported = load(broken);
    expect(reported.problems.filter((problem) => problem.severity === "error").map((problem) => problem.code)).toEqual(["empty-text", "unknown-field"]);
    expect(reported).toEqual(await firstLoad(broken));
    const shown = load(fixed);
    expect(shown.content?.pages.find((entry) => entry.path === copied("/services", 3))?.title).toBe("Edited services");
    expect(shown).toEqual(await firstLoad(fixed));
    expect(load(text)).toEqual(await firstLoad(text));
  });

  it("makes an unchanged section or collection item again when what it reads elsewhere changes: the routes, a named target, a price, a sale's end, a picture's file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-sections-"));
    try {
      cpSync(SPEC_SITE, dir, { recursive: true });
      const text = copiedPages(6);
      writeFileSync(join(dir, "pages.yaml"), text);
      const options = { now: FIXTURE_NOW, projectRoot: ROOT };
      const load = () => comparable(loadContent(dir, options));
      /** The same load in modules loaded anew: nothing kept from an earlier load. */
      const firstLoad = async () => {
        vi.resetModules();
        const fresh = await import("./load.ts");
        return comparable(fresh.loadContent(dir, options));
      };
      const count = (loaded: { problems: LoadResult["problems"] }, code: string) => loaded.problems.filter((problem) => problem.code === code).length;
      load();
      const unknownRoutes = count(load(), "unknown-route");

      // The page its sections link to moves: each link, in pages that did not change, now leads nowhere.
      writeFileSync(join(dir, "pages.yaml"), text.replace("  - path: /calculator\n", "  - path: /calculator-moved\n"));
      const moved = load();
      expect(count(moved, "unknown-route")).toBeGreaterThan(unknownRoutes + 6);
      expect(moved).toEqual(await firstLoad());
      writeFileSync(join(dir, "pages.yaml"), text);
      load();

      // A named target's address changes in site.yaml: the sections that link to it show the new one.
      const site = readFileSync(join(dir, "content", "site.yaml"), "utf8");
      writeFileSync(join(dir, "content", "site.yaml"), site.replace("booking: https://calendly.com/", "booking: https://booking.example.com/"));
      const retargeted = load();
      expect(JSON.stringify(retargeted.content?.pages)).toContain("https://booking.example.com/");
      expect(JSON.stringify(retargeted.content?.pages)).not.toContain("https://calendly.com/");
      expect(retargeted).toEqual(await firstLoad());
      writeFileSync(join(dir, "content", "site.yaml"), site);
      load();

      // A price changes in site.yaml: every text that names it, in pages that did not change, writes the new one.
      writeFileSync(join(dir, "content", "site.yaml"), site.replace("    salePrice: 497\n", "    salePrice: 555\n"));
      const repriced = load();
      expect(JSON.stringify(repriced.content?.pages)).toContain("Enroll today for $555");
      expect(repriced).toEqual(await firstLoad());
      writeFileSync(join(dir, "content", "site.yaml"), site);
      load();

      // A sale ends within the day while nothing is saved: the sections that show its price show the regular one.
      writeFileSync(join(dir, "content", "site.yaml"), site.replace("    saleUntil: 2099-12-31\n", "    saleUntil: 2026-11-23T15:00Z\n"));
      const onSale = load();
      const sale = (loaded: typeof onSale) => JSON.stringify(loaded.content?.pages).match(/"name":"course","amount":\d+(,"originalAmount":\d+)?/g) ?? [];
      expect(sale(onSale).length).toBeGreaterThan(6);
      expect(new Set(sale(onSale))).toEqual(new Set(['"name":"course","amount":497,"originalAmount":2997']));
      options.now = new Date("2026-11-23T16:00Z");
      const ended = load();
      expect(new Set(sale(ended))).toEqual(new Set(['"name":"course","amount":2997']));
      expect(ended).toEqual(await firstLoad());
      options.now = FIXTURE_NOW;
      writeFileSync(join(dir, "content", "site.yaml"), site);
      load();

      // A picture's file goes while no content changes: every section that shows it is reported.
      rmSync(join(dir, "content", "images", "founder.jpg"));
      const missing = load();
      expect(count(missing, "image-missing")).toBeGreaterThan(6);
      expect(missing).toEqual(await firstLoad());

      // So does a picture of an unchanged item of a collection (a testimonial's photo).
      rmSync(join(dir, "content", "images", "people", "kevin-alvarez.svg"));
      const photoGone = load();
      expect(photoGone.problems.filter((problem) => problem.code === "image-missing" && problem.file === "content/testimonials.yaml")).toHaveLength(1);
      expect(photoGone).toEqual(await firstLoad());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
