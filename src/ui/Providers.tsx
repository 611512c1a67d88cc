import { ChakraProvider } from "@chakra-ui/react";
import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { ReactNode } from "react";
import { system } from "./theme.ts";

/**
 * Emotion's default plugin prefixes every flexbox, transform and user-select rule for browsers
 * of a decade ago: a quarter of each page's inline CSS. The browsers the site serves need a
 * prefix for two of the properties it uses: Safari before 18 reads backdrop-filter, and every
 * Safari reads user-select, only with -webkit-.
 */
const WEBKIT_PREFIXED = new Set(["backdrop-filter", "user-select"]);
const safariPrefixes: StylisPlugin = (element) => {
  if (element.type === "decl" && typeof element.props === "string" && WEBKIT_PREFIXED.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * One list for every cache: on the server, emotion keeps what stylis made of each style by
 * this list's identity, so each page's cache reuses the styles the pages before it compiled.
 */
const stylisPlugins = [safariPrefixes];

/** One cache key on server and client, so the client adopts the prerendered style tags. */
export const createEmotionCache = () => createCache({ key: "css", stylisPlugins });

/**
 * The theme without its global styles (reset, tokens, page-wide rules), for
 * islands: the prerendered page carries them already, and inserting them again
 * from each island would make the browser restyle the whole page.
 */
const systemWithoutGlobals: typeof system = Object.create(system, {
  _global: { value: [] },
  _config: { value: { ...system._config, disableLayers: true } },
});

export function Providers({ cache, globalStyles = true, children }: { cache: EmotionCache; globalStyles?: boolean; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={globalStyles ? system : systemWithoutGlobals}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
