import { DEFERRED_SECTIONS } from "../ui/theme.ts";

/**
 * Run by the parser at the end of <main>, before the first paint: the deferred sections that
 * start within the first screen are drawn from the start, in order (each one drawn can bring
 * the next into the screen). Left to the browser, such a section is first laid out at its
 * placeholder size and then at its own, which moves whatever follows it: a layout shift the
 * visitor never sees, yet one that counts in the page's measured stability. The sections
 * further down keep being drawn only as they near the viewport.
 */
export const DRAW_FIRST_SCREEN = `for (var s = document.querySelectorAll(${JSON.stringify(DEFERRED_SECTIONS)}), i = 0; i < s.length && s[i].getBoundingClientRect().top < innerHeight; i++) s[i].style.contentVisibility = "visible";`;
