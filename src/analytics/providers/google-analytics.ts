/**
 * Google Analytics 4: sets cookies, so it runs only after the visitor accepts, with
 * Consent Mode v2 signals (everything denied by default, analytics granted on Accept).
 */
import { z } from "zod";
import { defineProvider } from "./types.ts";
import { endpointUrl, originOf } from "./endpoint.ts";

const GTAG = "https://www.googletagmanager.com/gtag/js";

export const googleAnalytics = defineProvider({
  title: "Google Analytics 4",
  needsConsent: true,
  settings: {
    measurementId: z
      .string()
      .regex(/^G-[A-Z0-9]{4,12}$/, { message: "Expected a GA4 measurement id like G-1A2B3C4D5E (Admin, Data streams, in Google Analytics)." })
      .meta({ description: "The site's id in Google Analytics 4: the data stream's measurement id, like G-1A2B3C4D5E." }),
    scriptSrc: endpointUrl(
      `Where gtag.js is loaded from, when not from ${GTAG}: a server-side tag container on the site's own domain, which then also receives the events.`,
      { path: true },
    ).optional(),
  },
  // Google's documented origins for GA4 under a Content Security Policy; a custom container is one origin for all.
  policy: (settings) =>
    settings.scriptSrc
      ? { script: [originOf(settings.scriptSrc)], connect: [originOf(settings.scriptSrc)], img: [originOf(settings.scriptSrc)] }
      : {
          script: ["https://www.googletagmanager.com"],
          connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
          img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
        },
  client: (settings) => ({
    measurementId: settings.measurementId,
    scriptSrc: settings.scriptSrc ?? GTAG,
    ...(settings.scriptSrc ? { serverContainerUrl: originOf(settings.scriptSrc) } : {}),
  }),
});
