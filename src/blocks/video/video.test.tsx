import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Video } from "./Video.tsx";
import type { VideoProps } from "./schema.ts";

describe("video block", () => {
  it("renders its example", () => {
    const { sections, errors } = loadSections(exampleSection("video"));
    expect(errors).toEqual([]);
    renderWithProviders(<Video {...(sections[0] as VideoProps)} />);
    expect(screen.getByRole("heading", { name: "Video" })).toBeInTheDocument();
  });
});
