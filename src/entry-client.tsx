import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { contentErrors, pageLoaders, site } from "virtual:content";
import { App } from "./app/App.tsx";
import { ContentErrors } from "./app/ContentErrors.tsx";
import { matchRoute, PageStore } from "./app/page-store.ts";
import { createEmotionCache, Providers } from "./app/Providers.tsx";
import type { PageData } from "./app/types.ts";

async function start() {
  const container = document.getElementById("root")!;
  if (contentErrors) {
    createRoot(container).render(<ContentErrors report={contentErrors} />);
    return;
  }
  const store = new PageStore(pageLoaders);
  const route = matchRoute(window.location.pathname, store.routes);
  store.prime(readPrerenderedPage(route) ?? (await store.load(route)));

  const app = (
    <StrictMode>
      <Providers cache={createEmotionCache()}>
        <BrowserRouter>
          <App site={site} store={store} />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/** The prerendered HTML carries its page's data, so hydration needs no extra request. */
function readPrerenderedPage(route: string): PageData | undefined {
  const script = document.getElementById("page-data");
  if (!script?.textContent) return undefined;
  const page = JSON.parse(script.textContent) as PageData;
  return page.path === route ? page : undefined;
}

void start();
