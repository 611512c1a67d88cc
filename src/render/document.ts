/**
 * A page's HTML document: the built index.html with the page's head, markup and
 * islands data put in place of its three markers. Content goes in literally:
 * no part of it is ever read as a replacement pattern (`$&`, `$'`...).
 */
import { jsonForScript } from "./json-for-script.ts";
import { PAGE_IDS } from "../content/page-ids.ts";

export interface DocumentParts {
  /** Title, meta tags and structured data. */
  head: string;
  /** Critical CSS as style tags. */
  styles: string;
  /** The app's markup. */
  html: string;
  /** What the browser needs to hydrate the page's islands. */
  islands: unknown;
  /** The page's language, for <html lang>. */
  lang?: string;
}

export const MARKERS = { head: "<!--app-head-->", html: "<!--app-html-->", data: "<!--app-data-->" } as const;

export function pageDocument(template: string, { head, styles, html, islands, lang }: DocumentParts): string {
  // The template's <html lang> is the default; a page in another language says so. The code is checked (languageCode), and escaped anyway.
  const document = lang === undefined ? template : template.replace(/<html lang="[^"]*"/, () => `<html lang="${lang.replace(/[^A-Za-z0-9-]/g, () => "")}"`);
  return fillMarkers(document, {
    [MARKERS.head]: [head, styles].join("\n    "),
    [MARKERS.html]: html,
    [MARKERS.data]: `<script type="application/json" id="${PAGE_IDS.islands}">${jsonForScript(islands)}</script>`,
  });
}

/**
 * Puts each value in place of its marker. Every marker is found in the template
 * before anything is inserted, and the template is cut rather than pattern-replaced,
 * so no value is ever read as a pattern or searched for markers itself.
 */
export function fillMarkers(template: string, values: Record<string, string>): string {
  const places = Object.entries(values).map(([marker, value]) => {
    const at = template.indexOf(marker);
    if (at < 0 || template.indexOf(marker, at + marker.length) >= 0) throw new Error(`The page template must hold ${marker} exactly once.`);
    return { at, end: at + marker.length, value };
  });
  places.sort((a, b) => a.at - b.at);
  let out = "";
  let from = 0;
  for (const { at, end, value } of places) {
    out += template.slice(from, at) + value;
    from = end;
  }
  return out + template.slice(from);
}
