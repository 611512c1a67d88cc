import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PageContent } from "../app/App.tsx";
import { exampleSection, loadSections, ROOT } from "../../tests/support/content.ts";
import { renderWithProviders } from "../../tests/support/render.tsx";
import { blockComponents } from "./components.ts";
import { blockSchemas, blockTypes } from "./schemas.ts";

const folders = readdirSync(join(ROOT, "src", "blocks")).filter((name) => statSync(join(ROOT, "src", "blocks", name)).isDirectory());

describe("block registry", () => {
  it("registers every block folder, with a schema and a component for each type", () => {
    expect([...folders].sort()).toEqual(blockTypes);
    expect(Object.keys(blockComponents).sort()).toEqual(blockTypes);
  });

  it.each(blockTypes)("the %s schema accepts its own type only", (type) => {
    const schema = blockSchemas[type];
    expect(schema.safeParse({ type: "not-a-block" }).success).toBe(false);
  });

  it.each(blockTypes)("the %s example is valid and renders", (type) => {
    const { sections, errors } = loadSections(exampleSection(type));
    expect(errors).toEqual([]);
    expect(sections).toHaveLength(1);
    const { container } = renderWithProviders(
      <PageContent page={{ path: "/", title: "Example", description: "Example", sections }} />,
    );
    expect(container.querySelector("section")).not.toBeNull();
  });

  it("rejects an unknown type with the valid types and a suggestion", () => {
    const { errors } = loadSections("- type: stat\n  items: []");
    expect(errors).toEqual(['routes[0].sections[0].type  Unknown section type "stat".\nDid you mean "stats"? Valid types: bio, cards, comparison, contact, faq, features, form, hero, offer, press, revenue-calculator, stats, tax-calculator, testimonials, videos.']);
  });
});
