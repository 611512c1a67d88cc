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

/**
 * Ids of the elements the site's scripts add to a page once it is shown (the consent
 * banner's styles). Each has a "_", which a section's id (lowercase letters, digits
 * and -) cannot have: no section can ever take one, whatever it is called.
 */
export const SCRIPT_IDS = {
  consentStyle: "site_consent-style",
} as const;

/** The style the editor adds to the page it previews, to outline the selected section (src/editor/client/Editor.tsx). */
const EDITOR_PREVIEW_IDS = ["editor-selection"];

export const RESERVED_IDS: readonly string[] = [...Object.values(PAGE_IDS), ...EDITOR_PREVIEW_IDS];
