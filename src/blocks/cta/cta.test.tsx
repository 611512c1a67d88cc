import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { PROBLEM_CODES } from "../../content/problem-codes.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Cta } from "./Cta.tsx";
import type { CtaProps } from "./schema.ts";

describe("cta block", () => {
  it("shows its buttons, external ones in a new tab", () => {
    const { sections } = loadSections(exampleSection("cta"));
    renderWithProviders(<Cta {...(sections[0] as CtaProps)} />);
    const enroll = screen.getByRole("link", { name: /Enroll Now/ });
    expect(enroll).toHaveAttribute("href", "https://teachable.com/");
    expect(enroll).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: /Book a Free Consultation/ })).toHaveAttribute("href", "https://calendly.com/");
    expect(screen.getByText("30-day money-back guarantee")).toBeInTheDocument();
  });

  it("needs at least one button", () => {
    const { errors } = loadSections("- type: cta\n  heading: Ready?\n  actions: []");
    expect(errors).toEqual([`routes[0].sections[0].actions  Expected at least 1 item, got 0.\n${PROBLEM_CODES["too-few"].hint}`]);
  });
});
