import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { PageContext } from "../../src/ui/page-context.ts";
import { createEmotionCache, Providers } from "../../src/ui/Providers.tsx";
import { SiteContext } from "../../src/ui/site-context.ts";
import type { SiteData } from "../../src/site/types.ts";
import { loadFixture } from "./fixture-site.ts";

/** The spec fixture site's shared data (tests/fixtures/spec-site/content/site.yaml), never the live site's. */
const fixtureSite = loadFixture().content!.site;

/** Renders UI inside the app's providers, as on the page at `path`, with the spec fixture site's data or the given site's. */
export function renderWithProviders(ui: ReactElement, path = "/", site: SiteData = fixtureSite) {
  return render(
    <Providers cache={createEmotionCache()}>
      <SiteContext value={site}>
        <PageContext value={{ path, width: "wide" }}>{ui}</PageContext>
      </SiteContext>
    </Providers>,
  );
}
