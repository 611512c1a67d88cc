import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import { fixturePages, loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { feedFiles, feedLinkTags } from "./feeds.ts";

const { content } = loadFixture();
const site = content!.site;
const articles = (
  parseYaml(readFileSync(join(SPEC_SITE, "content", "articles.yaml"), "utf8")) as { items: { slug: string; title: string; summary: string; date: string }[] }
).items;
const newestFirst = [...articles].sort((a, b) => String(b.date).localeCompare(String(a.date)));
const url = (slug: string) => `${site.siteUrl}/resources/${slug}`;

/** Every element of an XML document, in order, as name and text; throws on XML that is not well-formed. */
function xmlElements(xml: string): { name: string; text: string; attributes: Record<string, string> }[] {
  const parser = new SaxesParser();
  const elements: { name: string; text: string; attributes: Record<string, string> }[] = [];
  const open: { name: string; text: string; attributes: Record<string, string> }[] = [];
  parser.on("opentag", (tag) => {
    const element = { name: tag.name, text: "", attributes: tag.attributes as Record<string, string> };
    elements.push(element);
    open.push(element);
  });
  parser.on("text", (text) => open.at(-1) && (open.at(-1)!.text += text));
  parser.on("cdata", (text) => open.at(-1) && (open.at(-1)!.text += text));
  parser.on("closetag", () => open.pop());
  parser.write(xml).close();
  return elements;
}

describe("feeds", () => {
  const files = feedFiles(fixturePages(), site);

  it("writes RSS, Atom and JSON Feed for the site's language", () => {
    expect(Object.keys(files).sort()).toEqual(["atom.xml", "feed.json", "feed.xml"]);
  });

  it("RSS lists every article, newest first, with absolute links and full summaries", () => {
    const elements = xmlElements(files["feed.xml"]!);
    expect(elements[0]!.name).toBe("rss");
    expect(elements[0]!.attributes.version).toBe("2.0");
    const items = elements.filter((element) => element.name === "item").length;
    expect(items).toBe(articles.length);
    expect(elements.filter((element) => element.name === "link" && element.text.includes("/resources/")).map((element) => element.text.trim())).toEqual(
      newestFirst.map((article) => url(article.slug)),
    );
    const descriptions = elements.filter((element) => element.name === "description").map((element) => element.text.trim());
    for (const article of articles) expect(descriptions).toContain(article.summary);
  });

  it("Atom lists every article with its title and link", () => {
    const elements = xmlElements(files["atom.xml"]!);
    expect(elements[0]!.name).toBe("feed");
    expect(elements[0]!.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    const titles = elements.filter((element) => element.name === "title").map((element) => element.text.trim());
    for (const article of articles) expect(titles).toContain(article.title);
    const links = elements.filter((element) => element.name === "link").map((element) => element.attributes.href);
    expect(links).toContain(`${site.siteUrl}/atom.xml`);
    for (const article of articles) expect(links).toContain(url(article.slug));
  });

  it("JSON Feed is version 1 with every article, newest first", () => {
    const feed = JSON.parse(files["feed.json"]!) as { version: string; feed_url: string; items: { url: string; summary: string }[] };
    expect(feed.version).toBe("https://jsonfeed.org/version/1");
    expect(feed.feed_url).toBe(`${site.siteUrl}/feed.json`);
    expect(feed.items.map((item) => item.url)).toEqual(newestFirst.map((article) => url(article.slug)));
    expect(feed.items.map((item) => item.summary)).toEqual(newestFirst.map((article) => article.summary));
  });

  it("every page's head links each feed by its absolute address", () => {
    const tags = feedLinkTags(fixturePages(), site);
    expect(tags).toEqual([
      expect.stringContaining(`type="application/rss+xml"`),
      expect.stringContaining(`type="application/atom+xml"`),
      expect.stringContaining(`type="application/feed+json"`),
    ]);
    for (const tag of tags) expect(tag).toMatch(new RegExp(`href="${site.siteUrl.replace(/\./g, "\\.")}/`));
  });

  it("a site without articles has no feeds and links none", () => {
    const pages = fixturePages().filter((page) => !page.path.startsWith("/resources/"));
    expect(feedFiles(pages, site)).toEqual({});
    expect(feedLinkTags(pages, site)).toEqual([]);
  });
});
