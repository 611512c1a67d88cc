/** The browser side of islands: React, the theme and one island's component, loaded on demand. */
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { clientEmotionCache } from "../ui/client-cache.ts";
import type { SiteData } from "../site/types.ts";
import { islandIdPrefix, IslandRoot, type IslandRecord } from "./island.tsx";
import { islands } from "./islands.ts";

export async function hydrateIsland(element: HTMLElement, record: IslandRecord, site: SiteData) {
  const island = islands[record.name];
  if (island.by !== "hydrate") throw new Error(`The ${record.name} island is enhanced, not hydrated.`);
  const Component = await island.load();
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
