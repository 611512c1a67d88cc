import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { createEmotionCache, Providers } from "../../src/app/Providers.tsx";
import { SiteContext } from "../../src/app/site-context.ts";
import { loadContent } from "../../src/content/load.ts";
import { ROOT } from "./content.ts";

const site = loadContent(ROOT).content!.site;

/** Renders UI inside the app's providers, the real site's data and a router at `path`. */
export function renderWithProviders(ui: ReactElement, path = "/") {
  return render(
    <Providers cache={createEmotionCache()}>
      <SiteContext value={site}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </SiteContext>
    </Providers>,
  );
}
