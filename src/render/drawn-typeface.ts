/**
 * The hosted typeface is font-display: optional, and the page's first script leaves it out for good
 * (index.html, `data-font-late`) when its file is still missing a frame after the first paint. A
 * file that comes between the two (after the first layout gave up on it, before that check) is
 * not caught there: the text stays drawn in the fallback face, and the next time every element is
 * styled again (the theme's stylesheet added as an island wakes) the text takes the typeface and
 * rewraps under the visitor's eyes. So before that restyle, words the page shows are measured
 * against the same words drawn anew in the typeface and in the fallback, and a page clearly drawn
 * in the fallback is marked as late. A mark where the text is in the typeface would itself rewrap
 * it: anything short of clear leaves the page as it is.
 */
import { LATE_FONT_ATTRIBUTE } from "../ui/fonts.ts";

/** Words measured at most: the first few that can tell the faces apart decide. */
const WORDS_TRIED = 6;
/** A word of five letters or more, between spaces or the ends of its text (no kerning with a neighbour in its width). */
const WORD = /(?:^|\s)([A-Za-z]{5,})(?=\s|$)/g;

export function keepDrawnTypeface(): void {
  const root = document.documentElement;
  if (root.hasAttribute(LATE_FONT_ATTRIBUTE) || !("fonts" in document)) return;
  let tried = 0;
  for (const word of shownWords()) {
    const verdict = drawnIn(word);
    if (verdict === "fallback") root.setAttribute(LATE_FONT_ATTRIBUTE, "");
    if (verdict !== "unclear" || ++tried >= WORDS_TRIED) return;
  }
}

interface Word {
  range: Range;
  /** The element whose text holds it, whose font the word is drawn in. */
  element: Element;
}

/** Words of the page's headings and paragraphs, first screen first. */
function* shownWords(): Generator<Word> {
  for (const element of document.querySelectorAll("main h1, main h2, main p")) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement) continue;
      for (const match of (node.textContent ?? "").matchAll(WORD)) {
        const end = match.index + match[0].length;
        const range = document.createRange();
        range.setStart(node, end - match[1]!.length);
        range.setEnd(node, end);
        yield { range, element: node.parentElement };
      }
    }
  }
}

/**
 * Which face the word is drawn in: its width against the same word in a hidden copy beside it,
 * once in the typeface (which has come) and once in the rest of the element's fonts, as the late
 * page's tokens set them.
 */
function drawnIn({ range, element }: Word): "typeface" | "fallback" | "unclear" {
  const stack = getComputedStyle(element).fontFamily;
  const [first = "", ...rest] = stack.split(",");
  const typeface = first.trim().replace(/^["']|["']$/g, "");
  // Text in another font (a code sample), or a typeface that has not come: nothing to judge.
  if (!rest.length || !document.fonts.check(`1em "${typeface}"`, "a")) return "unclear";
  const rects = range.getClientRects();
  // A word broken across lines, or not laid out (hidden, in a section not drawn yet).
  if (rects.length !== 1 || rects[0]!.width === 0) return "unclear";
  const drawn = rects[0]!.width;
  // The typeface named alone: in its whole stack, new text may still be given the fallback while the
  // browser holds to its choice for the page, and the two copies would measure the same.
  const inTypeface = widthIn(range.toString(), element, `"${typeface}"`);
  const inFallback = widthIn(range.toString(), element, rest.join(","));
  if (Math.abs(drawn - inFallback) <= 0.25 && Math.abs(drawn - inTypeface) >= 0.5) return "fallback";
  if (Math.abs(drawn - inTypeface) <= 0.25 && Math.abs(drawn - inFallback) >= 0.5) return "typeface";
  return "unclear";
}

/** The width of `text` in a hidden copy inside `element`, in `family`. */
function widthIn(text: string, element: Element, family: string): number {
  const probe = document.createElement("span");
  probe.textContent = text;
  Object.assign(probe.style, { position: "absolute", visibility: "hidden", whiteSpace: "pre", fontFamily: family });
  element.append(probe);
  const range = document.createRange();
  range.selectNodeContents(probe);
  const width = range.getBoundingClientRect().width;
  probe.remove();
  return width;
}
