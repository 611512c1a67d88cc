import { screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../../tests/support/fixture-site.ts";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Article } from "./Article.tsx";
import type { ArticleProps } from "./schema.ts";

/** pages.yaml of one page whose second section is an article with this body, written as given (the lines after body:). */
const pageWithBody = (bodyLines: string) =>
  [
    "routes:",
    "  - path: /",
    "    title: Test",
    "    description: Test page.",
    "    sections:",
    "      - type: hero",
    "        heading: Test page",
    "      - type: article",
    `        body:${bodyLines}`,
    '  - path: "*"',
    "    title: Not found",
    "    description: Not found.",
    "    sections:",
    "      - type: hero",
    "        heading: Not found",
    "",
  ].join("\n");

const errorsOf = (pages: string) =>
  loadFixture({ "pages.yaml": pages }, { today: "2026-01-01" }).problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`);

describe("article block", () => {
  it("renders the Markdown subset as headings, lists, a quote, a table and links", () => {
    const { sections, errors } = loadSections(exampleSection("article"));
    expect(errors).toEqual([]);
    renderWithProviders(<Article {...(sections[0] as ArticleProps)} />);
    expect(screen.getByRole("heading", { level: 2, name: "What changes this year" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "tax calendar" })).toHaveAttribute("href", "/resources");
    const booking = screen.getByRole("link", { name: /set them up with you/ });
    expect(booking.getAttribute("href")).toMatch(/^https:/);
    expect(booking).toHaveAttribute("target", "_blank");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("15th").tagName).toBe("STRONG");
    expect(document.querySelector("blockquote")).toHaveTextContent("A plan made in January");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Quarter", "Due"]);
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(document.querySelector("time")).toHaveAttribute("datetime", "2026-09-15");
    expect(document.querySelector("time")).toHaveTextContent("September 15, 2026");
  });

  it("refuses raw HTML at its own line and column", () => {
    const errors = errorsOf(pageWithBody(" |\n          ## Plan\n\n          Pay on time. <script>alert(1)</script>\n\n          <div>block</div>"));
    expect(errors).toEqual([
      "pages.yaml:12:24 markdown-unsupported Raw HTML is not allowed in an article.",
      "pages.yaml:12:40 markdown-unsupported Raw HTML is not allowed in an article.",
      "pages.yaml:14:11 markdown-unsupported Raw HTML is not allowed in an article.",
    ]);
  });

  it("reports a refused link at its own line and column, in a literal block", () => {
    const errors = errorsOf(pageWithBody(" |\n          ## Plan\n\n          First line.\n          See [our old site](http://example.com/) today."));
    expect(errors).toEqual(['pages.yaml:13:30 link-scheme "http://example.com/" uses http:.']);
  });

  it("reports a refused link at its own line and column, in a folded block and with explicit indentation", () => {
    const folded = errorsOf(pageWithBody(" >\n          ## Plan\n\n          First line\n          and more. See\n          [old](javascript:alert(1)) here."));
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatch(/^pages\.yaml:14:17 link-scheme /);
    const explicit = errorsOf(pageWithBody(" |2\n          ## Plan\n\n          See [old](http://example.com/)."));
    expect(explicit[0]).toMatch(/^pages\.yaml:12:21 link-scheme /);
  });

  it("reports a misspelt named target and a missing route in Markdown at their own place", () => {
    const result = loadFixture(
      { "pages.yaml": pageWithBody(" |\n          ## Plan\n\n          [Book](bookng) or [read](/no-such-page).") },
      { today: "2026-01-01" },
    );
    const found = result.problems.filter((p) => p.line === 12).map((p) => `${p.line}:${p.col} ${p.severity} ${p.code} ${p.hint ?? ""}`);
    expect(found).toEqual([
      expect.stringMatching(/^12:18 error unknown-target Did you mean "booking"\?/),
      expect.stringMatching(/^12:36 warning unknown-route /),
    ]);
  });

  it("refuses a level-1 heading, a level too deep, a skipped level, pictures and code", () => {
    const errors = errorsOf(
      pageWithBody(" |\n          # Title\n\n          ## Part\n\n          #### Skipped\n\n          ![chart](/images/chart.png)\n\n          Run `this`."),
    );
    expect(errors).toEqual([
      "pages.yaml:10:11 markdown-heading A level-1 heading (#) in an article: the page's main heading is its title.",
      "pages.yaml:14:11 markdown-heading A level-4 heading follows a level-2 one: screen-reader users move by headings, and a level is skipped.",
      "pages.yaml:16:11 markdown-unsupported A picture is not allowed in an article.",
      "pages.yaml:18:15 markdown-unsupported Code (text between backticks) is not allowed in an article.",
    ]);
  });

  it("refuses an invisible character at its place", () => {
    const errors = errorsOf(pageWithBody(" |\n          ## Plan\n\n          Pay\u200b now."));
    expect(errors).toEqual([
      "pages.yaml:12:14 hidden-character Text contains a zero-width space (U+200B); it would not show, or would change how the text reads.",
    ]);
  });

  describe("content/articles.yaml", () => {
    const articles = readFileSync(join(SPEC_SITE, "content", "articles.yaml"), "utf8");
    const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
    const problemsOf = (text: string) =>
      loadFixture({ "content/articles.yaml": text }, { today: "2026-01-01" })
        .problems.filter((p) => p.severity === "error")
        .map((p) => `${p.file}:${p.line}:${p.col} ${p.path} ${p.code}`);

    it("makes each article a page at /resources/<slug>, newest first in lists", () => {
      const { content } = loadFixture();
      const pages = content!.pages.filter((page) => page.path.startsWith("/resources/"));
      expect(pages.map((page) => page.path).sort()).toEqual(["/resources/choosing-an-entity", "/resources/estimated-taxes"]);
      const list = content!.pages.find((page) => page.path === "/resources")!.sections.find((section) => section.type === "article-list")!;
      expect((list as { items: { date: string }[] }).items.map((item) => item.date)).toEqual(["2026-03-02", "2026-01-20"]);
    });

    it("refuses a date that does not exist, and a slug used twice, at their lines", () => {
      const badDate = articles.replace("date: 2026-01-20", "date: 2026-02-30");
      expect(problemsOf(badDate)).toEqual([`content/articles.yaml:${lineOf(badDate, "2026-02-30")}:11 items[1].date bad-date`]);
      const twice = articles.replace("slug: choosing-an-entity", "slug: estimated-taxes");
      expect(problemsOf(twice)).toEqual([
        `content/articles.yaml:${lineOf(twice, "slug: estimated-taxes\n    title: Choosing")}:11 items[1].slug duplicate-name`,
      ]);
    });
  });
});
