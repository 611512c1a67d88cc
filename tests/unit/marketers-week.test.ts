/**
 * The week's edits find their places by the content's structure, so they apply to any
 * content: the spec fixture site's, and again on top of their own result (a live site
 * where a marketer has made these very edits already).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentFileList, loadContent } from "../../src/site/load.ts";
import { formatProblems } from "../../src/content/problems.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";
import { changedRoutes, marketersWeek, UTM, type Files } from "../support/marketers-week.ts";

const fixture: Files = Object.fromEntries(contentFileList().map((file) => [file, readFileSync(join(SPEC_SITE, file), "utf8")]));
const errors = (files: Files) =>
  formatProblems(loadContent(SPEC_SITE, { read: (file) => files[file]! }).problems.filter((problem) => problem.severity === "error"));

describe("a marketer's week", () => {
  it("applies to the spec fixture site, which stays valid", () => {
    const week = marketersWeek(fixture);
    expect(errors(week.files)).toBe("");
    expect(week.price).toEqual({ from: 497, to: 397, name: "course" });
    expect(week.swap).toEqual({ first: { index: 0, path: "/" }, second: { index: 1, path: "/home" } });
    expect(week.rename?.from).toBe("Tax Preparation Mastery Course");
    expect(week.deleted).toBeDefined();
    expect(week.booking).toEqual({ target: "booking", from: "https://calendly.com/", to: `https://calendly.com/?${UTM}` });
    expect(week.page.path).toBe("/tax-planning");
    expect(changedRoutes(fixture["pages.yaml"]!, week.files["pages.yaml"]!)).toEqual(expect.arrayContaining(["/", "/home", "/tax-planning"]));
  });

  it("applies again on top of its own result, finding a free path and keeping the query string", () => {
    const twice = marketersWeek(marketersWeek(fixture).files);
    expect(errors(twice.files)).toBe("");
    expect(twice.price).toEqual({ from: 397, to: 297, name: "course" });
    expect(twice.swap).toEqual({ first: { index: 1, path: "/" }, second: { index: 0, path: "/home" } });
    expect(twice.booking.to).toBe(`https://calendly.com/?${UTM}&${UTM}`);
    expect(twice.page.path).toBe("/tax-planning-2");
  });
});
