import { describe, expect, it } from "vitest";
import { PROBLEM_CODES } from "./problem-codes.ts";
import { formatProblem, limitProblems, problemAt } from "./problems.ts";
import { parseYaml } from "./yaml.ts";

const source = parseYaml("pages.yaml", "routes:\n  - path: /\n    title: Home\n").source!;
const title = ["routes", 0, "title"];

describe("a problem's hint", () => {
  it("is its code's usual fix when the check gives none", () => {
    const problem = problemAt(source, title, { code: "title-too-long", message: "The title is long." });
    expect(problem).toEqual({
      severity: "error",
      code: "title-too-long",
      file: "pages.yaml",
      line: 3,
      col: 12,
      path: "routes[0].title",
      message: "The title is long.",
      hint: PROBLEM_CODES["title-too-long"].hint,
    });
  });

  it("is the check's own when it gives one", () => {
    const problem = problemAt(source, title, { code: "unknown-route", message: "No page has /prcing.", hint: "Did you mean /pricing?" });
    expect(problem.hint).toBe("Did you mean /pricing?");
  });

  it("is its code's usual fix when the check's own is empty", () => {
    expect(problemAt(source, title, { code: "unknown-field", message: "Unknown field.", hint: "" }).hint).toBe(PROBLEM_CODES["unknown-field"].hint);
  });

  it("is given for a place found already, and for the problems left unlisted", () => {
    const at = { file: "content/site.yaml", line: 4, col: 2 };
    expect(problemAt(at, [], { code: "yaml-syntax", message: "YAML cannot read this." }).hint).toBe(PROBLEM_CODES["yaml-syntax"].hint);
    const many = Array.from({ length: 3 }, (_, line) => problemAt({ ...at, line: line + 1 }, [], { code: "empty-text", message: "Empty." }));
    expect(limitProblems(many, 2).at(-1)).toMatchObject({ code: "more-problems", hint: PROBLEM_CODES["more-problems"].hint });
  });

  it("is printed under every problem", () => {
    const problem = problemAt(source, title, { code: "title-too-long", message: "The title is long." }, { severity: "warning" });
    expect(formatProblem(problem)).toBe(
      `pages.yaml:3:12  routes[0].title  title-too-long  warning: The title is long.\n    hint: ${PROBLEM_CODES["title-too-long"].hint}`,
    );
  });
});
