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

  it("renders an action with a video as a link to the video on its host, which the page's video script makes a button", () => {
    const { sections, errors } = loadSections("- type: hero\n  heading: Course\n  actions:\n    - label: Free Preview\n      video: course-preview");
    expect(errors).toEqual([]);
    renderWithProviders(<Hero {...(sections[0] as HeroProps)} />);
    const link = screen.getByRole("link", { name: /Free Preview/ });
    expect(link).toHaveAttribute("data-video", "course-preview");
    expect(link).toHaveAttribute("data-video-mode", "dialog");
    expect(link.getAttribute("href")).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  });

  it("refuses an action with neither a link nor a video", () => {
    const { errors } = loadSections("- type: hero\n  heading: Course\n  actions:\n    - label: Free Preview");
    expect(errors).toEqual([expect.stringMatching(/^routes\[0\]\.sections\[0\]\.actions\[0\] {2}This button has neither a destination \(to\) nor a video/)]);
  });
});
