import { describe, expect, it } from "vitest";
import { loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Bio } from "./Bio.tsx";
import type { BioProps } from "./schema.ts";

const bio = (image: string) => `- type: bio\n  name: Jordan Avery, CPA\n  role: Founder\n  paragraphs:\n    - Fifteen years of tax work.\n  image:\n${image}`;

/** The object-position the page's styles give an element: the last rule of its classes that sets one. */
function objectPosition(element: Element): string | undefined {
  const css = [...document.querySelectorAll("style")].map((style) => style.textContent).join("\n");
  let found: string | undefined;
  for (const name of element.classList)
    for (const [, value] of css.matchAll(new RegExp(`\\.${name}\\s*\\{[^}]*?object-position:\\s*([^;}]+)`, "g"))) found = value!.trim();
  return found;
}

describe("bio block", () => {
  it("keeps the part of the portrait its focus names in frame, and the top of a face where none is given", () => {
    const withFocus = loadSections(bio("    src: /images/founder.jpg\n    alt: Jordan at her desk\n    focus: 30% 10%"));
    expect(withFocus.errors).toEqual([]);
    const { container, unmount } = renderWithProviders(<Bio {...(withFocus.sections[0] as BioProps)} />);
    expect(objectPosition(container.querySelector("img")!)).toBe("30% 10%");
    unmount();
    const withoutFocus = loadSections(bio("    src: /images/founder.jpg\n    alt: Jordan at her desk"));
    const { container: plain } = renderWithProviders(<Bio {...(withoutFocus.sections[0] as BioProps)} />);
    expect(objectPosition(plain.querySelector("img")!)).toBe("50% 25%");
  });

  it("refuses a focus that is neither an edge nor a point, saying what to write", () => {
    for (const focus of ["middle", "120% 10%", "30%", "top center left"]) {
      const { errors } = loadSections(bio(`    src: /images/founder.jpg\n    alt: Jordan\n    focus: ${focus}`));
      expect(errors, focus).toEqual([
        expect.stringMatching(/^routes\[0\]\.sections\[0\]\.image\.focus {2}Expected a named edge \(center, top, .*\) or a point like 30% 40%/),
      ]);
    }
  });
});
