/**
 * Blocks that need JavaScript in the browser, when each wakes, and how; every
 * other block ships as HTML and CSS only. A block that handles events, keeps state
 * or has a live script must be listed here, or its prerendered markup never comes
 * alive (a registry test checks this). Its code is loaded by `island-loaders.ts`,
 * which must then name it too (the type check fails otherwise).
 *
 * When:
 * - idle: as soon as the page has loaded, for small scripts the visitor's first
 *   keystroke must not wait for (a calculator's live figures).
 * - visible: when it comes near the screen, for blocks whose first use must not
 *   wait for a download (a form's submit button).
 * - interaction: on the visitor's first touch, focus or key press inside it.
 *
 * How:
 * - hydrate: React takes over the prerendered markup (forms).
 * - enhance: a small script without React makes the prerendered markup live
 *   (calculators: their `live.ts`), so the page never loads React for them.
 */
import type { BlockType } from "./schemas.ts";

export type WakeOn = "idle" | "visible" | "interaction";
export type WakeBy = "hydrate" | "enhance";

export const interactiveBlocks = {
  "revenue-calculator": { when: "idle", by: "enhance" },
  "tax-calculator": { when: "idle", by: "enhance" },
  form: { when: "visible", by: "hydrate" },
} as const satisfies { [T in BlockType]?: { when: WakeOn; by: WakeBy } };

export type InteractiveBlockType = keyof typeof interactiveBlocks;

export function isInteractive(type: BlockType): type is InteractiveBlockType {
  return Object.hasOwn(interactiveBlocks, type);
}
