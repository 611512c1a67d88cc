/** `analytics:` in content/site.yaml: the provider and its settings, the events the site records, the consent banner's texts. Build time only. */
import { z } from "zod";
import { link, text } from "../content/fields.ts";
import { discriminators } from "../content/discriminators.ts";
import { EVENT_NAME } from "../content/fields.ts";
import { RESERVED_EVENT_NAMES } from "./events.ts";
import { providers } from "./providers/index.ts";
import { PROVIDER_NAMES, type ProviderName } from "./providers/names.ts";
import type { AnalyticsClientConfig } from "./config.ts";

const MAX_EVENTS = 50;

const eventDeclaration = z
  .strictObject({
    name: z
      .string()
      .regex(EVENT_NAME, { message: "Expected an event name like book-call: lowercase letters, digits and -, starting with a letter." })
      .max(40, { message: "An event name is at most 40 characters (Google Analytics' limit)." })
      .meta({ description: "The event's name, as reports show it and as track: names it in pages.yaml, like book-call." }),
    description: text("What the event means, for whoever reads the reports, like A visitor opened the booking page."),
  })
  .meta({ title: "Event" });

const events = z
  .array(eventDeclaration)
  .max(MAX_EVENTS)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((event, index) => {
      if (RESERVED_EVENT_NAMES.includes(event.name))
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `${event.name} is recorded automatically; declare only your own events.`,
          params: { code: "duplicate-name", hint: `Automatic events: ${RESERVED_EVENT_NAMES.join(", ")}. Choose another name, or remove this one.` },
        });
      const first = seen.get(event.name);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `The event ${event.name} is declared twice (first at events[${first}]).`,
          params: { code: "duplicate-name", hint: "Declare each event once." },
        });
      else seen.set(event.name, index);
    });
  })
  .meta({
    description:
      "The events the site records beyond the automatic ones: each a name and what it means. Buttons, links, forms and calculators in pages.yaml name one with track:.",
  });

const consent = z
  .strictObject({
    label: text("The banner's name for screen readers, like Cookie consent."),
    message: text("What the banner asks, like We use cookies to see which pages help visitors. Is that all right?"),
    accept: text("The accept button, like Accept."),
    reject: text("The reject button, like Reject."),
    settings: text("The footer link that reopens the banner, like Cookie settings."),
    policy: z
      .strictObject({ label: text("The link's text, like Privacy policy."), to: link() })
      .optional()
      .meta({ description: "A link to the privacy policy, in the banner." }),
  })
  .meta({ description: "The consent banner's texts, for a provider that stores identifiers (cookies) and may run only after the visitor accepts." });

const branch = <N extends ProviderName>(name: N) => {
  const definition = providers[name];
  return z.strictObject({
    provider: z.literal(name).meta({ description: `Which analytics provider records visits: ${PROVIDER_NAMES.join(" or ")}.` }),
    ...definition.settings,
    events: events.optional(),
    ...(definition.needsConsent ? { consent } : {}),
  });
};

export const analyticsSchema = z
  .discriminatedUnion("provider", PROVIDER_NAMES.map(branch) as unknown as [ReturnType<typeof branch>, ...ReturnType<typeof branch>[]])
  .meta({
    description: `Which analytics provider records visits and clicks (${PROVIDER_NAMES.join(", ")}), its settings and the events the site records. Leave out for no analytics at all.`,
  })
  .register(discriminators, {
    noun: "analytics provider",
    missing: { code: "missing-field", why: "say which analytics provider records visits" },
    unknown: "unknown-provider",
  });

export type AnalyticsConfig = z.output<typeof analyticsSchema>;

/** What the browser receives of a validated analytics section (its links resolved). */
export function analyticsClientConfig(analytics: unknown): AnalyticsClientConfig {
  const config = analytics as { provider: ProviderName; consent?: { policy?: { label: string; to: { href: string } } } & Record<string, string> };
  const definition = providers[config.provider] as unknown as { client: (settings: unknown) => Record<string, unknown> };
  const texts = config.consent;
  return {
    provider: config.provider,
    settings: definition.client(config),
    ...(providers[config.provider].needsConsent && texts
      ? {
          consent: {
            label: texts.label!,
            message: texts.message!,
            accept: texts.accept!,
            reject: texts.reject!,
            settings: texts.settings!,
            ...(texts.policy ? { policy: { label: texts.policy.label, href: texts.policy.to.href } } : {}),
          },
        }
      : {}),
  };
}

/** The origins the chosen provider adds to the security policy. */
export function analyticsPolicy(analytics: unknown) {
  const config = analytics as { provider: ProviderName };
  return (providers[config.provider] as unknown as { policy: (settings: unknown) => import("./providers/types.ts").ProviderPolicy }).policy(config);
}
