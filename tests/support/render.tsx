import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { PageContext } from "../../src/app/page-context.ts";
import { createEmotionCache, Providers } from "../../src/app/Providers.tsx";
import { SiteContext } from "../../src/app/site-context.ts";
import { loadContent } from "../../src/content/load.ts";
import { ROOT } from "./content.ts";

const site = loadContent(ROOT).content!.site;

/** Renders UI inside the app's providers, with the real site's data, as on the page at `path`. */
export function renderWithProviders(ui: ReactElement, path = "/") {
  return render(
    <Providers cache={createEmotionCache()}>
      <SiteContext value={site}>
        <PageContext value={{ path, width: "wide" }}>{ui}</PageContext>
      </SiteContext>
    </Providers>,
  );
}
