import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { TestimonialsProps } from "./schema.ts";
import { Testimonials } from "./Testimonials.tsx";

describe("testimonials block", () => {
  it("takes items inline", () => {
    const { sections, errors } = loadSections(
      "- type: testimonials\n  items:\n    - name: Ana Diaz\n      role: Owner, Diaz Tax\n      quote: Clear and practical.\n      rating: 5",
    );
    expect(errors).toEqual([]);
    renderWithProviders(<Testimonials {...(sections[0] as TestimonialsProps)} />);
    expect(screen.getByText("“Clear and practical.”")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "5 out of 5" })).toBeInTheDocument();
  });

  it("picks items from the shared collection by tag and limit", () => {
    const { sections, errors } = loadSections("- type: testimonials\n  items:\n    from: testimonials\n    tag: msp\n    limit: 2");
    expect(errors).toEqual([]);
    expect((sections[0] as TestimonialsProps).items.map((item) => item.name)).toEqual(["Kevin Alvarez", "Rachel Kim"]);
  });

  it("reports a tag that no item carries, at the section", () => {
    const { errors } = loadSections("- type: testimonials\n  items:\n    from: testimonials\n    tag: nobody");
    expect(errors).toEqual([
      'routes[0].sections[0].items  No item in content/testimonials.yaml has the tag "nobody".\nAdd tags: [nobody] to the items this section should show, or pick another tag.',
    ]);
  });
});
