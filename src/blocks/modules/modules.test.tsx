import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { PROBLEM_CODES } from "../../content/problem-codes.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { courseTotals, Modules } from "./Modules.tsx";
import type { ModulesProps } from "./schema.ts";

describe("modules block", () => {
  it("shows each module's lessons and hours, in the singular where the count is one", () => {
    const { sections } = loadSections(exampleSection("modules"));
    renderWithProviders(<Modules {...(sections[0] as ModulesProps)} />);
    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Module 1");
    expect(rows[0]).toHaveTextContent("8 lessons");
    expect(rows[0]).toHaveTextContent("2.5 hours");
    expect(rows[1]).toHaveTextContent("1 lesson");
    expect(rows[1]).toHaveTextContent("1 hour");
    expect(screen.getByText("Course total: 2 modules, 9 lessons, 3.5 hours")).toBeInTheDocument();
  });

  it("totals the spec's eight modules to 65 lessons and 22 hours", () => {
    const lessons = [8, 12, 10, 9, 7, 6, 5, 8];
    const hours = [2.5, 4, 3.5, 3, 2.5, 2, 1.5, 3];
    expect(courseTotals(lessons.map((count, index) => ({ lessons: count, hours: hours[index]! })))).toEqual({ modules: 8, lessons: 65, hours: 22 });
  });

  it("rejects a fractional lesson count and an unknown placeholder", () => {
    const yaml = exampleSection("modules").replace("lessons: 8", "lessons: 8.5").replace('{hours}"', '{minutes}"');
    expect(loadSections(yaml).errors).toEqual([
      `routes[0].sections[0].items[0].lessons  Expected a whole number, got 8.5.\n${PROBLEM_CODES["wrong-type"].hint}`,
      "routes[0].sections[0].totalLabel  Unknown placeholder {minutes}.\nPlaceholders here: {modules}, {lessons}, {hours}.",
    ]);
  });
});
