/**
 * The articles' feeds on the built spec fixture site, as a feed reader finds and reads them:
 * linked from a page's head, served with a feed's type, parsed by the browser's own parsers,
 * and holding every article, newest first, at its absolute address.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DESKTOP, fixtureUrl, openPage, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";

const browser = useBrowser();
const articles = (parse(readFileSync(join(SPEC_SITE, "content", "articles.yaml"), "utf8")) as { items: { slug: string; title: string; date: string }[] }).items;
const newestFirst = [...articles].sort((a, b) => b.date.localeCompare(a.date));
const siteUrl = (parse(readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8")) as { siteUrl: string }).siteUrl.replace(/\/$/, "");

/** What each feed lists, as the browser parses it: titles and links in the feed's order. */
interface Listed {
  type: string | null;
  titles: string[];
  links: string[];
}

describe("the articles' feeds", () => {
  it("are linked from a page's head, served with their types, and list every article newest first at its absolute address", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    try {
      await page.goto(fixtureUrl("/resources"));
      const linked = await page.$$eval('head link[rel="alternate"]', (links) =>
        links.map((link) => ({ type: link.getAttribute("type"), href: link.getAttribute("href")! })),
      );
      expect(linked.map((link) => link.type).sort()).toEqual(["application/atom+xml", "application/feed+json", "application/rss+xml"]);
      for (const { href } of linked) expect(href.startsWith(`${siteUrl}/`), href).toBe(true);

      for (const { type, href } of linked) {
        const path = new URL(href).pathname;
        const listed = await page.evaluate(
          async ({ path, type }): Promise<Listed> => {
            const response = await fetch(path);
            const text = await response.text();
            const served = response.headers.get("content-type");
            if (type === "application/feed+json") {
              const feed = JSON.parse(text) as { items: { title: string; url: string }[] };
              return { type: served, titles: feed.items.map((item) => item.title), links: feed.items.map((item) => item.url) };
            }
            const xml = new DOMParser().parseFromString(text, "application/xml");
            if (xml.querySelector("parsererror")) throw new Error(`${path} is not well-formed XML`);
            const entries = [...xml.querySelectorAll(type === "application/rss+xml" ? "channel > item" : "feed > entry")];
            return {
              type: served,
              titles: entries.map((entry) => entry.querySelector("title")!.textContent!),
              links: entries.map((entry) => entry.querySelector("link")!.textContent || entry.querySelector("link")!.getAttribute("href")!),
            };
          },
          { path, type },
        );
        expect(listed.type, path).toMatch(type === "application/feed+json" ? /^application\/(feed\+)?json/ : /^application\/(rss\+|atom\+)?xml/);
        expect(listed.titles, path).toEqual(newestFirst.map((article) => article.title));
        expect(listed.links, path).toEqual(newestFirst.map((article) => `${siteUrl}/resources/${article.slug}`));
      }
    } finally {
      await close();
    }
  });
});
