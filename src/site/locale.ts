/**
 * How each language writes numbers, prices and dates (Intl's locale), from content/site.yaml:
 * the resolved content writes the prices in a page's texts so, and the page's blocks their
 * figures. Nothing here but the rule, so that the pages' own script can use it too.
 */

/** The site's own language writes numbers as in the United States unless it says otherwise (language.locale). */
export const DEFAULT_LOCALE = "en-US";

/** What a locale is found from: the site's language and its translations (the site's settings, read or resolved). */
interface Locales {
  language?: { code: string; locale?: string };
  translations?: Record<string, { locale?: string }>;
}

/** How a page in `lang` writes numbers, prices and dates: its language's locale, else the language's code. */
export function localeFor(site: Locales, lang: string | undefined): string {
  const translation = lang === undefined ? undefined : site.translations?.[lang];
  if (translation) return translation.locale ?? lang!;
  return site.language?.locale ?? (site.language?.code && site.language.code !== "en" ? site.language.code : DEFAULT_LOCALE);
}
