/**
 * The rules docs/architecture.md states about the code, checked over the code itself:
 * the engine names no block, and each layer imports only from the layers below it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { blockTypes } from "../../src/blocks/registry.ts";
import { ROOT } from "../support/content.ts";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return SOURCE.test(name) && !/\.test\.[^.]+$/.test(name) ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");

/** Block types that are also the names of fields (site.yaml's videos, a button's video) and of the page's videos island. */
const FIELD_NAMES = new Set(["video", "videos"]);

/**
 * Where a quoted block type names the block: anywhere but as an HTML element (as="article");
 * for a type that is also a field's name, only a comparison with a type, a `type:` or a type argument.
 */
function blockNames(code: string): string[] {
  return blockTypes.flatMap((type) => {
    const name = `["'\`]${escape(type)}["'\`]`;
    const asType = new RegExp(`type\\s*(?:===|!==|==|!=|:)\\s*${name}|<${name}>|${name}\\s*(?:===|!==)\\s*[\\w.]*type\\b`);
    const anywhere = new RegExp(`(?<!as=)${name}`);
    return (FIELD_NAMES.has(type) ? asType : anywhere).test(code) ? [type] : [];
  });
}

describe("the engine knows no block by name", () => {
  const engine = ["src/content", "src/site", "src/render", "src/pipeline", "src/serve", "scripts"].flatMap(files);

  it("finds the engine's files", () => {
    expect(engine.length).toBeGreaterThan(50);
    // The check itself: each of these would name a block.
    expect(blockNames(`section.type === "offer"`)).toEqual(["offer"]);
    expect(blockNames(`const heroes = [{ type: "hero" }]`)).toEqual(["hero"]);
    expect(blockNames(`Section<"video">`)).toEqual(["video"]);
    expect(blockNames(`<Box as="article">, path: ["video"]`)).toEqual([]);
  });

  it.each(engine)("%s names no block type", (file) => {
    expect(
      blockNames(readFileSync(join(ROOT, file), "utf8")),
      "move what the engine knows of a block into its definition (src/blocks/<type>/block.ts)",
    ).toEqual([]);
  });
});

/**
 * The layers of src/, lowest first, as docs/architecture.md draws them: a file imports from its
 * own layer and the layers below it, never above.
 */
const LAYERS = ["content", "analytics", "ui", "blocks", "site", "render", "publish", "pipeline", "serve", "editor"] as const;

/**
 * The one way up: the site model's types (what a component receives, the site's data in context)
 * may be named by any layer in a type-only import, which leaves nothing in the built code.
 */
const TYPES_FOR_EVERY_LAYER = "src/site/types.ts";

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every relative import and re-export of a file (static, dynamic, side effect), resolved to a path from the project's root. */
function importsOf(file: string, code: string): Import[] {
  const found: Import[] = [];
  const patterns = [/(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']/g, /\bimport\(\s*["']([^"']+)["']\s*\)/g];
  for (const match of code.matchAll(patterns[0]!)) found.push({ from: file, to: match[3]!, typeOnly: Boolean(match[2]) });
  for (const match of code.matchAll(patterns[1]!)) found.push({ from: file, to: match[1]!, typeOnly: false });
  return found.filter((entry) => entry.to.startsWith(".")).map((entry) => ({ ...entry, to: join(dirname(file), entry.to) }));
}

const layerOf = (file: string): number => LAYERS.indexOf(file.split("/")[1] as (typeof LAYERS)[number]);

/** Where an import goes against the layers, as "from → to" lines. */
function violations(imports: Import[]): string[] {
  return imports.flatMap(({ from, to, typeOnly }) => {
    if (to.startsWith("scripts/")) return [`${from} → ${to} (the engine never imports the scripts)`];
    if (!to.startsWith("src/")) return [];
    if (typeOnly && to === TYPES_FOR_EVERY_LAYER) return [];
    const [here, there] = [layerOf(from), layerOf(to)];
    return there > here ? [`${from} → ${to} (${LAYERS[here]} is below ${LAYERS[there]})`] : [];
  });
}

describe("each layer imports only from the layers below it", () => {
  const sources = files("src");

  it("knows every folder of src/ as a layer", () => {
    expect(sources.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it("catches an import upwards, a dynamic one, and one of the scripts; lets a type of the site model through", () => {
    const code = [
      `import { Section } from "../ui/Section.tsx";`,
      `import type { SiteData } from "../site/types.ts";`,
      `const load = () => import("../site/load.ts");`,
      `export { x } from "../../scripts/build.ts";`,
      `import "../render/App.tsx";`,
    ].join("\n");
    expect(violations(importsOf("src/content/example.ts", code))).toEqual([
      "src/content/example.ts → src/ui/Section.tsx (content is below ui)",
      "src/content/example.ts → scripts/build.ts (the engine never imports the scripts)",
      "src/content/example.ts → src/render/App.tsx (content is below render)",
      "src/content/example.ts → src/site/load.ts (content is below site)",
    ]);
  });

  it("holds over every source file", () => {
    const found = sources.flatMap((file) => violations(importsOf(file, readFileSync(join(ROOT, file), "utf8"))));
    expect(found, "move the code to the layer it belongs to, or what it needs down to a layer below it (docs/architecture.md)").toEqual([]);
  });
});
