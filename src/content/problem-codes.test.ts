import { describe, expect, it } from "vitest";
import { PROBLEM_CODES } from "./problem-codes.ts";

describe("the catalogue of problem codes", () => {
  it.each(Object.entries(PROBLEM_CODES))("%s says what it means and how to fix it", (_code, { title, hint }) => {
    expect(title.trim()).not.toBe("");
    expect(hint.trim()).not.toBe("");
    expect(hint).not.toBe(title);
  });

  it.each(Object.entries(PROBLEM_CODES))("%s's hint is a sentence or two of plain text, as a terminal shows it", (_code, { hint }) => {
    expect(hint).toMatch(/^[A-Z].*[.]$/);
    // A problem without advice of its own prints this line as it is: no Markdown, no line breaks.
    expect(hint).not.toMatch(/[`\n]/);
    expect(hint.length, "one or two short sentences").toBeLessThanOrEqual(200);
  });
});
