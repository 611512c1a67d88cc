/**
 * The articles' feeds, per language: RSS 2.0, Atom and JSON Feed, written by the build beside
 * the pages and linked from every page's head. Made from the published pages (drafts are
 * already left out), newest first, with absolute addresses from site.yaml's siteUrl.
 */
import { Feed } from "feed";
import { ARTICLES_ROUTE } from "../content/article-route.ts";
import { DEFAULT_LANGUAGE } from "../site/languages.ts";
import type { PageData, SiteData } from "../site/types.ts";
import { absoluteUrl, escapeHtml } from "../render/head.ts";

export const FEED_FORMATS = [
  { name: "rss", file: "feed.xml", type: "application/rss+xml", label: "RSS" },
  { name: "atom", file: "atom.xml", type: "application/atom+xml", label: "Atom" },
  { name: "json", file: "feed.json", type: "application/feed+json", label: "JSON Feed" },
] as const;

export interface FeedArticle {
  path: string;
  title: string;
  summary: string;
  author?: string;
  date: string;
  lang: string;
}

/** The articles among the pages, newest first (the same date: by address, so the order is stable). */
export function feedArticles(pages: readonly PageData[], site: SiteData): FeedArticle[] {
  const fallback = site.language?.code ?? DEFAULT_LANGUAGE;
  return pages
    .flatMap((page) => {
      if (!page.path.startsWith(`${ARTICLES_ROUTE}/`)) return [];
      const article = page.sections.find((section) => section.type === "article");
      const hero = page.sections.find((section) => section.type === "hero");
      if (!article || article.type !== "article" || !article.date) return [];
      const title = hero && hero.type === "hero" && typeof hero.heading === "string" ? hero.heading : page.title;
      return [
        {
          path: page.path,
          title,
          summary: page.description,
          date: article.date,
          lang: page.lang ?? fallback,
          ...(article.author ? { author: article.author } : {}),
        },
      ];
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.path.localeCompare(b.path));
}

/** Where a language's feeds are: the site's language at the root, another under /<code>/. */
export function feedFolder(lang: string, site: SiteData): string {
  return lang === (site.language?.code ?? DEFAULT_LANGUAGE) ? "/" : `/${lang}/`;
}

/** Every feed file by its path in the output (like feed.xml, es/atom.xml), with its text. */
export function feedFiles(pages: readonly PageData[], site: SiteData): Record<string, string> {
  const articles = feedArticles(pages, site);
  const files: Record<string, string> = {};
  for (const lang of [...new Set(articles.map((article) => article.lang))].sort()) {
    const own = articles.filter((article) => article.lang === lang);
    const folder = feedFolder(lang, site);
    const link = (file: string) => absoluteUrl(site, `${folder}${file}`);
    const home = absoluteUrl(site, "/");
    const feed = new Feed({
      id: home,
      link: home,
      title: site.brand.name,
      description: site.footer.tagline,
      language: lang,
      // The newest article's date, so an unchanged site writes the same feeds (readers and caches see no change).
      updated: new Date(`${own[0]!.date}T00:00:00Z`),
      generator: false,
      copyright: site.footer.copyright,
      feedLinks: Object.fromEntries(FEED_FORMATS.map((format) => [format.name, link(format.file)])),
    });
    for (const article of own) {
      const url = absoluteUrl(site, article.path);
      feed.addItem({
        title: article.title,
        id: url,
        link: url,
        description: article.summary,
        content: article.summary,
        date: new Date(`${article.date}T00:00:00Z`),
        ...(article.author ? { author: [{ name: article.author }] } : {}),
      });
    }
    const prefix = folder.slice(1);
    files[`${prefix}feed.xml`] = feed.rss2();
    files[`${prefix}atom.xml`] = feed.atom1();
    files[`${prefix}feed.json`] = feed.json1();
  }
  return files;
}

/** The <link> tags every page's head carries for the feeds that exist, each with an absolute address. */
export function feedLinkTags(pages: readonly PageData[], site: SiteData): string[] {
  const langs = [...new Set(feedArticles(pages, site).map((article) => article.lang))].sort();
  return langs.flatMap((lang) =>
    FEED_FORMATS.map((format) => {
      const title = `${site.brand.name}${langs.length > 1 ? ` (${lang})` : ""}: ${format.label}`;
      const href = absoluteUrl(site, `${feedFolder(lang, site)}${format.file}`);
      return `<link rel="alternate" type="${format.type}" title="${escapeHtml(title)}" href="${escapeHtml(href)}" />`;
    }),
  );
}
