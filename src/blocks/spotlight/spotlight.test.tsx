import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { SpotlightProps } from "./schema.ts";
import { Spotlight } from "./Spotlight.tsx";

describe("spotlight block", () => {
  it("is a section named by its heading, with its checklist and button", () => {
    const { sections } = loadSections(exampleSection("spotlight"));
    renderWithProviders(<Spotlight {...(sections[0] as SpotlightProps)} />);
    expect(screen.getByRole("region", { name: "CPA Services for Insurance Agencies" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/services");
  });

  it("warns, without failing, when its button goes to a route that is not a page", () => {
    const { errors, warnings } = loadSections(exampleSection("spotlight").replace("to: /services", "to: /insurance-agency-cpa"));
    expect(errors).toEqual([]);
    // The test page stands alone, so the site's navigation links warn too; only this block's link matters here.
    expect(warnings.filter((warning) => warning.startsWith("routes"))).toEqual([
      "routes[0].sections[0].action.to  No page has the route /insurance-agency-cpa; this link leads to the 404 page.\nAdd a route with path: /insurance-agency-cpa to pages.yaml, or link to an existing page.",
    ]);
  });
});
