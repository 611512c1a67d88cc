/**
 * Whether a translation still matches the page it translates: the translation records the
 * original's fingerprint when it was last brought up to date (translatedFrom:), and validation
 * compares it with the original as it is now. A translation that records none is reminded to.
 */
import { problemAt, type Problem, type SourceFile } from "../content/problems.ts";

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

/** The warning for the translation at routes[index] of the page at routes[original], if it has not followed it. */
export function translationDrift(pagesSource: SourceFile, index: number, original: number): Problem | undefined {
  const route = pagesSource.doc.getIn(["routes", index], true) as { toJSON(): Record<string, unknown> } | undefined;
  const source = pagesSource.doc.getIn(["routes", original], true) as { toJSON(): Record<string, unknown> } | undefined;
  if (!route || !source) return undefined;
  const translation = route.toJSON();
  const originalPath = String(source.toJSON().path);
  const now = fingerprintOf(source.toJSON());
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
