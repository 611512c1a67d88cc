import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Offer } from "./Offer.tsx";
import type { OfferProps } from "./schema.ts";

/** The offer's section: the struck regular price, the price and the saving, as read aloud. */
const panel = () => screen.getByRole("heading", { name: "Complete Tax Business Bundle" }).closest("section")!;
/** The warnings about the offer's own fields (a one-page site warns about the menu's links too). */
const offerWarnings = (warnings: string[]) => warnings.filter((warning) => warning.startsWith("routes[0].sections[0]."));

describe("offer block", () => {
  it("shows a named price's sale: the regular price struck through, the sale price and the saving", () => {
    // The example names the fixture site's course, whose sale runs far past the test's clock.
    const { sections, warnings } = loadSections(exampleSection("offer"));
    expect(offerWarnings(warnings)).toEqual([]);
    renderWithProviders(<Offer {...(sections[0] as OfferProps)} />);
    expect(panel().querySelector("s")).toHaveTextContent("was $2,997");
    expect(panel()).toHaveTextContent(", now $497");
    expect(screen.getByText("Save $2,500")).toBeInTheDocument();
  });

  it("shows the regular price alone, and no saving, once the sale has ended", () => {
    const { sections } = loadSections(exampleSection("offer"));
    const offer = sections[0] as OfferProps;
    renderWithProviders(<Offer {...offer} price={{ name: "course", amount: 2997 }} />);
    expect(panel().querySelector("s")).toBeNull();
    expect(panel()).toHaveTextContent("$2,997");
    expect(screen.queryByText(/^Save /)).toBeNull();
  });

  it("still shows an amount with a former price of its own, the older way, with a warning that says how to write it now", () => {
    const { sections, warnings } = loadSections(exampleSection("offer").replace("  price: course", "  price: 497\n  originalPrice: 2997"));
    expect(offerWarnings(warnings)).toEqual([
      expect.stringMatching(/^routes\[0\]\.sections\[0\]\.originalPrice {2}originalPrice still works[^\n]*\n.*prices:/),
    ]);
    renderWithProviders(<Offer {...(sections[0] as OfferProps)} />);
    expect(panel().querySelector("s")).toHaveTextContent("was $2,997");
    expect(screen.getByText("Save $2,500")).toBeInTheDocument();
  });
});
