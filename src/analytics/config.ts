/**
 * What the browser receives of the site's analytics: the provider, the settings its
 * sender needs, and the banner's texts when the provider needs the visitor's consent.
 * Plain data; written into each page (its islands' JSON) only when a provider is configured.
 */
import type { ProviderName } from "./providers/names.ts";

export interface ConsentTexts {
  /** The banner's accessible name. */
  label: string;
  message: string;
  accept: string;
  reject: string;
  /** The footer link that reopens the banner. */
  settings: string;
  /** A link to the privacy policy, in the banner. */
  policy?: { label: string; href: string };
}

export interface AnalyticsClientConfig {
  provider: ProviderName;
  settings: Record<string, unknown>;
  /** Present when the provider may run only after the visitor accepts. */
  consent?: ConsentTexts;
}

/** What a provider's sender does in the browser. */
export interface Sender {
  /** Starts the provider (loads its script, sends the page view): after consent, or at once for a cookieless one. */
  start(): void;
  /** Records one event; props are short strings. */
  track(name: string, props: Record<string, string>): void;
  /** The visitor withdrew consent: stop sending and forget the provider's identifiers. */
  stop?(): void;
}

export type SenderFactory = (settings: Record<string, unknown>) => Sender;
