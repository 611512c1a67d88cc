import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { PageContent } from "../../src/render/App.tsx";
import { loadFixture, SPEC_SITE } from "../support/fixture-site.ts";
import { renderWithProviders } from "../support/render.tsx";

/**
 * The pages the spec fixes, from the spec fixture site (tests/fixtures/spec-site): the
 * live pages.yaml is the marketers' to change, so the spec's facts are proven here.
 */
const specPages = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const load = (pages = specPages) => loadFixture({ "pages.yaml": pages });

function render(path: string, pages?: string) {
  const { content } = load(pages);
  const page = content!.pages.find((p) => p.path === path)!;
  return renderWithProviders(<PageContent page={page} />);
}

const sectionTypes = (path: string, pages = specPages) =>
  load(pages)
    .content!.pages.find((p) => p.path === path)!
    .sections.map((s) => s.type);

describe("the two home readings", () => {
  it("/ is the MSP landing page (reading B), in the spec's order", () => {
    expect(sectionTypes("/")).toEqual([
      "hero",
      "stats",
      "cards",
      "tax-calculator",
      "comparison",
      "bio",
      "offer",
      "cards",
      "press",
      "testimonials",
      "form",
      "contact",
    ]);
  });

  it("/home is the tax-preparation home (reading A), in the spec's order", () => {
    expect(sectionTypes("/home")).toEqual(["hero", "stats", "features", "videos", "revenue-calculator", "cards", "testimonials", "press", "offer", "faq"]);
  });

  it("swaps the readings by exchanging their two path lines", () => {
    const swapped = specPages
      .replace("  - path: /\n", "  - path: /__swap\n")
      .replace("  - path: /home\n", "  - path: /\n")
      .replace("  - path: /__swap\n", "  - path: /home\n");
    expect(sectionTypes("/", swapped)[2]).toBe("features");
    expect(sectionTypes("/home", swapped)[2]).toBe("cards");
  });

  it("reorders a page's sections when the YAML is reordered", () => {
    const doc = parseDocument(specPages);
    const routes = doc.get("routes") as { items: { get(key: string): { items: unknown[] } }[] };
    const home = routes.items.find((route) => String((route as unknown as { get(k: string): unknown }).get("path")) === "/home")!;
    const [hero, ...rest] = home.get("sections").items;
    home.get("sections").items = [hero, ...rest.reverse()];
    const reordered = doc.toString();
    const [firstType, ...restTypes] = sectionTypes("/home");
    expect(sectionTypes("/home", reordered)).toEqual([firstType, ...restTypes.reverse()]);
    const { container } = render("/home", reordered);
    const headings = [...container.querySelectorAll("section h2")].map((h) => h.textContent);
    expect(headings[0]).toBe("Frequently Asked Questions");
  });
});

describe("shared content", () => {
  it("computes the press count on /home from the collection", () => {
    render("/home");
    const press = load()
      .content!.pages.find((p) => p.path === "/home")!
      .sections.find((s) => s.type === "press")!;
    expect(press.type === "press" && press.items).toHaveLength(32);
    expect(screen.getByRole("heading", { name: "Featured in 32 publications" })).toBeInTheDocument();
  });

  it("shows three featured outlets on /", () => {
    const press = load()
      .content!.pages.find((p) => p.path === "/")!
      .sections.find((s) => s.type === "press")!;
    expect(press.type === "press" && press.items.map((item) => item.name)).toEqual(["Forbes", "Entrepreneur", "Yahoo Finance"]);
  });

  it("shows the $497 offer struck from $2,997 with the computed saving", () => {
    render("/home");
    const offer = screen.getByRole("heading", { name: "Complete Tax Business Bundle" }).closest("section")!;
    expect(offer).toHaveTextContent("$2,997");
    expect(offer.querySelector("s")).toHaveTextContent("$2,997");
    expect(offer).toHaveTextContent("$497");
    expect(offer).toHaveTextContent("Save $2,500");
  });

  it("points every toolkit button on / at the booking page", () => {
    render("/");
    const toolkit = document.getElementById("toolkit")!;
    const buttons = [...toolkit.querySelectorAll("a")];
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toHaveAttribute("href", "https://calendly.com/");
  });
});
