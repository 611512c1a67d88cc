/**
 * The content rules that keep a page whole and the site's policy tight, each
 * checked through the build's loader on the spec fixture site: every string that
 * reaches a page, links, section ids, sizes, and the problem report itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { RESERVED_IDS } from "../../src/content/page-ids.ts";
import { formatProblem, formatProblems, type Problem } from "../../src/content/problems.ts";
import { blockExampleSections, loadFixture, onePageSite, SPEC_SITE } from "../support/fixture-site.ts";

type Path = (string | number)[];

const errors = (problems: Problem[]) => problems.filter((p) => p.severity === "error");
const pagesOf = (sections: unknown[]) => onePageSite([{ type: "hero", heading: "Test page" }, ...sections]);
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => (key === "type" ? [] : stringLeaves(child, [...path, key])));
  return [];
}

function withValue<T>(data: T, path: Path, change: (value: string) => string): T {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = change(node[path.at(-1)!] as string);
  return copy as T;
}

const written = (path: Path) => path.map((key, index) => (typeof key === "number" ? `[${key}]` : index ? `.${key}` : key)).join("");

const HIDDEN = ["\u202E", "\u200B", "\u00AD", "\u061C", "\u2060", "\u180E", "\u0000", "\u007F", "\u001B[31m", "\uD800", "\u{E0041}", "\u3164"];

/**
 * Adds a hidden character (each in turn) to every string of `data` at once, and
 * returns the strings that were not refused at their own place.
 */
function acceptedHiddenCharacters(file: string, data: unknown, write: (data: unknown) => string, prefix: string): string[] {
  const leaves = stringLeaves(data);
  let modified = data;
  leaves.forEach((path, index) => (modified = withValue(modified, path, (value) => `${value}${HIDDEN[index % HIDDEN.length]}`)));
  const { content, problems } = loadFixture({ [file]: write(modified) }, { maxProblemsPerFile: Infinity });
  const refusedAt = new Set(errors(problems).map((p) => p.path));
  expect(content).toBeUndefined();
  // A reference to a collection ({ from, tag }) is refused as a whole, at the field that holds it.
  return leaves
    .map((path) => `${prefix}${written(path)}`)
    .filter((at) => !refusedAt.has(at) && ![...refusedAt].some((parent) => /\.items$/.test(parent) && at.startsWith(`${parent}.`)));
}

describe("every string that reaches a page", () => {
  it("refuses invisible, control and direction characters in every string field of every block, at that field", () => {
    const sections = blockExampleSections();
    expect(stringLeaves(sections).length).toBeGreaterThan(150);
    expect(acceptedHiddenCharacters("pages.yaml", sections, (data) => onePageSite(data as unknown[]), "routes[0].sections")).toEqual([]);
  });

  it.each(["content/site.yaml", "content/faq.yaml", "content/press.yaml", "content/testimonials.yaml"])("refuses the same in every string of %s", (file) => {
    const data = parse(readFileSync(join(SPEC_SITE, file), "utf8")) as unknown;
    expect(acceptedHiddenCharacters(file, data, (modified) => stringify(modified), "")).toEqual([]);
  });

  it("names the hidden character and its place", () => {
    const pages = pagesOf([{ type: "stats", items: [{ value: 5, suffix: "+\u200B", label: "Years" }] }]);
    const [problem] = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problem).toMatchObject({
      line: lineOf(pages, "suffix"),
      path: "routes[0].sections[1].items[0].suffix",
      message: "Text contains a zero-width space (U+200B) at position 2; it would not show, or would change how the text reads.",
    });
  });

  it("refuses a heading made only of invisible letters (U+3164) or spaces", () => {
    for (const heading of ["\u3164\u3164", "\u2800", "\u3000 "]) {
      const { problems } = loadFixture({ "pages.yaml": pagesOf([{ type: "cta", heading, actions: [{ label: "Go", to: "/" }] }]) });
      expect(errors(problems).map((p) => p.path)).toEqual(["routes[0].sections[1].heading"]);
    }
  });

  it("keeps emoji built with a zero-width joiner, and line breaks", () => {
    const { content, problems } = loadFixture({
      "pages.yaml": pagesOf([{ type: "cta", heading: "Built by 👩‍💻 and 👨‍👩‍👧", intro: "Line one\nline two", actions: [{ label: "Go", to: "/" }] }]),
    });
    expect(errors(problems)).toEqual([]);
    expect(content).toBeDefined();
  });
});

describe("links", () => {
  const cta = (to: string) => pagesOf([{ type: "cta", heading: "Call", actions: [{ label: "Go", to }] }]);
  const refusal = (to: string) => errors(loadFixture({ "pages.yaml": cta(to) }).problems).map((p) => p.message);

  it.each([
    ["mailto:a@b.com?bcc=evil%40x.com", '"mailto:a@b.com?bcc=evil%40x.com" sets "bcc"; a mailto: link may set only subject and body.'],
    ["mailto:a@b.com?cc=evil@x.com", '"mailto:a@b.com?cc=evil@x.com" sets "cc"; a mailto: link may set only subject and body.'],
    ["mailto:a@b.com?subject=x%0D%0ABcc:evil@x.com", '"mailto:a@b.com?subject=x%0D%0ABcc:evil@x.com" has a carriage return (U+000D) in its subject.'],
    ["mailto:a@b.com,evil%40x.com", '"mailto:a@b.com,evil%40x.com" is not a valid mailto: link: it names more than one recipient.'],
    ["mailto:evil%40x.com", '"mailto:evil%40x.com" is not a valid mailto: link: its address is percent-encoded.'],
    ["tel:(((", '"tel:(((" is not a valid tel: link.'],
    ["tel:+1-555-0100-0100-0100-01", '"tel:+1-555-0100-0100-0100-01" is not a valid tel: link.'],
    ["https://forms.example.com;sandbox/subscribe", '"https://forms.example.com;sandbox/subscribe" has no valid host.'],
    ["https://*.com/subscribe", '"https://*.com/subscribe" has no valid host.'],
    [`https://example.com/${"a".repeat(2000)}`, "The link is 2,020 characters long, over the limit of 2,000."],
  ])("refuses %s", (to, message) => {
    expect(refusal(to)).toEqual([message]);
  });

  it.each([
    "mailto:hello@example.com",
    "mailto:hello@example.com?subject=Hi%20there&body=Line%0D%0Atwo",
    "tel:+15555550123",
    "tel:(555)010-0199",
    "https://example.com:8443/a;b?c=d",
  ])("accepts %s", (to) => {
    expect(refusal(to)).toEqual([]);
  });

  it("refuses a form endpoint that would rewrite the security policy, at its line", () => {
    const pages = pagesOf([
      {
        type: "form",
        fields: [{ name: "email", label: "Email", type: "email" }],
        submitLabel: "Join",
        action: "https://forms.example.com;sandbox/subscribe",
        success: { title: "Done" },
        failure: { title: "Failed" },
      },
    ]);
    const [problem] = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problem).toMatchObject({ line: lineOf(pages, "action:"), path: "routes[0].sections[1].action" });
  });

  it("refuses a picture on a host site.yaml does not list, at its line", () => {
    const bio = blockExampleSections().find((section) => section.type === "bio")!;
    const pages = pagesOf([{ ...bio, image: { src: "https://images.example.com/jordan.jpg", alt: "Jordan" } }]);
    const problems = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problems.map((p) => [p.line, p.path, p.code])).toContainEqual([lineOf(pages, "src: https"), "routes[0].sections[1].image", "image-external"]);
  });
});

describe("section ids", () => {
  it.each(["islands", "main", "root"])("refuses id: %s, which the page itself uses", (id) => {
    const pages = pagesOf([{ type: "cta", id, heading: "Call", actions: [{ label: "Go", to: "/" }] }]);
    const [problem] = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problem).toMatchObject({
      line: lineOf(pages, `id: ${id}`),
      path: "routes[0].sections[1].id",
      message: `The id "${id}" is used by the page itself (${RESERVED_IDS.join(", ")}).`,
    });
  });

  it("refuses two sections with the same id on one page, at the second", () => {
    const section = { type: "cta", id: "pricing", heading: "Call", actions: [{ label: "Go", to: "/" }] };
    const pages = pagesOf([section, section]);
    const problems = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problems.map((p) => p.path)).toEqual(["routes[0].sections[2].id"]);
    expect(problems[0]!.message).toBe('Two sections of this page have the id "pricing" (the first is sections[1]).');
    expect(problems[0]!.hint).toContain("never shown at the same time");
  });

  const offer = (heading: string, schedule: object) => ({ type: "cta", id: "offer", heading, actions: [{ label: "Go", to: "/" }], ...schedule });

  it("lets sections share an id when they are never shown at the same time, so links to #offer keep working", () => {
    const pages = pagesOf([
      offer("Spring sale", { from: "2027-03-01", until: "2027-04-15" }),
      offer("Fall sale", { from: "2026-09-01", until: "2026-11-30" }),
      // Always on but for the two sales.
      offer("The course", {
        hidden: [
          { from: "2026-09-01", until: "2026-11-30" },
          { from: "2027-03-01", until: "2027-04-15" },
        ],
      }),
    ]);
    const { content, problems } = loadFixture({ "pages.yaml": pages }, { now: new Date("2026-11-23T12:00Z") });
    expect(errors(problems)).toEqual([]);
    const shown = (now: string) =>
      loadFixture({ "pages.yaml": pages }, { now: new Date(now) })
        .content!.pages[0]!.sections.filter((section) => section.id === "offer")
        .map((section) => (section as { heading: string }).heading);
    expect(content!.pages[0]!.sections.filter((section) => section.id === "offer")).toHaveLength(1);
    expect([shown("2026-11-23T12:00Z"), shown("2026-12-01T00:00Z"), shown("2027-04-15T23:59Z")]).toEqual([["Fall sale"], ["The course"], ["Spring sale"]]);
  });

  it("refuses sections with one id whose schedules overlap, saying from when both would show", () => {
    const pages = pagesOf([
      offer("Fall sale", { from: "2026-09-01", until: "2026-11-30" }),
      offer("The course", { hidden: [{ from: "2026-09-01", until: "2026-11-29" }] }),
    ]);
    const problems = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problems.map((p) => [p.code, p.line, p.path])).toEqual([["duplicate-id", lineOf(pages, "heading: The course") - 1, "routes[0].sections[2].id"]]);
    expect(problems[0]!.message).toBe(
      'Two sections of this page have the id "offer" (the first is sections[1]), and both would be shown from 2026-11-30T00:00Z.',
    );
  });

  it("checks a shared section's id against the page it is placed on, at its use: line", () => {
    const newsletter = { type: "cta", id: "newsletter", heading: "Call", actions: [{ label: "Go", to: "/" }] };
    const pages = pagesOf([newsletter, { use: "newsletter-cta" }]);
    expect(errors(loadFixture({ "pages.yaml": pages }).problems)).toEqual([
      expect.objectContaining({
        code: "duplicate-id",
        line: lineOf(pages, "use: newsletter-cta"),
        hint: expect.stringContaining("content/sections.yaml (newsletter-cta)"),
      }),
    ]);
    // Shown together from 2099 on: still two elements with one id then.
    const later = pagesOf([{ ...newsletter, from: "2099-01-01" }, { use: "newsletter-cta" }]);
    expect(errors(loadFixture({ "pages.yaml": later }).problems)).toEqual([
      expect.objectContaining({ code: "duplicate-id", message: expect.stringContaining("both would be shown from 2099-01-01T00:00Z") }),
    ]);
  });
});

describe("sizes", () => {
  it("refuses a figure of 1e300, with the limit", () => {
    const pages = pagesOf([{ type: "stats", items: [{ value: 1e300, label: "Clients" }] }]);
    expect(errors(loadFixture({ "pages.yaml": pages }).problems).map((p) => p.message)).toEqual(["Expected a number of at most 1,000,000,000,000."]);
  });

  it("refuses a price above a billion and a calculator multiplier above 100", () => {
    const offer = blockExampleSections().find((section) => section.type === "offer")!;
    const calculator = blockExampleSections().find((section) => section.type === "tax-calculator")!;
    const problems = errors(
      loadFixture({
        "pages.yaml": pagesOf([
          { ...offer, price: 1e12 },
          { ...calculator, revenueMultiplier: 1e6 },
        ]),
      }).problems,
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ["routes[0].sections[1].price", "Expected a number of at most 1,000,000,000."],
      ["routes[0].sections[2].revenueMultiplier", "Expected a multiplier of at most 100."],
    ]);
  });

  it("refuses a page of more than 40 sections, naming the limit", () => {
    const cta = { type: "cta", heading: "Call", actions: [{ label: "Go", to: "/" }] };
    const problems = errors(loadFixture({ "pages.yaml": pagesOf(Array.from({ length: 10_000 }, () => cta)) }).problems);
    expect(problems.map((p) => [p.path, p.message])).toEqual([["routes[0].sections", "A page has at most 40 sections: this has 10001."]]);
  });
});

describe("the problem report", () => {
  it("says once, at the first tab, that tabs are not allowed for indentation", () => {
    const { problems } = loadFixture({ "pages.yaml": "routes:\n  - path: /\n\ttitle: Home\n\tdescription: Home.\n" + "\t\tx: 1\n".repeat(5000) });
    expect(problems).toEqual([expect.objectContaining({ line: 3, col: 1, message: "Tabs are not allowed for indentation." })]);
  });

  it("lists at most 50 problems of a file, then how many more there are", () => {
    const pages = "routes:\n" + "  - path: /x\n    titel: x\n".repeat(2000);
    const { problems } = loadFixture({ "pages.yaml": pages });
    expect(problems).toHaveLength(51);
    expect(problems.at(-1)!.message).toMatch(/^[\d,]+ more problems in this file, not listed\.$/);
    expect(Number(problems.at(-1)!.message.split(" ")[0]!.replace(",", ""))).toBeGreaterThan(1900);
  });

  it("refuses a file of millions of comment lines at once, by its line count", () => {
    const { problems } = loadFixture({ "pages.yaml": "#\n".repeat(600_000) });
    expect(problems.map((p) => [p.line, p.message])).toEqual([[500_001, "The file has 600,001 lines, over the 500,000 limit."]]);
  });

  it("escapes control and direction characters that content puts in a message", () => {
    const pages = pagesOf([{ type: "cta", heading: "Call", actions: [{ label: "Go", to: "/" }], "\u001B]0;owned\u0007\u202Ekey": 1 }]);
    const report = formatProblems(loadFixture({ "pages.yaml": pages }).problems);
    expect(report).toContain('Unknown field "\\u{1B}]0;owned\\u{7}\\u{202E}key".');
    expect(report).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F\u202E]/);
    expect(formatProblem({ severity: "error", code: "yaml-syntax", file: "a.yaml", line: 1, col: 1, path: "", message: "x\u001B[2Jy", hint: "h\u202Ei" })).toBe(
      "a.yaml:1:1  yaml-syntax  x\\u{1B}[2Jy\n    hint: h\\u{202E}i",
    );
  });
});
