/**
 * Block components, keyed by block type. The mapped type makes a registered
 * schema without a component (or a component without a schema) a compile error.
 */
import type { ComponentType } from "react";
import { Faq } from "./faq/Faq.tsx";
import { Hero } from "./hero/Hero.tsx";
import { Stats } from "./stats/Stats.tsx";
import type { BlockProps, BlockType } from "./schemas.ts";

export const blockComponents: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  hero: Hero,
  stats: Stats,
  faq: Faq,
};
