/** Every provider's sender, by name, loaded only on a site that chose it. */
import type { SenderFactory } from "../config.ts";
import type { ProviderName } from "./names.ts";

export const senders: { [N in ProviderName]: () => Promise<SenderFactory> } = {
  plausible: () => import("./plausible.client.ts").then((module) => module.createSender),
  "google-analytics": () => import("./google-analytics.client.ts").then((module) => module.createSender),
};
