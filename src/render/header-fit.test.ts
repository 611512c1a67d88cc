import { describe, expect, it } from "vitest";
import { BAR, headerFit, textWidth, type HeaderLabels } from "./header-fit.ts";

const labels: HeaderLabels = {
  name: "Northbridge Tax & Advisory",
  shortName: "Northbridge",
  hasLogo: true,
  links: ["Home", "Tax Course", "Calculator", "Services", "Press", "Resources", "Links"],
  cta: "Get Started",
  menuLabel: "Menu",
};

describe("label widths", () => {
  it("adds up the characters, bold wider than regular", () => {
    expect(textWidth("", "regular")).toBe(0);
    expect(textWidth("Tax Course", "regular")).toBeGreaterThan(textWidth("Tax", "regular"));
    expect(textWidth("Tax Course", "bold")).toBeGreaterThan(textWidth("Tax Course", "regular"));
  });

  it("counts an accented letter as its base letter and any unknown character as a full em", () => {
    expect(textWidth("Café", "regular")).toBeCloseTo(textWidth("Cafe", "regular"), 10);
    expect(textWidth("税", "regular")).toBeGreaterThanOrEqual(1);
    expect(textWidth("What’s New", "regular")).toBeLessThan(textWidth("What's New", "regular") + 0.1);
  });
});

describe("where the header switches", () => {
  it("shows the links from a wider header the longer they are", () => {
    const fit = headerFit(labels);
    const longer = headerFit({ ...labels, links: [...labels.links, "Contact Us"] });
    expect(longer.inline).toBeGreaterThan(fit.inline);
    expect(fit.inline).toBeLessThan(fit.inlineFullName);
    expect(fit.menuFullName).toBeLessThan(fit.inline);
  });

  it("makes room for the search button beside the links and beside the menu button", () => {
    const fit = headerFit(labels);
    const withSearch = headerFit({ ...labels, hasSearch: true });
    const room = BAR.searchButton + BAR.searchGap;
    expect(withSearch.inline - fit.inline).toBeCloseTo(room, 1);
    expect(withSearch.inlineFullName - fit.inlineFullName).toBeCloseTo(room, 1);
    expect(withSearch.menuFullName - fit.menuFullName).toBeCloseTo(room, 1);
    // The narrowest phones leave the button out rather than cut the name short.
    expect(fit.search).toBe(0);
    expect(withSearch.search).toBeGreaterThan(20);
    expect(withSearch.search).toBeLessThan(withSearch.menuFullName);
  });

  it("switches names only when there is a short one", () => {
    const fit = headerFit({ ...labels, shortName: undefined });
    expect(fit.inline).toBe(fit.inlineFullName);
  });

  it("widens the bar beyond the page's column for links that need it, up to a point, then keeps the menu button", () => {
    expect(headerFit(labels).maxWidth).toBe(BAR.maxWidth);
    const nine = ["Tax Preparation Course", "Calculator", "Services", "Press", "Resources", "Links", "About", "Contact Us", "Insurance CPA"];
    const wide = headerFit({ ...labels, links: nine });
    expect(wide.maxWidth).toBeGreaterThan(BAR.maxWidth);
    expect(wide.inline).toBeLessThanOrEqual(wide.maxWidth);
    const tooLong = headerFit({ ...labels, links: nine.map((label) => `${label} and More`) });
    expect(tooLong.inline).toBe(Infinity);
    expect(tooLong.inlineFullName).toBe(Infinity);
    expect(tooLong.maxWidth).toBe(BAR.widestWidth);
  });

  it("gives widths in whole pixels at the usual text size", () => {
    for (const width of Object.values(headerFit(labels))) expect((width * 16) % 1).toBe(0);
  });
});
