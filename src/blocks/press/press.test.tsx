import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Press } from "./Press.tsx";
import type { PressProps } from "./schema.ts";

function renderPress(yaml: string) {
  const { sections, errors } = loadSections(yaml);
  expect(errors).toEqual([]);
  renderWithProviders(<Press {...(sections[0] as PressProps)} />);
}

describe("press block", () => {
  it("counts the outlets it shows into the heading and opens each in a new tab", () => {
    renderPress("- type: press\n  heading: Featured in {count} publications\n  items:\n    from: press\n    limit: 5");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Featured in 5 publications");
    const links = within(screen.getByRole("list")).getAllByRole("link");
    expect(links).toHaveLength(5);
    for (const link of links) expect(link).toHaveAttribute("target", "_blank");
  });

  it("quotes the headline on featured cards, with the link label", () => {
    renderPress("- type: press\n  layout: featured\n  linkLabel: Read the article\n  items:\n    from: press\n    tag: featured\n    limit: 1");
    const card = screen.getByRole("link");
    expect(card.textContent).toMatch(/“.+”/);
    expect(card).toHaveTextContent("Read the article");
  });

  it("draws a wide logo lower than a compact one, so that both cover about the same area", () => {
    const { sections, errors } = loadSections("- type: press\n  layout: stack\n  items:\n    from: press\n    limit: 2");
    expect(errors).toEqual([]);
    const props = sections[0] as PressProps;
    const [compact, wide] = props.items;
    const items = [
      { ...compact!, logo: { ...compact!.logo!, width: 96, height: 32 } },
      { ...wide!, logo: { ...wide!.logo!, width: 384, height: 32 } },
    ];
    renderWithProviders(<Press {...props} items={items} />);
    const height = (name: string) => parseFloat(getComputedStyle(screen.getByRole("img", { name })).height);
    const [compactHeight, wideHeight] = [height(compact!.name), height(wide!.name)];
    expect(compactHeight).toBeGreaterThan(wideHeight * 1.3);
    // Equal area, within the limits that keep a compact logo from growing huge and a wide one from shrinking to a line.
    expect(compactHeight * compactHeight * 3).toBeGreaterThan(wideHeight * wideHeight * 12 * 0.5);
  });

  it("rejects a layout it does not have, naming the ones it does", () => {
    const { errors } = loadSections("- type: press\n  layout: list\n  items: press");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/layout/);
    expect(errors[0]).toMatch(/grid.*featured.*strip.*stack/);
  });
});
