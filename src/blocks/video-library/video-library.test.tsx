import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { PROBLEM_CODES } from "../../content/problem-codes.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { VideoLibraryProps } from "./schema.ts";
import { VideoLibrary } from "./VideoLibrary.tsx";

describe("video-library block", () => {
  it("groups the videos under their category headings, with machine-readable durations", () => {
    const { sections } = loadSections(exampleSection("video-library"));
    const { container } = renderWithProviders(<VideoLibrary {...(sections[0] as VideoLibraryProps)} />);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Getting Started", "Growing Your Practice"]);
    const lists = screen.getAllByRole("list");
    expect(within(lists[0]!).getAllByRole("listitem")).toHaveLength(2);
    expect(container.querySelector("time")).toHaveAttribute("datetime", "PT12M30S");
    expect(screen.getByRole("link", { name: /Pricing Your Services/ })).toHaveAttribute("href", "https://teachable.com/");
  });

  it("rejects a category without videos", () => {
    const { errors } = loadSections("- type: video-library\n  categories:\n    - title: Empty\n      videos: []");
    expect(errors).toEqual([`routes[0].sections[0].categories[0].videos  Expected at least 1 item, got 0.\n${PROBLEM_CODES["too-few"].hint}`]);
  });
});
