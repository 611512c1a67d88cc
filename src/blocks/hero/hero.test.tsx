import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { HeroProps } from "./schema.ts";
import { Hero } from "./Hero.tsx";

describe("hero block", () => {
  it("renders the page heading, badges and buttons with resolved links", () => {
    const { sections } = loadSections(exampleSection("hero"));
    renderWithProviders(<Hero {...(sections[0] as HeroProps)} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Keep more of what your business earns");
    expect(screen.getByText("15+ Years Experience")).toBeInTheDocument();
    const booking = screen.getByRole("link", { name: /Book Free Consultation/ });
    expect(booking).toHaveAttribute("href", "https://calendly.com/");
    expect(booking).toHaveAttribute("target", "_blank");
    expect(booking).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("link", { name: "Try the Calculator" })).toHaveAttribute("href", "/calculator");
  });

  it("renders an action without a link as a button that goes nowhere", () => {
    const { sections } = loadSections("- type: hero\n  heading: Course\n  actions:\n    - label: Free Preview");
    renderWithProviders(<Hero {...(sections[0] as HeroProps)} />);
    const button = screen.getByRole("button", { name: "Free Preview" });
    expect(button).toHaveAttribute("type", "button");
    expect(button.closest("a")).toBeNull();
  });
});
