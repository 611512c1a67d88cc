/**
 * Element ids the page itself uses. A section's `id:` may not take one (validation
 * refuses it): a second element with the same id would make the skip link, the
 * app root or the islands data point at the wrong element.
 */
export const PAGE_IDS = {
  /** The app's markup, in index.html. */
  root: "root",
  /** The main content, target of the skip link. */
  main: "main",
  /** The islands data script. */
  islands: "islands",
} as const;

export const RESERVED_IDS: readonly string[] = Object.values(PAGE_IDS);
