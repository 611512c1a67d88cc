import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Bonuses } from "./Bonuses.tsx";
import type { BonusesProps } from "./schema.ts";

describe("bonuses block", () => {
  it("numbers the bonuses, shows each value and computes the total", () => {
    const { sections } = loadSections(exampleSection("bonuses"));
    renderWithProviders(<Bonuses {...(sections[0] as BonusesProps)} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("Bonus #2")).toBeInTheDocument();
    expect(screen.getByText("Value: $297")).toBeInTheDocument();
    expect(screen.getByText("Total bonus value: $794")).toBeInTheDocument();
  });

  it("computes the total again when a bonus is added", () => {
    const yaml = exampleSection("bonuses").replace(
      "  totalLabel:",
      "    - title: Pricing Calculator\n      value: 1000\n      description: Price every return.\n  totalLabel:",
    );
    const { sections } = loadSections(yaml);
    renderWithProviders(<Bonuses {...(sections[0] as BonusesProps)} />);
    expect(screen.getByText("Total bonus value: $1,794")).toBeInTheDocument();
  });

  it("rejects a typed total and a value written as text", () => {
    const { errors } = loadSections(
      '- type: bonuses\n  valueLabel: "Value: {value}"\n  totalLabel: "Total: $2,385"\n  items:\n    - title: Templates\n      value: "$497"\n      description: Forms.',
    );
    expect(errors).toEqual([
      "routes[0].sections[0].totalLabel  The text must contain {total}.\n{total} is replaced by the value when the page is shown.",
      'routes[0].sections[0].items[0].value  Expected a number, got "$497".\nWrite the number only: 497',
    ]);
  });
});
