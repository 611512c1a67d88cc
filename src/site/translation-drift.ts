/**
 * Whether a translation still matches the page it translates: the translation records the
 * original's fingerprint when it was last brought up to date (translatedFrom:), and validation
 * compares it with the original as it is now. A translation that records none is reminded to.
 */
import { problemAt, type Problem, type SourceFile } from "../content/problems.ts";
import { isRecord } from "../content/records.ts";

/** The form of a fingerprint: eight hexadecimal digits. */
export const TRANSLATION_FINGERPRINT = /^[0-9a-f]{8}$/;

/** What a translation follows of the page it translates: its words and sections, not its address or its publishing. */
const FOLLOWED = ["title", "description", "sections"] as const;

/**
 * The fingerprint of a page as written in pages.yaml (FNV-1a over its followed fields as JSON):
 * any change to its title, description or sections changes it; comments and layout do not.
 */
export function fingerprintOf(route: Record<string, unknown>): string {
  const text = JSON.stringify(FOLLOWED.map((field) => route[field] ?? null));
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The warning for the translation at routes[index] of the page at routes[original], if it has not
 * followed it. The fingerprints are taken of the routes as written (`authoredRoutes`, pages.yaml's
 * value): the file's document is read only to place a warning, so a check from the command line,
 * which takes unchanged pages from its cache, does not parse the whole file for this.
 */
export function translationDrift(pagesSource: SourceFile, authoredRoutes: readonly unknown[], index: number, original: number): Problem | undefined {
  const translation = authoredRoutes[index];
  const source = authoredRoutes[original];
  if (!isRecord(translation) || !isRecord(source)) return undefined;
  const originalPath = String(source.path);
  const now = fingerprintOf(source);
  const recorded = translation.translatedFrom;
  if (recorded === now) return undefined;
  if (recorded === undefined)
    return problemAt(
      pagesSource,
      ["routes", index, "translationOf"],
      {
        code: "translation-unchecked",
        message: `This translation does not record which version of ${originalPath} it matches, so a change there would go unnoticed.`,
        hint: `Once it matches ${originalPath}, write translatedFrom: ${now} below translationOf.`,
      },
      { severity: "warning" },
    );
  return problemAt(
    pagesSource,
    ["routes", index, "translatedFrom"],
    {
      code: "translation-outdated",
      message: `${originalPath} has changed since this translation last matched it (its title, description or sections).`,
      hint: `Compare this page with ${originalPath} and translate what changed; then write translatedFrom: ${now}.`,
    },
    { severity: "warning" },
  );
}
