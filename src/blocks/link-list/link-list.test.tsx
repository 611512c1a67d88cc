import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { LinkList } from "./LinkList.tsx";
import type { LinkListProps } from "./schema.ts";

describe("link-list block", () => {
  it("links routes in the same tab and outbound pages in a new one, announced", () => {
    const { sections } = loadSections(exampleSection("link-list"));
    renderWithProviders(<LinkList {...(sections[0] as LinkListProps)} />);
    const course = screen.getByRole("link", { name: /Tax Preparation Course/ });
    expect(course).toHaveAttribute("href", "/tax-course");
    expect(course).not.toHaveAttribute("target");
    const booking = screen.getByRole("link", { name: /Book a Free Consultation/ });
    expect(booking).toHaveAttribute("target", "_blank");
    expect(booking).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(booking).toHaveTextContent("(opens in a new tab)");
  });

  it("rejects a link that is neither a route, a target nor an https: address", () => {
    const { errors } = loadSections("- type: link-list\n  items:\n    - title: Old site\n      to: http://example.com/");
    expect(errors).toEqual([
      'routes[0].sections[0].items[0].to  "http://example.com/" uses http:.\nUse https: so visitors are not warned about an insecure page.',
    ]);
  });
});
