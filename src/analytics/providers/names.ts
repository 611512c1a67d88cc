/**
 * The analytics providers a site can choose in content/site.yaml (`analytics.provider`).
 * Adding one: a settings file (`<name>.ts`, build time) and a sender (`<name>.client.ts`,
 * the browser), both registered by this name; the type check fails until both are.
 */
export const PROVIDER_NAMES = ["plausible", "google-analytics"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
