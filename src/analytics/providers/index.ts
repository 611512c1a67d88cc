/** Every provider's build-time definition, by name (names.ts). Build time only: it holds zod schemas. */
import type { ProviderName } from "./names.ts";
import type { ProviderDefinition } from "./types.ts";
import { googleAnalytics } from "./google-analytics.ts";
import { plausible } from "./plausible.ts";

export const providers = {
  plausible,
  "google-analytics": googleAnalytics,
} as const satisfies { [N in ProviderName]: ProviderDefinition<any> };
