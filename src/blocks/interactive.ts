/**
 * Blocks that need JavaScript in the browser; every other block ships as HTML
 * and CSS only. A block that handles events or keeps state must be listed here,
 * or its prerendered markup never comes alive (a registry test checks this).
 *
 * Each loads as its own chunk, at one of two moments:
 * - interaction: on the visitor's first touch, focus or key press inside it. The
 *   prerendered markup is already right (a calculator shows its defaults'
 *   results), so the page loads no script for it until it is used.
 * - visible: when it comes near the screen, for blocks whose first use must not
 *   wait for a download (a form's submit button).
 */
import type { ComponentType } from "react";
import type { BlockProps, BlockType } from "./schemas.ts";

export type WakeOn = "visible" | "interaction";

type InteractiveBlocks = { [T in BlockType]?: { wakeOn: WakeOn; load: () => Promise<ComponentType<BlockProps<T>>> } };

export const interactiveBlocks = {
  "revenue-calculator": {
    wakeOn: "interaction",
    load: () => import("./revenue-calculator/RevenueCalculator.tsx").then((module) => module.RevenueCalculator),
  },
  "tax-calculator": {
    wakeOn: "interaction",
    load: () => import("./tax-calculator/TaxCalculator.tsx").then((module) => module.TaxCalculator),
  },
  form: {
    wakeOn: "visible",
    load: () => import("./form/Form.tsx").then((module) => module.Form),
  },
} satisfies InteractiveBlocks;

export type InteractiveBlockType = keyof typeof interactiveBlocks;

export function isInteractive(type: BlockType): type is InteractiveBlockType {
  return Object.hasOwn(interactiveBlocks, type);
}
