import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { settleKnownWarnings } from "../../src/content/known-warnings.ts";
import { formatProblems } from "../../src/content/problems.ts";
import { loadFixture, SPEC_SITE } from "../support/fixture-site.ts";

const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
/** The fixture's site.yaml with a knownWarnings list, and the line its first entry starts on. */
const withKnown = (entries: string) => {
  const text = `${site.trimEnd()}\n\nknownWarnings:\n${entries}`;
  return { text, line: text.split("\n").indexOf("knownWarnings:") + 2 };
};
const cardLink =
  "  - code: unknown-route\n    file: pages.yaml\n    path: routes[3].sections[3].action.to\n    reason: The brief sends this card to the 404 page.\n";

describe("warnings the site keeps on purpose (knownWarnings)", () => {
  it("counts a listed warning in the summary line instead of printing it, and keeps the list out of the pages' data", () => {
    const { content, problems } = loadFixture({ "content/site.yaml": withKnown(cardLink).text });
    const warning = problems.find((problem) => problem.code === "unknown-route" && problem.path === "routes[3].sections[3].action.to");
    expect(warning).toBeDefined();
    const settled = settleKnownWarnings(problems, content!.knownWarnings);
    expect(settled.find((problem) => problem.path === warning!.path)).toMatchObject({ acknowledged: true });
    const report = formatProblems(settled);
    expect(report).not.toContain("routes[3].sections[3].action.to");
    expect(report.split("\n").at(-1)).toMatch(/(^|, )1 known warning \(content\/site\.yaml, knownWarnings\)$/);
    expect(JSON.stringify(content!.site)).not.toContain("knownWarnings");
  });

  it("reports an entry that no warning matches any more at its line, and never acknowledges an error", () => {
    const { text, line } = withKnown(
      "  - code: unknown-route\n    file: pages.yaml\n    path: routes[0].sections[0].actions[0].to\n    reason: Moved since.\n",
    );
    const { content, problems } = loadFixture({ "content/site.yaml": text });
    const settled = settleKnownWarnings(problems, content!.knownWarnings);
    expect(settled.filter((problem) => problem.code === "known-warning-unused")).toEqual([
      expect.objectContaining({ severity: "warning", file: "content/site.yaml", line, path: "knownWarnings[0]" }),
    ]);
    const error = {
      severity: "error" as const,
      code: "unknown-route" as const,
      file: "pages.yaml",
      line: 1,
      col: 1,
      path: "routes[0].path",
      message: "x",
      hint: "y",
    };
    const [kept] = settleKnownWarnings([error], [{ ...content!.knownWarnings[0]!, path: "routes[0].path" }]);
    expect(kept).toEqual(error);
  });

  it("refuses an entry without its reason, or with a code that does not exist, at its line", () => {
    const { text, line } = withKnown("  - code: no-such-code\n    file: pages.yaml\n    path: routes[0]\n");
    const { problems } = loadFixture({ "content/site.yaml": text });
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => [problem.file, problem.path])).toEqual(
      expect.arrayContaining([
        ["content/site.yaml", "knownWarnings[0].code"],
        ["content/site.yaml", "knownWarnings[0].reason"],
      ]),
    );
    expect(errors.every((problem) => problem.line >= line)).toBe(true);
  });
});
