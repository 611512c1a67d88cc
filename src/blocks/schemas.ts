/**
 * Block schemas, keyed by block type. Build-time only: the client imports
 * `components.ts`, which refers to these schemas by type alone, so zod never
 * reaches the visitor's browser.
 */
import type { z } from "zod";
import type { Resolved } from "../content/fields.ts";
import { faqSchema } from "./faq/schema.ts";
import { heroSchema } from "./hero/schema.ts";
import { statsSchema } from "./stats/schema.ts";

/** Each key must be the `type` its schema accepts, so a misfiled block fails to compile. */
function registry<R extends { [T in keyof R]: z.ZodType<{ type: T }, unknown> }>(schemas: R): R {
  return schemas;
}

export const blockSchemas = registry({
  hero: heroSchema,
  stats: statsSchema,
  faq: faqSchema,
});

export type BlockType = keyof typeof blockSchemas;
export type BlockProps<T extends BlockType> = Resolved<z.output<(typeof blockSchemas)[T]>>;
export type SectionData = { [T in BlockType]: BlockProps<T> }[BlockType];

export const blockTypes = Object.keys(blockSchemas).sort() as BlockType[];
