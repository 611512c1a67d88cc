/**
 * The hosted typeface is font-display: optional, and the page's first script leaves it out for good
 * (index.html, `data-font-late`) when its file is still missing a frame after the first paint. A
 * file that comes between the two (after the first layout gave up on it, before that check) is
 * not caught there: the text stays drawn in the fallback face, and the next time every element is
 * styled again (the theme's stylesheet added as an island wakes) the text takes the typeface and
 * rewraps under the visitor's eyes. So before that restyle, a word the page shows is measured
 * against the same word in each face, and a page drawn in the fallback is marked as late.
 */

/** src/ui/fonts.ts, LATE_FONT_ATTRIBUTE: the tokens leave the typeface out while the root has it. */
const LATE_FONT = "data-font-late";

export function keepDrawnTypeface(): void {
  const root = document.documentElement;
  if (root.hasAttribute(LATE_FONT) || !("fonts" in document)) return;
  const typeface = [...document.fonts].find((face) => face.display === "optional" && face.status === "loaded");
  const word = firstWord();
  if (!typeface || !word) return;
  const family = typeface.family.replace(/"/g, "");
  const drawn = word.range.getBoundingClientRect().width;
  const inTypeface = widthIn(word, `"${family}"`);
  const inFallback = widthIn(word, `"${family} Fallback"`);
  // Faces whose widths for this word are too close to tell apart: left as it is.
  if (Math.abs(inTypeface - inFallback) < 0.5) return;
  if (Math.abs(drawn - inFallback) < Math.abs(drawn - inTypeface)) root.setAttribute(LATE_FONT, "");
}

interface Word {
  range: Range;
  /** The element whose text holds it, whose font the word is drawn in. */
  element: Element;
}

/** A word of five letters or more in the page's first heading or paragraph: drawn on the first screen, and wide enough to measure. */
function firstWord(): Word | undefined {
  for (const element of document.querySelectorAll("main h1, main h2, main p")) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const match = /[A-Za-z]{5,}/.exec(node.textContent ?? "");
      if (!match || !node.parentElement) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      return { range, element: node.parentElement };
    }
  }
  return undefined;
}

/** The word's width in `family`, in a hidden copy beside it that takes every other font property from the same element. */
function widthIn({ range, element }: Word, family: string): number {
  const probe = document.createElement("span");
  probe.textContent = range.toString();
  probe.setAttribute("aria-hidden", "true");
  Object.assign(probe.style, { position: "absolute", visibility: "hidden", whiteSpace: "pre", fontFamily: family });
  element.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}
