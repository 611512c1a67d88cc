import type { PageData, SiteData } from "../site/types.ts";
import type { PageContextValue } from "../ui/page-context.ts";
import { DEFAULT_LOCALE, localeFor } from "../site/locale.ts";

/**
 * The site's shared words in a page's language: the interface's words (skip link, menu
 * button, footer headings, form messages, screen-reader labels, the video player's) from its translation in
 * content/site.yaml, and the menu and footer texts where the translation gives them.
 * The site's own language, or one it has no translation for, is the site as written.
 */
export function siteFor(site: SiteData, lang: string | undefined): SiteData {
  const translation = lang === undefined ? undefined : site.translations?.[lang];
  if (!translation) return site;
  const footer = Object.fromEntries(Object.entries(translation.footer).filter(([, value]) => value !== undefined));
  return {
    ...site,
    skipLink: translation.skipLink,
    navigation: {
      menuLabel: translation.navigation.menuLabel,
      links: translation.navigation.links ?? site.navigation.links,
      cta: translation.navigation.cta ?? site.navigation.cta,
    },
    footer: { ...site.footer, ...footer },
    forms: translation.forms,
    labels: translation.labels,
    videoLabels: translation.videoLabels ?? site.videoLabels,
    ...(site.search ? { search: translation.search ?? site.search } : {}),
  };
}

/** The name of the language switcher, in the page's language. */
export function switcherLabel(site: SiteData, lang: string | undefined): string | undefined {
  return (lang !== undefined ? site.translations?.[lang]?.switcherLabel : undefined) ?? site.language?.switcherLabel;
}

// How a page writes numbers, prices and dates: the rule the resolved content wrote the prices in its texts by.
export { DEFAULT_LOCALE, localeFor };

/** What the page's blocks may know of it (PageContext), the same for the page and for each of its islands. */
export function pageContextOf(page: PageData, site: SiteData): PageContextValue {
  return { path: page.path, width: page.width ?? "wide", locale: localeFor(site, page.lang), ...(page.lang ? { lang: page.lang } : {}) };
}
