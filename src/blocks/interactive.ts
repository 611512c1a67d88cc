/**
 * Blocks that need JavaScript in the browser, and when each wakes; every other
 * block ships as HTML and CSS only. A block that handles events or keeps state
 * must be listed here, or its prerendered markup never comes alive (a registry
 * test checks this). Its code is loaded by `island-loaders.ts`, which must then
 * name it too (the type check fails otherwise).
 *
 * - interaction: on the visitor's first touch, focus or key press inside it. The
 *   prerendered markup is already right (a calculator shows its defaults'
 *   results), so the page loads no script for it until it is used.
 * - visible: when it comes near the screen, for blocks whose first use must not
 *   wait for a download (a form's submit button).
 */
import type { BlockType } from "./schemas.ts";

export type WakeOn = "visible" | "interaction";

export const interactiveBlocks = {
  "revenue-calculator": "interaction",
  "tax-calculator": "interaction",
  form: "visible",
} as const satisfies { [T in BlockType]?: WakeOn };

export type InteractiveBlockType = keyof typeof interactiveBlocks;

export function isInteractive(type: BlockType): type is InteractiveBlockType {
  return Object.hasOwn(interactiveBlocks, type);
}
