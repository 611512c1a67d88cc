/** What a provider declares at build time: its settings in site.yaml, whether it needs consent, the origins it adds to the policy. */
import type { z } from "zod";

/** Origins a provider's script loads from and sends to, for the security policy. */
export interface ProviderPolicy {
  script: string[];
  connect: string[];
  /** Some trackers fall back to an image request when a beacon cannot be sent. */
  img: string[];
}

export interface ProviderDefinition<Shape extends z.core.$ZodLooseShape = z.core.$ZodLooseShape> {
  /** The provider's name as people know it, for messages and docs. */
  title: string;
  /** true when the provider stores identifiers (cookies) and may run only after the visitor accepts. */
  needsConsent: boolean;
  /** Its fields in content/site.yaml under analytics:, beside provider, events and consent. */
  settings: Shape;
  policy: (settings: z.output<z.ZodObject<Shape>>) => ProviderPolicy;
  /** The settings its sender receives in the browser. */
  client: (settings: z.output<z.ZodObject<Shape>>) => Record<string, unknown>;
}

export const defineProvider = <Shape extends z.core.$ZodLooseShape>(definition: ProviderDefinition<Shape>) => definition;
