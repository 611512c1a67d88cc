import { describe, expect, it } from "vitest";
import { FIXTURE_NOW, loadFixture } from "../../tests/support/fixture-site.ts";
import type { PageData } from "../site/types.ts";
import { renderPage } from "./render-page.tsx";

describe("the header, rendered once for the pages it is the same on", () => {
  it("is on every page of the fixture site the header that page renders alone, with the same styles in the same order", async () => {
    const { content } = loadFixture({}, { now: FIXTURE_NOW });
    const loaders = Object.fromEntries(content!.pages.map((page) => [page.path, () => Promise.resolve({ default: page as PageData })]));
    const urls = content!.pages.map((page) => (page.path === "*" ? "/404" : page.path));
    // Pages that mark the same menu link, so some take the header an earlier page rendered.
    expect(urls.filter((url) => url.startsWith("/resources/")).length).toBeGreaterThan(1);
    for (const url of urls) {
      const shared = await renderPage(url, content!.site, loaders);
      // A site object no page was rendered with: its header is rendered for this page alone.
      const alone = await renderPage(url, structuredClone(content!.site), loaders);
      expect(shared.html, url).toBe(alone.html);
      expect(shared.styles, url).toBe(alone.styles);
      // And every style the markup names is on the page, the header's among them.
      const named = new Set(shared.html.match(/\bcss-[a-z0-9]+/g));
      expect(
        [...named].filter((name) => !shared.styles.includes(`.${name}`)),
        url,
      ).toEqual([]);
    }
  });
});
