/**
 * The dev server renders the whole site in the browser (there is no prerendered
 * HTML to hydrate), or the content's problems when pages.yaml has errors.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { contentErrors, pageLoaders, site } from "virtual:content";
import { App } from "./app/App.tsx";
import { ContentErrors } from "./app/ContentErrors.tsx";
import { matchRoute, PageStore } from "./app/page-store.ts";
import { createEmotionCache, Providers } from "./app/Providers.tsx";

export async function start() {
  const root = createRoot(document.getElementById("root")!);
  if (contentErrors) {
    root.render(<ContentErrors report={contentErrors} />);
    return;
  }
  const store = new PageStore(pageLoaders);
  store.prime(await store.load(matchRoute(window.location.pathname, store.routes)));
  root.render(
    <StrictMode>
      <Providers cache={createEmotionCache()}>
        <BrowserRouter>
          <App site={site} store={store} />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}
