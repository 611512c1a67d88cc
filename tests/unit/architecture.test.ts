/**
 * The rules docs/architecture.md states about the code, checked over the code itself:
 * the engine names no block, and each layer imports only from the layers below it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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
  const engine = ["src/content", "src/render", "src/build", "scripts"].flatMap(files);

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
