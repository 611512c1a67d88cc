/**
 * The messages a marketer reads: one problem per mistake, at the right line, with
 * a stable code and in plain words. Checked on the spec fixture site.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROBLEM_CODES } from "../../src/content/problem-codes.ts";
import { problemCodeTable, TABLE_START, withProblemCodeTable } from "../../src/content/problem-code-table.ts";
import type { Problem } from "../../src/content/problems.ts";
import { blockExampleSections, loadFixture, onePageSite, ROOT, SPEC_SITE } from "../support/fixture-site.ts";

const fixturePages = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const lines = fixturePages.split("\n");
/** The 1-based number of the first line of the fixture's pages.yaml that starts (after spaces) with `start`. */
const lineStarting = (start: string) => lines.findIndex((line) => line.trimStart().startsWith(start)) + 1;
const withLine = (line: number, change: (text: string) => string) => lines.map((text, index) => (index === line - 1 ? change(text) : text)).join("\n");
const summary = (problems: Problem[]) => problems.map((p) => ({ severity: p.severity, code: p.code, line: p.line, col: p.col }));

describe("indentation mistakes", () => {
  // A lead right under its heading, so the lines around it are plain fields of one section.
  const lead = lines.findIndex((line, index) => line.trimStart().startsWith("lead:") && lines[index - 1]!.trimStart().startsWith("heading:")) + 1;
  const indent = lines[lead - 1]!.length - lines[lead - 1]!.trimStart().length;

  it.each([
    ["two spaces too far", 2],
    ["one space too far", 1],
    ["two spaces too little", -2],
    ["one space too little", -1],
  ])("%s: one problem, at that line, saying how far the fields around it are", (_name, shift) => {
    const { problems } = loadFixture({ "pages.yaml": withLine(lead, (text) => (shift > 0 ? " ".repeat(shift) + text : text.slice(-shift))) });
    expect(summary(problems)).toEqual([{ severity: "error", code: "bad-indent", line: lead, col: indent + shift + 1 }]);
    expect(problems[0]!.message).toBe(`This line is indented ${indent + shift} spaces, but the field above it is indented ${indent}.`);
    expect(`${problems[0]!.message} ${problems[0]!.hint}`).not.toMatch(/implicit|key|map|scalar|stringKeys|quote/i);
  });

  it("a list item's field out of line with the item's first field: one problem at that field", () => {
    const to = lineStarting("to: booking");
    const { problems } = loadFixture({ "pages.yaml": withLine(to, (text) => text.slice(2)) });
    expect(summary(problems)).toEqual([expect.objectContaining({ code: "bad-indent", line: to })]);
  });

  it("a tab: one problem, at the first tab, whatever follows", () => {
    const { problems } = loadFixture({ "pages.yaml": withLine(lead, (text) => `\t${text.trimStart()}`) });
    expect(summary(problems)).toEqual([{ severity: "error", code: "tab-indent", line: lead, col: 1 }]);
    expect(problems[0]!.message).toBe("Tabs are not allowed for indentation.");
  });
});

describe("text followed by ' #'", () => {
  it("warns at the line that YAML drops the rest as a comment, and says how to keep it", () => {
    const lead = lineStarting("lead:");
    const { content, problems } = loadFixture({ "pages.yaml": withLine(lead, (text) => `${text} # ask us`) });
    expect(content).toBeDefined();
    const warning = problems.find((p) => p.code === "comment-in-text")!;
    expect(warning).toMatchObject({ severity: "warning", line: lead });
    expect(warning.message).toContain('" # ask us"');
    expect(warning.hint).toMatch(/^To show it, put the whole text in double quotes: ".* # ask us"/);
  });

  it("leaves a comment after a number, a link or a name alone", () => {
    const stat = lineStarting("- value: 50");
    const booking = lineStarting("to: booking");
    const edited = fixturePages
      .split("\n")
      .map((text, index) => (index === stat - 1 || index === booking - 1 ? `${text} # note` : text))
      .join("\n");
    expect(loadFixture({ "pages.yaml": edited }).problems.filter((p) => p.code === "comment-in-text")).toEqual([]);
  });
});

describe("values of the wrong kind", () => {
  const offer = blockExampleSections().find((section) => section.type === "offer")!;
  const site = (sections: unknown[]) => onePageSite([{ type: "hero", heading: "Test" }, ...sections]);

  it.each([
    ["$397", "Write the number only: 397"],
    ["1,500", "Write the number only: 1500"],
    ["397 dollars", "Write the number in digits, like 397."],
  ])("a price written as text (%s) gets a hint", (price, hint) => {
    const [problem] = loadFixture({ "pages.yaml": site([{ ...offer, price }]) }).problems;
    expect(problem).toMatchObject({ code: "wrong-type", path: "routes[0].sections[1].price", hint });
  });

  it("a missing list says to add one, in list form", () => {
    const [problem] = loadFixture({ "pages.yaml": site([{ type: "stats" }]) }).problems;
    expect(problem).toMatchObject({ code: "missing-field", path: "routes[0].sections[1].items" });
    expect(problem!.hint).toMatch(/^Add items: a list, one item per line starting with '- '/);
  });

  it("a list written as one value says how to write a list", () => {
    const [problem] = loadFixture({ "pages.yaml": site([{ type: "stats", items: "50" }]) }).problems;
    expect(problem).toMatchObject({ code: "wrong-type", hint: "Write a list: one item per line, each starting with '- '." });
  });

  it("never repeats the validation library's own wording", () => {
    const cta = blockExampleSections().find((section) => section.type === "cta")!;
    const wrong = [
      { ...cta, heading: 5 },
      { ...cta, actions: [] },
      { ...cta, actions: Array.from({ length: 9 }, () => ({ label: "Go", to: "/" })) },
      { ...cta, tone: "dark" },
      { ...cta, id: "Not An Id" },
      { ...offer, price: -5 },
      { type: "stats", items: [{ value: 1, label: "x".repeat(3000) }] },
    ];
    const { problems } = loadFixture({ "pages.yaml": site(wrong) });
    expect(problems.length).toBeGreaterThanOrEqual(wrong.length);
    for (const problem of problems) expect(problem.message).not.toMatch(/^(Invalid|Too (big|small)|Expected \w+, received)|\u0000/);
  });
});

describe("named link targets", () => {
  it("a misspelt target is reported with the file's other problems, once, with the nearest name", () => {
    const sections = [
      { type: "hero", heading: "Test", actions: [{ label: "Book", to: "bookng" }] },
      { type: "cta", haeding: "Typo", actions: [{ label: "Go", to: "/" }] },
    ];
    const { problems } = loadFixture({ "pages.yaml": onePageSite(sections) });
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["unknown-target", "routes[0].sections[0].actions[0].to"],
      ["unknown-field", "routes[0].sections[1].haeding"],
    ]);
    expect(problems[0]!.hint).toMatch(/^Did you mean "booking"\?/);
  });
});

describe("the catalogue of problem codes", () => {
  const guide = readFileSync(join(ROOT, "CONTENT.md"), "utf8");

  it("is documented, code by code, in CONTENT.md's Reading an error", () => {
    const section = guide.slice(guide.indexOf("## Reading an error"));
    for (const code of Object.keys(PROBLEM_CODES)) expect(section, code).toContain(`| \`${code}\` |`);
  });

  it("is CONTENT.md's table of codes as the docs generator makes it: run npm run docs after changing a code", () => {
    expect(guide.indexOf(TABLE_START), "the table's first marker").toBeGreaterThan(guide.indexOf("## Reading an error"));
    expect(guide, "CONTENT.md's table of problem codes is out of date: run npm run docs").toBe(withProblemCodeTable(guide));
  });

  it("gives every code with what it means and how to fix it, as the catalogue words them", () => {
    // Each row's cells, with the marks escaped to show as written (\*, \[) read back as they are typed.
    const rows = problemCodeTable()
      .split("\n")
      .slice(2)
      .map((row) =>
        row
          .split(/(?<!\\)\|/)
          .slice(1, -1)
          .map((cell) => cell.trim().replace(/\\(.)/g, "$1")),
      );
    expect(rows).toEqual(Object.entries(PROBLEM_CODES).map(([code, { title, hint }]) => [`\`${code}\``, title, hint]));
  });
});
