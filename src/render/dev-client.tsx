/**
 * The dev server renders the whole site in the browser (there is no prerendered
 * HTML to hydrate), or the content's problems when pages.yaml has errors. When a
 * content file is saved, the open page swaps in its new content without a reload.
 */
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { contentErrors, contentVersion, pageLoaders, site } from "virtual:content";
import { App } from "./App.tsx";
import { headTags } from "./head.ts";
import { ContentErrors } from "./ContentErrors.tsx";
import { matchRoute, PageStore } from "./page-store.ts";
import { PageContext } from "../ui/page-context.ts";
import { PAGE_IDS } from "../content/page-ids.ts";
import { reuseEqual } from "./reuse-equal.ts";
import { createEmotionCache, Providers } from "../ui/Providers.tsx";
import { SiteContext } from "../ui/site-context.ts";
import type { PageData, SiteData } from "../site/types.ts";

// The plugin's names, repeated here: importing them would pull the build-time plugin into the page.
const CONTENT_UPDATE_EVENT = "site-content:update";
const CONTENT_ENDPOINT = "/__site-content";

const BLOCKS_PAGE = "/blocks";

const cache = createEmotionCache();

/** Every block's example, rendered at the current theme: a page of the dev server only. */
async function showBlockCatalogue(root: Root) {
  const [{ BlockCatalogue }, { default: examples }] = await Promise.all([import("./BlockCatalogue.tsx"), import("virtual:content-blocks")]);
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
  const root = createRoot(document.getElementById(PAGE_IDS.root)!);
  if (contentErrors) {
    root.render(<ContentErrors report={contentErrors} />);
    return;
  }
  if (window.location.pathname === BLOCKS_PAGE) return showBlockCatalogue(root);
  // A save can reach the server while this page is still loading: the news of it is kept until the
  // page is shown, and the page then asks which content the server has, for news that came before
  // it listened. Otherwise the page would show what it loaded until the next save.
  let shown: Shown | undefined;
  let heard = false;
  let updating = Promise.resolve();
  // One after another; an update that fails (the fetch cut off) is left for the next news to make good.
  const refresh = () =>
    (updating = updating
      .then(async () => {
        const next = await update(root, store.routes, shown!);
        if (next) shown = next;
      })
      .catch(() => {}));
  import.meta.hot?.on(CONTENT_UPDATE_EVENT, (news?: { version?: number }) => {
    if (news?.version !== undefined && news.version === shown?.version) return;
    if (shown) void refresh();
    else heard = true;
  });
  const store = new PageStore(pageLoaders);
  const page = await store.load(matchRoute(window.location.pathname, store.routes));
  store.prime(page);
  applyHead(page, site);
  renderSite(root, site, store);
  shown = { site, page, version: contentVersion };
  const current = (await fetch(`${CONTENT_ENDPOINT}/version`)
    .then((response) => response.json())
    .catch(() => undefined)) as { version?: number } | undefined;
  if (heard || (current?.version !== undefined && current.version !== contentVersion)) void refresh();
}

function reload(): undefined {
  window.location.reload();
  return undefined;
}

/** What the page shows, and which content of the server's it came from. */
interface Shown {
  site: SiteData;
  page: PageData;
  version: number;
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

/** Shows the page's new content; returns what it shows, or nothing when the page reloads instead. */
async function update(root: Root, routes: string[], shown: Shown): Promise<Shown | undefined> {
  const response = await fetch(`${CONTENT_ENDPOINT}?path=${encodeURIComponent(window.location.pathname)}`);
  if (!response.ok) return reload();
  const content = (await response.json()) as { site: SiteData; routes: string[]; page: PageData; version: number };
  // A page added or removed changes the routes themselves: start afresh.
  if (content.routes.join("\n") !== routes.join("\n")) return reload();
  // What did not change keeps its identity, so only the changed sections render again.
  const site = reuseEqual(shown.site, content.site);
  const page = reuseEqual(shown.page, content.page);
  const store = new PageStore(pageLoaders);
  store.prime(page);
  applyHead(page, site);
  renderSite(root, site, store);
  return { site, page, version: content.version };
}

/** The page's head tags, from the same source as the prerendered pages' (head.ts), in place of the previous page's. */
function applyHead(page: PageData, siteData: SiteData) {
  for (const node of document.head.querySelectorAll("[data-page-head]")) node.remove();
  const template = document.createElement("template");
  template.innerHTML = headTags(page, siteData);
  for (const node of template.content.children) node.setAttribute("data-page-head", "");
  document.head.append(template.content);
}
