/**
 * Drafts: a route, a section or an article marked `draft: true` waits in the content. The dev
 * server and the editor's preview show it with a visible mark; a build leaves it out of every
 * output (pages, listings, the sitemap, the feeds, the search index), since they are all made
 * from the resolved pages. Validation still checks a draft as it would a published item.
 */
import { z } from "zod";

/** The field, spread into a route's, a section's or an article's strict object. */
export const draftField = (what: string) => ({
  draft: z
    .boolean()
    .optional()
    .meta({
      description: `true while ${what} is not ready: npm run dev and the editor's preview show it marked Draft; the published site leaves it out. Remove the line (or false) to publish it.`,
    }),
});

const isDraft = (item: unknown): boolean => !!item && typeof item === "object" && (item as { draft?: unknown }).draft === true;

/** What to do with drafts: kept and marked (`show`, the dev server), or left out (a build, validate). */
export function draftRules(show: boolean) {
  return {
    keeps: (item: unknown) => show || !isDraft(item),
    /** Only what is kept and a draft carries the mark; the field itself goes from everything else. */
    kept: <T>(items: T[]): T[] =>
      items.flatMap((item) => {
        if (!isDraft(item)) return [withoutMark(item)];
        return show ? [item] : [];
      }),
    mark: <T extends object>(page: T, declared: unknown): T => (show && isDraft(declared) ? { ...page, draft: true } : withoutMark(page)),
    /** The routes that exist only as drafts, to tell a link to one from a link to no page. */
    paths: (routes: readonly { path: string }[], articles: readonly unknown[], articlesRoute: string): Set<string> =>
      new Set([
        ...routes.filter(isDraft).map((route) => route.path),
        ...articles.filter(isDraft).map((article) => `${articlesRoute}/${(article as { slug: string }).slug}`),
      ]),
  };
}

function withoutMark<T>(item: T): T {
  if (!item || typeof item !== "object" || !("draft" in item)) return item;
  const { draft: _draft, ...rest } = item as T & { draft?: unknown };
  return rest as T;
}

/** A published page's link to a page that is still a draft: the link lands on the 404 page until the draft is published. */
export function draftLink(route: string) {
  return {
    code: "draft-link" as const,
    message: `The page ${route} is a draft: it is not published, so this link leads to the 404 page.`,
    hint: `Publish ${route} (remove its draft: true), or link to another page until it is ready.`,
  };
}
