/**
 * Browser only: each interactive block's code, as a chunk of its own that loads
 * when the block wakes: its component for a block React hydrates, its live script
 * for a block that is enhanced.
 */
import type { ComponentType } from "react";
import type { interactiveBlocks, InteractiveBlockType } from "./interactive.ts";
import type { BlockProps } from "./schemas.ts";

/** Makes a prerendered block live in place; returns nothing the page needs. */
export type Enhancer<P> = (element: HTMLElement, props: P) => unknown;

type Loader<T extends InteractiveBlockType> = (typeof interactiveBlocks)[T]["by"] extends "enhance"
  ? () => Promise<Enhancer<BlockProps<T>>>
  : () => Promise<ComponentType<BlockProps<T>>>;

export const islandLoaders: { [T in InteractiveBlockType]: Loader<T> } = {
  "revenue-calculator": () => import("./revenue-calculator/live.ts").then((module) => module.enhance),
  "tax-calculator": () => import("./tax-calculator/live.ts").then((module) => module.enhance),
  form: () => import("./form/Form.tsx").then((module) => module.Form),
};
