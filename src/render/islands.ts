/**
 * Every island of a page, the site's header and the interactive blocks alike:
 * when it wakes, how (React hydrates it, or a small script enhances it), and its
 * code. The prerender renders each island's markup with its component; the
 * browser reads the same table to wake it.
 */
import type { ComponentType } from "react";
import type { Enhancer, IslandDefinition, WakeBy, WakeOn } from "../blocks/island.ts";
import type { InteractiveBlockType } from "../blocks/registry.ts";

/** The header, the interactive blocks, and the videos of a page (its posters and video buttons, in any block). */
export type IslandName = "header" | "video" | InteractiveBlockType;

type AnyComponent = ComponentType<Record<string, unknown>>;

/** An island: when it wakes, its markup's component (for the prerender), and what the browser loads to wake it. */
export type IslandEntry = { when: WakeOn; render: () => Promise<AnyComponent> } & (
  { by: "hydrate"; load: () => Promise<AnyComponent> } | { by: "enhance"; load: () => Promise<Enhancer<Record<string, unknown>>> }
);

/** The record's props are the ones the server rendered the island with: the table erases their type. */
const entry = (when: WakeOn, by: WakeBy, render: () => Promise<unknown>, load: () => Promise<unknown>) => ({ when, by, render, load }) as IslandEntry;

const renderedByPage = () => Promise.reject(new Error("This island's markup is rendered by render-page.tsx."));
const header = () => import("./Header.tsx").then((module) => module.Header);

/**
 * Each interactive block's island.ts, found in its folder (src/blocks/<type>/island.ts): small
 * files whose code loads when the block wakes. The component that renders the block's markup
 * comes from the components' table, which only the prerender loads.
 */
const blockIslands = Object.fromEntries(
  Object.entries(import.meta.glob<IslandDefinition<never>>("../blocks/*/island.ts", { eager: true, import: "island" })).map(([path, island]) => {
    const type = path.split("/").at(-2)!;
    const render = () => import("../blocks/components.ts").then((components) => components[type as keyof typeof components]);
    return [type, entry(island.when, island.by, render, island.load)];
  }),
) as { [T in InteractiveBlockType]: IslandEntry };

export const islands: { [N in IslandName]: IslandEntry } = {
  // The header wakes on its first touch: its menu opens natively before that.
  header: entry("interaction", "hydrate", header, header),
  // A page's videos wake when the visitor first touches, focuses or presses a key on one (IslandRecord.wakeOn), so a
  // page loads no script for them; a click before the script has arrived waits for it. Until then each is a link to
  // the video on its host, which is also what it is without JavaScript.
  // Its markup (the window a video button plays in) is no block's: render-page.tsx renders it, so the browser's
  // copy of this table does not carry it.
  video: entry("interaction", "enhance", renderedByPage, () => import("../ui/video/live.ts").then((module) => module.enhance)),
  ...blockIslands,
};
