import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { PageContent } from "../render/App.tsx";
import { exampleSection, loadSections, ROOT } from "../../tests/support/content.ts";
import { renderWithProviders } from "../../tests/support/render.tsx";
import * as blockComponents from "./components.ts";
import { blocks, blockSchemas, blockTypes, isInteractive } from "./registry.ts";

const folders = readdirSync(join(ROOT, "src", "blocks")).filter((name) => statSync(join(ROOT, "src", "blocks", name)).isDirectory());

describe("block registry", () => {
  it("registers every block folder, with a schema and a component for each type", () => {
    expect([...folders].sort()).toEqual(blockTypes);
    expect(Object.keys(blockComponents).sort()).toEqual(blockTypes);
  });

  // The browser finds islands by their file (render/islands.ts); the engine by the definition.
  it.each(blockTypes)("the %s block's definition carries the island its folder's island.ts declares, if any", async (type) => {
    const file = join(ROOT, "src", "blocks", type, "island.ts");
    const declared = existsSync(file) ? ((await import(/* @vite-ignore */ file)) as { island: unknown }).island : undefined;
    expect(blocks[type].island as unknown).toBe(declared);
  });

  it.each(blockTypes)("the %s schema accepts its example under its own type only", (type) => {
    const example = parseDocument(readFileSync(join(ROOT, "src", "blocks", type, "example.yaml"), "utf8")).toJS() as Record<string, unknown>;
    const schema = blockSchemas[type];
    expect(schema.safeParse(example).success).toBe(true);
    const other = blockTypes.find((candidate) => candidate !== type)!;
    expect(schema.safeParse({ ...example, type: other }).success).toBe(false);
  });

  it.each(blockTypes)("the %s example is valid and renders", (type) => {
    const { sections, errors } = loadSections(exampleSection(type));
    expect(errors).toEqual([]);
    expect(sections).toHaveLength(1);
    const { container } = renderWithProviders(<PageContent page={{ path: "/", title: "Example", description: "Example", sections }} />);
    expect(container.querySelector("section")).not.toBeNull();
  });

  it("rejects an unknown type with the valid types and a suggestion", () => {
    const { errors } = loadSections("- type: stat\n  items: []");
    expect(errors).toEqual([`routes[0].sections[0].type  Unknown section type "stat".\nDid you mean "stats"? Valid section types: ${blockTypes.join(", ")}.`]);
  });

  // Only interactive blocks come alive in the browser: a block that keeps state, handles events
  // or has a live script (live.ts) but is not listed would ship as dead markup.
  it.each(blockTypes)("the %s block is an island exactly when it keeps state, handles events or has a live script", (type) => {
    const folder = join(ROOT, "src", "blocks", type);
    const code = readdirSync(folder)
      .filter((name) => name.endsWith(".tsx") && !name.includes(".test."))
      .map((name) => readFileSync(join(folder, name), "utf8"))
      .join("\n");
    const needsBrowser =
      existsSync(join(folder, "live.ts")) ||
      /\buse(State|Reducer|Effect|LayoutEffect|Ref|Transition|ActionState)\b|\bon(Click|Change|Input|Submit|Toggle|Focus|Blur|Key[A-Z]\w*|Pointer[A-Z]\w*|Mouse[A-Z]\w*|Touch[A-Z]\w*)=\{/.test(
        code,
      );
    expect(
      isInteractive(type),
      needsBrowser ? "keeps state or handles events: give it an island.ts, named in its block.ts" : "is static: remove its island",
    ).toBe(needsBrowser);
  });
});
