/**
 * Every block's definition (its folder's block.ts), exported under its type: the one
 * line a new block adds here. Build-time only: the browser reads the blocks'
 * components (components.ts) and islands (their island.ts), never these, so zod
 * never reaches the visitor's browser.
 */
export { block as "article-list" } from "./article-list/block.ts";
export { block as "article" } from "./article/block.ts";
export { block as "bio" } from "./bio/block.ts";
export { block as "bonuses" } from "./bonuses/block.ts";
export { block as "cards" } from "./cards/block.ts";
export { block as "comparison" } from "./comparison/block.ts";
export { block as "contact" } from "./contact/block.ts";
export { block as "cta" } from "./cta/block.ts";
export { block as "faq" } from "./faq/block.ts";
export { block as "features" } from "./features/block.ts";
export { block as "form" } from "./form/block.ts";
export { block as "hero" } from "./hero/block.ts";
export { block as "link-list" } from "./link-list/block.ts";
export { block as "modules" } from "./modules/block.ts";
export { block as "offer" } from "./offer/block.ts";
export { block as "press" } from "./press/block.ts";
export { block as "revenue-calculator" } from "./revenue-calculator/block.ts";
export { block as "spotlight" } from "./spotlight/block.ts";
export { block as "stats" } from "./stats/block.ts";
export { block as "tax-calculator" } from "./tax-calculator/block.ts";
export { block as "testimonials" } from "./testimonials/block.ts";
export { block as "video-library" } from "./video-library/block.ts";
export { block as "video" } from "./video/block.ts";
export { block as "videos" } from "./videos/block.ts";
