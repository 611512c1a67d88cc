/** The 404 page's parts its script finds (not-found-suggest.ts), named once for the markup and the script. */
export const NOT_FOUND_ATTRIBUTES = {
  /** The hidden box of suggestions, shown once the script has found a near address. */
  suggestions: "data-not-found-suggestions",
  /** Where a site search field goes on the 404 page (empty when the site has none). */
  search: "data-not-found-search",
} as const;
