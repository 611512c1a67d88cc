/**
 * Pages in several languages: each page's language (lang:, or the site's), and the
 * pages that translate each other (translationOf:), grouped so that every page of a
 * group can name the others (hreflang, the sitemap, the language switcher). Every
 * mistake is reported at its line, with the names that would fit.
 */
import { didYouMean, type PathSegment, type Problem, type SourceFile, problemAt } from "../content/problems.ts";
import type { RouteConfig, SiteConfig } from "./schema.ts";
import { translationDrift } from "./translation-drift.ts";

/** One version of a page: its language, address and the language's name in itself. */
export interface Alternate {
  lang: string;
  path: string;
  name: string;
}

/** The language of pages that do not name one, when content/site.yaml does not either. */
export const DEFAULT_LANGUAGE = "en";

export function resolveLanguages(
  site: SiteConfig,
  siteSource: SourceFile,
  routes: readonly RouteConfig[],
  authoredRoutes: readonly unknown[],
  pagesSource: SourceFile,
): { problems: Problem[]; langs: string[]; alternates: (Alternate[] | undefined)[] } {
  const problems: Problem[] = [];
  const report = (source: SourceFile, path: PathSegment[], code: Problem["code"], message: string, hint: string) =>
    problems.push(problemAt(source, path, { code, message, hint }));
  const own = site.language?.code ?? DEFAULT_LANGUAGE;
  const translations = site.translations ?? {};
  const known = [own, ...Object.keys(translations)];
  const nameOf = (lang: string) => (lang === own ? (site.language?.name ?? lang) : (translations[lang]?.name ?? lang));

  if (Object.keys(translations).length > 0 && !site.language) {
    report(
      siteSource,
      ["translations"],
      "invalid-combination",
      "Translations need the site's own language declared too: the switcher and search engines name both.",
      "Add language: with code: en, name: English and switcherLabel: Language (in the language the rest of site.yaml is written in).",
    );
  }
  if (own in translations) {
    report(
      siteSource,
      ["translations", own],
      "translation-mismatch",
      `${own} is the site's own language (language.code): the rest of site.yaml is its words.`,
      "Remove this translation, or change language.code.",
    );
  }

  const langs = routes.map((route, index) => {
    if (route.lang === undefined || known.includes(route.lang)) return route.lang ?? own;
    const guess = didYouMean(route.lang, known);
    report(
      pagesSource,
      ["routes", index, "lang"],
      "unknown-language",
      `content/site.yaml does not declare the language ${route.lang}.`,
      `${guess ? `Did you mean ${guess}? ` : ""}Languages declared: ${known.join(", ")}. Add its words under translations: in content/site.yaml to use another.`,
    );
    return route.lang;
  });

  const paths = routes.map((route) => route.path);
  const groups = new Map<number, number[]>();
  routes.forEach((route, index) => {
    if (route.translationOf === undefined) return;
    const at: PathSegment[] = ["routes", index, "translationOf"];
    const target = paths.indexOf(route.translationOf);
    if (target < 0 || route.translationOf === "*") {
      const guess = didYouMean(
        route.translationOf,
        paths.filter((path) => path !== "*"),
      );
      report(
        pagesSource,
        at,
        "translation-mismatch",
        `No page has the route ${route.translationOf}.`,
        guess ? `Did you mean ${guess}?` : "Name the path of the page this one translates.",
      );
      return;
    }
    if (target === index || route.path === "*") {
      report(pagesSource, at, "translation-mismatch", "A page cannot be a translation of itself, nor can the 404 page be one.", "Remove translationOf here.");
      return;
    }
    const original = routes[target]!;
    if (original.translationOf !== undefined) {
      report(
        pagesSource,
        at,
        "translation-mismatch",
        `${route.translationOf} is itself a translation (of ${original.translationOf}).`,
        `Name the original page: translationOf: ${original.translationOf}.`,
      );
      return;
    }
    if (langs[target] === langs[index]) {
      report(
        pagesSource,
        at,
        "translation-mismatch",
        `This page and ${route.translationOf} are both in ${langs[index]}.`,
        `Give this page its language, like lang: ${known.find((lang) => lang !== langs[index]) ?? "es"}.`,
      );
      return;
    }
    const group = groups.get(target) ?? [target];
    const twin = group.find((member) => langs[member] === langs[index]);
    if (twin !== undefined && twin !== target) {
      report(
        pagesSource,
        at,
        "translation-mismatch",
        `${paths[twin]} already translates ${route.translationOf} into ${langs[index]}.`,
        "Keep one translation per language.",
      );
      return;
    }
    groups.set(target, [...group, index]);
    const drift = translationDrift(pagesSource, authoredRoutes, index, target);
    if (drift) problems.push(drift);
  });

  const alternates: (Alternate[] | undefined)[] = routes.map(() => undefined);
  for (const members of groups.values()) {
    const list = members.map((member) => ({ lang: langs[member]!, path: paths[member]!, name: nameOf(langs[member]!) }));
    for (const member of members) alternates[member] = list;
  }
  return { problems, langs, alternates };
}
