import createEmotionServer from "@emotion/server/create-instance";
import { StrictMode, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { pageLoaders, site } from "virtual:content";
import { App } from "./app/App.tsx";
import { headTags } from "./app/head.ts";
import { Header } from "./app/Header.tsx";
import { islandIdPrefix, IslandRoot, IslandSlots, type IslandName, type IslandRecord, type IslandsPayload, type RenderedIsland } from "./app/island.tsx";
import { matchRoute, PageStore } from "./app/page-store.ts";
import { createEmotionCache, Providers } from "./app/Providers.tsx";
import type { PageData } from "./app/types.ts";
import { blockComponents } from "./blocks/components.ts";
import { interactiveBlocks, isInteractive } from "./blocks/interactive.ts";

export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** Title, description, canonical address, share tags and structured data, for <head>. */
  head: string;
  /** Critical CSS as emotion style tags, for <head>. */
  styles: string;
  page: PageData;
  /** What the browser needs to hydrate the page's islands. */
  islands: IslandsPayload;
}

export const routes = Object.keys(pageLoaders);
export { site };

/** Renders one URL to HTML. An unknown URL renders the 404 page. */
export async function render(url: string): Promise<RenderedPage> {
  const store = new PageStore(pageLoaders);
  const page = await store.load(matchRoute(new URL(url, "http://localhost").pathname, store.routes));
  store.prime(page);

  const cache = createEmotionCache();
  // Collect styles in the cache instead of inlining <style> next to each element.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  // Islands first, each as a root of its own, exactly as the browser will hydrate it.
  const records: IslandRecord[] = [];
  const pageContext = { path: page.path, width: page.width ?? "wide" } as const;
  function renderIsland(name: IslandName, props: Record<string, unknown>, when: IslandRecord["when"]): RenderedIsland {
    const record: IslandRecord = { id: records.length, name, props, page: pageContext, when };
    records.push(record);
    const Component = (name === "header" ? Header : blockComponents[name]) as ComponentType<Record<string, unknown>>;
    const html = renderToString(
      <IslandRoot record={record} cache={cache} site={site}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(record.id) },
    );
    return { id: record.id, html };
  }
  const slots = {
    header: renderIsland("header", {}, "interaction"),
    sections: page.sections.map((section) => (isInteractive(section.type) ? renderIsland(section.type, section, interactiveBlocks[section.type]) : undefined)),
  };

  const html = renderToString(
    <StrictMode>
      <Providers cache={cache}>
        <StaticRouter location={url}>
          <IslandSlots value={slots}>
            <App site={site} store={store} />
          </IslandSlots>
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  // The browser's emotion cache would adopt tags marked data-emotion by moving each one, which makes the
  // browser restyle the whole page; these carry their style names under another attribute instead,
  // which clientEmotionCache() reads to skip styles the page already has.
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html)).replace(
    /<style data-emotion="[^" ]+ ?([^"]*)"/g,
    (_tag, names: string) => `<style data-styles="${names}"`,
  );
  return { html, styles, head: headTags(page, site), page, islands: { path: page.path, islands: records } };
}
