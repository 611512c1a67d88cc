/**
 * How an interactive block comes alive in the browser: when it wakes, and how. Every
 * other block ships as HTML and CSS only. A block that handles events, keeps state or
 * has a live script has an `island.ts` in its folder, or its prerendered markup never
 * comes alive (a registry test checks this). The browser reads every block's
 * `island.ts` (render/islands.ts), so the file holds no more than this: its code loads
 * when the block wakes, as a chunk of its own.
 *
 * When:
 * - idle: as soon as the page has loaded, for small scripts the visitor's first
 *   keystroke must not wait for (a calculator's live figures).
 * - visible: when it comes near the screen, for blocks whose first use must not
 *   wait for a download (a form's submit button).
 * - interaction: on the visitor's first touch, focus or key press inside it.
 *
 * How:
 * - hydrate: React takes over the prerendered markup (forms); `load` gives its component.
 * - enhance: a small script without React makes the prerendered markup live
 *   (calculators: their `live.ts`), so the page never loads React for them; `load` gives the script.
 */
import type { ComponentType } from "react";

export type WakeOn = "idle" | "visible" | "interaction";
export type WakeBy = "hydrate" | "enhance";

/** Makes a prerendered block live in place; returns nothing the page needs. */
export type Enhancer<P> = (element: HTMLElement, props: P) => unknown;

export type IslandDefinition<P> =
  { when: WakeOn; by: "hydrate"; load: () => Promise<ComponentType<P>> } | { when: WakeOn; by: "enhance"; load: () => Promise<Enhancer<P>> };

/** An island, typed by the props of the block it wakes (the block's definition checks they agree). */
export function defineIsland<P>(island: IslandDefinition<P>): IslandDefinition<P> {
  return island;
}
