import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { feedArticles } from "../publish/feeds.ts";

const pagesYaml = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const articlesYaml = readFileSync(join(SPEC_SITE, "content", "articles.yaml"), "utf8");

/** The fixture with /press a draft, the second article a draft, and a link from /links' hero to the draft page. */
const files = {
  "pages.yaml": pagesYaml.replace("  - path: /press\n", "  - path: /press\n    draft: true\n"),
  "content/articles.yaml": articlesYaml.replace("  - slug: choosing-an-entity\n", "  - slug: choosing-an-entity\n    draft: true\n"),
};
const DRAFT_SECTION = "Unannounced winter webinar";

describe("drafts", () => {
  it("leaves draft pages, sections and articles out of what a build publishes", () => {
    const { content, problems } = loadFixture(files);
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    const paths = content!.pages.map((page) => page.path);
    expect(paths).not.toContain("/press");
    expect(paths).not.toContain("/resources/choosing-an-entity");
    expect(paths).toContain("/resources/estimated-taxes");
    expect(JSON.stringify(content!.pages)).not.toContain(DRAFT_SECTION);
    // Listings and feeds are made from the same pages: the draft article is in neither.
    expect(JSON.stringify(content!.pages)).not.toContain("Choosing an Entity");
    expect(feedArticles(content!.pages, content!.site).map((article) => article.path)).toEqual(["/resources/estimated-taxes"]);
    // Nothing published carries the field.
    expect(JSON.stringify(content!.pages)).not.toContain('"draft"');
  });

  it("keeps them, marked, for the dev server and the editor's preview", () => {
    const { content } = loadFixture(files, { drafts: true });
    const byPath = new Map(content!.pages.map((page) => [page.path, page]));
    expect(byPath.get("/press")?.draft).toBe(true);
    expect(byPath.get("/resources/choosing-an-entity")?.draft).toBe(true);
    expect(byPath.get("/calculator")?.draft).toBeUndefined();
    const section = byPath.get("/preview")!.sections.find((each) => each.type === "cta" && each.heading === DRAFT_SECTION);
    expect(section?.draft).toBe(true);
  });

  it("warns at the link when a published page links to a draft", () => {
    const { problems } = loadFixture(files);
    const warnings = problems.filter((problem) => problem.code === "draft-link");
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      const text = files[warning.file as keyof typeof files] ?? readFileSync(join(SPEC_SITE, warning.file), "utf8");
      expect(warning.severity).toBe("warning");
      expect(warning.message).toContain("/press is a draft");
      expect(text.split("\n")[warning.line - 1]).toContain("/press");
    }
  });

  it("refuses a draft field that is not true or false, at its line", () => {
    const { problems } = loadFixture({ "pages.yaml": pagesYaml.replace("  - path: /press\n", "  - path: /press\n    draft: yes please\n") });
    const problem = problems.find((each) => each.path.endsWith(".draft"));
    expect(problem?.severity).toBe("error");
    expect(pagesYaml.replace("  - path: /press\n", "  - path: /press\n    draft: yes please\n").split("\n")[problem!.line - 1]).toContain("draft:");
  });
});
