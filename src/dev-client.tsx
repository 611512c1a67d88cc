/**
 * The dev server renders the whole site in the browser (there is no prerendered
 * HTML to hydrate), or the content's problems when pages.yaml has errors. When a
 * content file is saved, the open page swaps in its new content without a reload.
 */
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { contentErrors, pageLoaders, site } from "virtual:content";
import { App } from "./app/App.tsx";
import { ContentErrors } from "./app/ContentErrors.tsx";
import { matchRoute, PageStore } from "./app/page-store.ts";
import { PageContext } from "./app/page-context.ts";
import { createEmotionCache, Providers } from "./app/Providers.tsx";
import { SiteContext } from "./app/site-context.ts";
import type { PageData, SiteData } from "./app/types.ts";

// The plugin's names, repeated here: importing them would pull the build-time plugin into the page.
const CONTENT_UPDATE_EVENT = "site-content:update";
const CONTENT_ENDPOINT = "/__site-content";

const BLOCKS_PAGE = "/blocks";

const cache = createEmotionCache();

/** Every block's example, rendered at the current theme: a page of the dev server only. */
async function showBlockCatalogue(root: Root) {
  const [{ BlockCatalogue }, { default: examples }] = await Promise.all([import("./app/BlockCatalogue.tsx"), import("virtual:content-blocks")]);
  root.render(
    <StrictMode>
      <Providers cache={cache}>
        <SiteContext value={site}>
          <PageContext value={{ path: BLOCKS_PAGE, width: "wide" }}>
            <BlockCatalogue examples={examples} />
          </PageContext>
        </SiteContext>
      </Providers>
    </StrictMode>,
  );
}

export async function start() {
  const root = createRoot(document.getElementById("root")!);
  if (contentErrors) {
    root.render(<ContentErrors report={contentErrors} />);
    return;
  }
  if (window.location.pathname === BLOCKS_PAGE) return showBlockCatalogue(root);
  const store = new PageStore(pageLoaders);
  store.prime(await store.load(matchRoute(window.location.pathname, store.routes)));
  renderSite(root, site, store);
  import.meta.hot?.on(CONTENT_UPDATE_EVENT, () => void update(root, store.routes));
}

function renderSite(root: Root, siteData: SiteData, store: PageStore) {
  root.render(
    <StrictMode>
      <Providers cache={cache}>
        <BrowserRouter>
          <App site={siteData} store={store} />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

async function update(root: Root, routes: string[]) {
  const response = await fetch(`${CONTENT_ENDPOINT}?path=${encodeURIComponent(window.location.pathname)}`);
  if (!response.ok) return window.location.reload();
  const content = (await response.json()) as { site: SiteData; routes: string[]; page: PageData };
  // A page added or removed changes the routes themselves: start afresh.
  if (content.routes.join("\n") !== routes.join("\n")) return window.location.reload();
  const store = new PageStore(pageLoaders);
  store.prime(content.page);
  renderSite(root, content.site, store);
}
