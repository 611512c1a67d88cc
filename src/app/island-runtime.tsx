/** The browser side of islands: React, the theme and one island's component, loaded on demand. */
import { useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { site } from "virtual:content";
import { islandLoaders } from "../blocks/island-loaders.ts";
import { clientEmotionCache } from "./client-cache.ts";
import { islandIdPrefix, IslandRoot, type IslandName, type IslandRecord } from "./island.tsx";

async function loadComponent(name: IslandName): Promise<ComponentType<Record<string, unknown>>> {
  const component = name === "header" ? (await import("./Header.tsx")).Header : await islandLoaders[name]();
  // The record's props are the ones the server rendered this component with.
  return component as ComponentType<Record<string, unknown>>;
}

export async function hydrateIsland(element: HTMLElement, record: IslandRecord) {
  const Component = await loadComponent(record.name);
  hydrateRoot(
    element,
    <IslandRoot record={record} cache={clientEmotionCache()} site={site}>
      <Component {...record.props} />
      <MarkHydrated element={element} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(record.id) },
  );
}

/** Renders nothing; flags the island once it responds, for anything that waits on it. */
function MarkHydrated({ element }: { element: HTMLElement }) {
  useEffect(() => element.setAttribute("data-hydrated", ""), [element]);
  return null;
}
