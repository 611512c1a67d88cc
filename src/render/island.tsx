/**
 * Islands: the parts of a prerendered page that hydrate. The server renders each
 * island as its own React root, and the browser hydrates only those roots, so a
 * page's static sections cost no JavaScript at all.
 */
import type { EmotionCache } from "@emotion/cache";
import { createContext, StrictMode, use, type ReactNode } from "react";
import type { AnalyticsClientConfig } from "../analytics/config.ts";
import type { WakeBy, WakeOn } from "../blocks/island.ts";
import type { IslandName } from "./islands.ts";
import { ErrorBoundary } from "./ErrorScreen.tsx";
import { PageContext, type PageContextValue } from "../ui/page-context.ts";
import { Providers } from "../ui/Providers.tsx";
import { SiteContext } from "../ui/site-context.ts";
import { siteFor } from "./localized-site.ts";
import type { SiteData } from "../site/types.ts";

export type { IslandName };

/** The page's islands, written into the HTML as JSON for the browser. */
export interface IslandRecord {
  id: number;
  name: IslandName;
  props: Record<string, unknown>;
  page: PageContextValue;
  /** visible: when it comes near the screen. interaction: when the visitor first touches or focuses it. */
  when: WakeOn;
  /** hydrate: React takes over its markup. enhance: a small script makes the markup live without React. */
  by: WakeBy;
  /**
   * Elements elsewhere on the page (a CSS selector) whose first touch wakes the island too, and
   * whose clicks before it is awake are replayed once it is: a page's videos sit in any block.
   */
  wakeOn?: string;
}

export interface IslandsPayload {
  path: string;
  islands: IslandRecord[];
  /**
   * Where the site's settings are, as its islands read them (a module the build writes, named by
   * its hash): the islands' code is then one bundle for any content, cached by every visitor alike.
   */
  site?: string;
  /**
   * The theme's whole stylesheet, when the built page left out tokens it does not use
   * (src/pipeline/theme-tokens.ts): added before an island React renders wakes.
   */
  theme?: string;
  /** The site's analytics, when content/site.yaml configures a provider. */
  analytics?: AnalyticsClientConfig;
}

/** What every page of a build tells its script besides its islands: the same for every page. */
export type PageScripts = Pick<IslandsPayload, "site" | "analytics">;

/** One island's server HTML, placed where the island sits in the page. */
export interface RenderedIsland {
  id: number;
  html: string;
}

/** Distinct useId() prefixes, so ids from separate roots on one page never collide. */
export const islandIdPrefix = (id: number) => `i${id}-`;

/** Everything around an island's component, identical on server and client so hydration matches. */
export function IslandRoot({ record, cache, site, children }: { record: IslandRecord; cache: EmotionCache; site: SiteData; children: ReactNode }) {
  return (
    <StrictMode>
      <Providers cache={cache} globalStyles={false}>
        <SiteContext value={siteFor(site, record.page.lang)}>
          <PageContext value={record.page}>
            {/* A broken island shows the error in its place; the rest of the page keeps working. */}
            <ErrorBoundary>{children}</ErrorBoundary>
          </PageContext>
        </SiteContext>
      </Providers>
    </StrictMode>
  );
}

/**
 * Set while prerendering: the islands already rendered, by slot, and the footer's placeholder
 * when the footer was rendered apart (render-page.tsx puts its markup in the placeholder's place).
 */
export const IslandSlots = createContext<
  { header?: RenderedIsland; video?: RenderedIsland; sections: (RenderedIsland | undefined)[]; footerPlaceholder?: string } | undefined
>(undefined);

export const useIslandSlots = () => use(IslandSlots);

/**
 * An island's server HTML in a box-less wrapper (display: contents keeps the
 * sticky header sticky and the page's layout unchanged); without one, the
 * children render as usual, as in the dev server and in tests.
 */
export function IslandSlot({ island, children }: { island: RenderedIsland | undefined; children: ReactNode }) {
  if (!island) return children;
  return <div data-island={island.id} style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: island.html }} />;
}
