import type { EmotionCache } from "@emotion/cache";
import { createEmotionCache } from "./Providers.tsx";

let cache: EmotionCache | undefined;

/**
 * One emotion cache for every root on the page, so each style is inserted once.
 * Styles prerendered into the page (listed on their tags' data-styles) count as
 * inserted already: an island that hydrates adds no rule the page has.
 */
export function clientEmotionCache(): EmotionCache {
  if (cache) return cache;
  cache = createEmotionCache();
  for (const tag of document.querySelectorAll<HTMLStyleElement>("style[data-styles]")) {
    for (const name of tag.dataset.styles!.split(" ")) if (name) cache.inserted[name] = true;
  }
  return cache;
}
