import type { Page } from "playwright-core";
import { DEFERRED_SECTIONS } from "../../src/ui/theme.ts";

/**
 * Draws every section at once, as scrolling past each would. A full-page screenshot shows the
 * sections below the first as blank boxes otherwise: they are drawn only near the viewport
 * (content-visibility: auto). They keep the containment they have when drawn, so whatever
 * they would clip stays clipped in the picture.
 */
export async function drawEverySection(page: Page) {
  await page.addStyleTag({ content: `${DEFERRED_SECTIONS} { content-visibility: visible !important; contain: layout style paint !important; }` });
}
