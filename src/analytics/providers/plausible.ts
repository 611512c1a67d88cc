/**
 * Plausible: cookieless, no identifier stored, so no consent banner. Events go to
 * <apiHost>/api/event from the official tracker, bundled into the site's analytics chunk.
 */
import { z } from "zod";
import { defineProvider } from "./types.ts";
import { endpointUrl, isLoopback, originOf } from "./endpoint.ts";

const DEFAULT_API_HOST = "https://plausible.io";

export const plausible = defineProvider({
  title: "Plausible",
  needsConsent: false,
  settings: {
    domain: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
        message: "Expected the site's domain as Plausible knows it, like northbridge-tax.com: no https:// and no path.",
      })
      .meta({ description: "The site's id in Plausible: its domain as added in Plausible's settings, like northbridge-tax.com." }),
    apiHost: endpointUrl(`Where Plausible is, when not at ${DEFAULT_API_HOST}: a self-hosted server or a proxy on the site's own domain.`).optional(),
  },
  policy: (settings) => ({ script: [], connect: [originOf(settings.apiHost ?? DEFAULT_API_HOST)], img: [] }),
  client: (settings) => ({
    domain: settings.domain,
    endpoint: `${settings.apiHost ?? DEFAULT_API_HOST}/api/event`,
    // The tracker ignores pages on localhost unless told: a local collector is a test of the site itself.
    captureOnLocalhost: settings.apiHost !== undefined && isLoopback(settings.apiHost),
  }),
});
