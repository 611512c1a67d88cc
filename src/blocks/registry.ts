/**
 * The blocks as the engine sees them: their definitions by type (blocks.ts), and
 * what follows from them. Each key must be the `type` its schema accepts, and each
 * component must take its schema's resolved output, so a misfiled block fails to
 * compile. Build-time only (see blocks.ts).
 */
import type { ComponentType } from "react";
import type { z } from "zod";
import type { Resolved } from "../content/fields.ts";
import * as definitions from "./blocks.ts";
import type * as components from "./components.ts";
import type { BlockDefinition } from "./define.ts";

type Definitions = typeof definitions;

/** Each key must be the `type` its schema accepts. */
function registry<R extends { [T in keyof R]: { schema: z.ZodType<{ type: T }, unknown> } }>(blocks: R): R {
  return blocks;
}

export const blocks = registry({ ...definitions });

export type BlockType = keyof Definitions;
export type BlockSchema<T extends BlockType> = Definitions[T]["schema"];
export type BlockProps<T extends BlockType> = Resolved<z.output<BlockSchema<T>>>;
export type SectionData = { [T in BlockType]: BlockProps<T> }[BlockType];

/** A block type without a component, a component without a block, or one that takes other props: a compile error here. */
type ComponentsMatch<C extends { [T in BlockType]: ComponentType<BlockProps<T>> } & Record<Exclude<keyof C, BlockType>, never>> = C;
export type BlockComponents = ComponentsMatch<typeof components>;

export const blockTypes = Object.keys(blocks).sort() as BlockType[];

export const blockSchemas = Object.fromEntries(blockTypes.map((type) => [type, blocks[type].schema])) as { [T in BlockType]: BlockSchema<T> };

/** Whatever the section's type, its definition, typed loosely: hooks take the section they are given. */
export function definitionOf(type: string): BlockDefinition<z.ZodType<{ type: string }>> | undefined {
  return Object.hasOwn(blocks, type) ? (blocks[type as BlockType] as unknown as BlockDefinition<z.ZodType<{ type: string }>>) : undefined;
}

/** The blocks in catalogue order, each with its type. */
export const blockList = blockTypes.map((type) => ({ type, definition: definitionOf(type)! }));

/** The blocks that need JavaScript in the browser. */
export type InteractiveBlockType = { [T in BlockType]: Definitions[T] extends { island: object } ? T : never }[BlockType];

export function isInteractive(type: BlockType): type is InteractiveBlockType {
  return definitionOf(type)?.island !== undefined;
}
