import { ChakraProvider } from "@chakra-ui/react";
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { ReactNode } from "react";
import { system } from "./theme.ts";

/** One cache key on server and client, so the client adopts the prerendered style tags. */
export const createEmotionCache = () => createCache({ key: "css" });

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
