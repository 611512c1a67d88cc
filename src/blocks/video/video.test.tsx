import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Video } from "./Video.tsx";
import type { VideoProps } from "./schema.ts";

describe("video block", () => {
  it("shows the poster as a link to the video on its host, in a new tab, until the page's video script makes it a play button", () => {
    const { sections, errors } = loadSections(exampleSection("video"));
    expect(errors).toEqual([]);
    const props = sections[0] as VideoProps;
    const { container } = renderWithProviders(<Video {...props} />);
    expect(screen.getByRole("heading", { name: props.heading })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: new RegExp(props.video.title.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`)) });
    expect(link).toHaveAttribute("href", props.video.watchUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("data-video", props.video.name);
    expect(link.querySelector("img")).toHaveAttribute("alt", "");
    // Nothing on the page points at the player before the visitor asks for it.
    expect(container.innerHTML).not.toContain("youtube-nocookie");
    expect(container.querySelector("iframe")).toBeNull();
  });
});
