/**
 * src/blocks/components.ts, made from the block folders: the browser's and the prerender's
 * index of components cannot import the blocks' definitions (blocks.ts, with zod), so it is
 * written from the folders instead of by hand. A block is a folder with a block.ts, and its
 * component is <PascalCase>.tsx there, exporting <PascalCase>; the registry's types check
 * that each one takes its schema's props. `npm run new-block` and `npm run schema` write it.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** price-table → PriceTable: a block's component, and its file's name. */
export const pascalCase = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());

export const COMPONENTS_INDEX = join("src", "blocks", "components.ts");

/** The text components.ts must have for the block folders under `root`'s src/blocks. */
export function componentsIndex(root: string): string {
  const blocks = join(root, "src", "blocks");
  const types = readdirSync(blocks, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(blocks, entry.name, "block.ts")))
    .map((entry) => entry.name)
    .sort();
  const lines = types.map((type) => {
    const component = pascalCase(type);
    if (!existsSync(join(blocks, type, `${component}.tsx`)))
      throw new Error(`src/blocks/${type}/ has a block.ts but no ${component}.tsx: a block's component is named after its type.`);
    return `export { ${component} as "${type}" } from "./${type}/${component}.tsx";`;
  });
  return `/**
 * Every block's component, exported under its type. Written from the block folders by
 * \`npm run new-block\` and \`npm run schema\` (scripts/block-index.ts): do not edit by hand.
 * registry.ts makes a component whose props are not its schema's, or a type without a
 * component, a compile error.
 */
${lines.join("\n")}
`;
}
