import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { StatsProps } from "./schema.ts";
import { formatStat, Stats } from "./Stats.tsx";

describe("stats block", () => {
  it.each([
    [{ value: 15, suffix: "+" }, "15+"],
    [{ value: 2500, suffix: "+" }, "2,500+"],
    [{ value: 50, prefix: "$", suffix: "M+" }, "$50M+"],
    [{ value: 4.9, suffix: "/5" }, "4.9/5"],
  ])("formats %j as %s", (stat, shown) => {
    expect(formatStat(stat)).toBe(shown);
  });

  it("pairs each figure with its label in a description list", () => {
    const { sections } = loadSections("- type: stats\n  items:\n    - value: 500\n      suffix: +\n      label: Clients Served");
    const { container } = renderWithProviders(<Stats {...(sections[0] as StatsProps)} />);
    expect(container.querySelector("dt")).toHaveTextContent("Clients Served");
    expect(container.querySelector("dd")).toHaveTextContent("500+");
    expect(screen.getByText("500+")).toBeInTheDocument();
  });

  it("rejects a figure typed as text, at its place", () => {
    const { errors } = loadSections("- type: stats\n  items:\n    - value: ten\n      label: Clients");
    expect(errors).toEqual(['routes[0].sections[0].items[0].value  Expected a number, got "ten".\nWrite the number in digits, like 397.']);
  });
});
