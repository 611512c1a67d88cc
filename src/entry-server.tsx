import createEmotionServer from "@emotion/server/create-instance";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { pageLoaders, site } from "virtual:content";
import { App } from "./app/App.tsx";
import { matchRoute, PageStore } from "./app/page-store.ts";
import { createEmotionCache, Providers } from "./app/Providers.tsx";
import type { PageData } from "./app/types.ts";

export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** Critical CSS as emotion style tags, for <head>. */
  styles: string;
  page: PageData;
}

export const routes = Object.keys(pageLoaders);

/** Renders one URL to HTML. An unknown URL renders the 404 page. */
export async function render(url: string): Promise<RenderedPage> {
  const store = new PageStore(pageLoaders);
  const page = await store.load(matchRoute(new URL(url, "http://localhost").pathname, store.routes));
  store.prime(page);

  const cache = createEmotionCache();
  // Collect styles in the cache instead of inlining <style> next to each element.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <Providers cache={cache}>
        <StaticRouter location={url}>
          <App site={site} store={store} />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)), page };
}
