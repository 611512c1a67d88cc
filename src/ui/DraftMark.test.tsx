import { describe, expect, it } from "vitest";
import { PageContent } from "../render/App.tsx";
import { loadSections } from "../../tests/support/content.ts";
import { renderWithProviders } from "../../tests/support/render.tsx";

describe("the Draft mark", () => {
  const cta = "- type: cta\n  heading: Winter webinar\n  actions:\n    - label: Book a call\n      to: booking\n";

  it("marks a draft section and a draft page where drafts are shown", () => {
    const { sections, errors } = loadSections(`${cta}  draft: true\n`);
    expect(errors).toEqual([]);
    // The fixture loader builds, which leaves drafts out: the dev server's data carries the mark instead.
    expect(sections).toEqual([]);
    const shown = [
      {
        type: "cta",
        heading: "Winter webinar",
        actions: [{ label: "Book a call", to: { kind: "target", name: "booking", href: "https://example.com" } }],
        draft: true,
      },
    ];
    const { container } = renderWithProviders(
      <PageContent page={{ path: "/", title: "Draft", description: "Draft", draft: true, sections: shown as never }} />,
    );
    expect(container.querySelectorAll("[data-draft-mark]")).toHaveLength(2);
    expect(container.textContent).toContain("Draft page: not published");
    expect(container.querySelector("[data-draft-section]")?.textContent).toContain("Winter webinar");
  });

  it("marks nothing on a published page", () => {
    const { sections } = loadSections(cta);
    expect(sections).toHaveLength(1);
    const { container } = renderWithProviders(<PageContent page={{ path: "/", title: "Live", description: "Live", sections }} />);
    expect(container.querySelector("[data-draft-mark]")).toBeNull();
    expect(container.textContent).toContain("Winter webinar");
  });
});
