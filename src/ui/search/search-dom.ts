/**
 * What the site search's buttons (SearchButton.tsx, prerendered) and its window (search-dialog.ts,
 * loaded on the first press) share: the attribute that marks a button, holding the search's words
 * in the page's language.
 */
import type { SiteData } from "../../site/types.ts";

export const SEARCH_ATTRIBUTE = "data-search-open";

/** What the index reads of a page (src/pipeline/search-index.ts): App.tsx puts it on <main>, but for the 404 page. */
export const INDEXED_ATTRIBUTE = "data-pagefind-body";

/** Text inside it the index leaves out: words for screen readers only, like "(opens in a new tab)", which no one searches for. */
export const NOT_INDEXED_ATTRIBUTE = "data-pagefind-ignore";

export type SearchLabels = NonNullable<SiteData["search"]>;
