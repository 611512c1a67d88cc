import { z } from "zod";
import { ICON_NAMES } from "../app/icon-paths.ts";
import { link } from "./link.ts";

export { link, externalUrl } from "./link.ts";

const MAX_TEXT = 2000;
// Bidi overrides and zero-width characters can make text read differently from what
// the author sees in the editor; they are never needed in marketing copy.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;

/** Visible copy: a non-blank string with no invisible characters. */
export const text = (description?: string) =>
  z
    .string()
    .max(MAX_TEXT, { message: `Text is longer than ${MAX_TEXT} characters.` })
    .refine((s) => s.trim().length > 0, {
      message: "Text is empty or only spaces.",
      params: { hint: "Write the text, or remove the field if it is optional." },
    })
    .refine((s) => !INVISIBLE.test(s), {
      message: "Text contains invisible characters (zero-width or text-direction marks).",
      params: { hint: "Retype the text, or paste it as plain text, to drop hidden characters." },
    })
    .meta(description ? { description } : {});

/**
 * Copy with placeholders such as {count}: only the listed placeholders are
 * allowed (a typo like {cout} is an error, not text on the page), and `required`
 * ones must appear.
 */
export const template = (description: string, placeholders: readonly string[], required: readonly string[] = []) =>
  text(description).superRefine((value, ctx) => {
    for (const [, name] of value.matchAll(/\{([^{}]*)\}/g)) {
      if (!placeholders.includes(name!)) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder {${name}}.`,
          params: { hint: placeholders.length ? `Placeholders here: ${placeholders.map((p) => `{${p}}`).join(", ")}.` : "This text takes no placeholders." },
          input: value,
        });
      }
    }
    for (const name of required) {
      if (!value.includes(`{${name}}`))
        ctx.addIssue({
          code: "custom",
          message: `The text must contain {${name}}.`,
          params: { hint: `{${name}} is replaced by the value when the page is shown.` },
          input: value,
        });
    }
  });

/** An element id authors can link to with `#anchor`. */
export const anchorId = () =>
  z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, { message: "Expected an anchor name like faq or pricing: lowercase letters, digits and -." })
    .meta({ description: "Anchor for in-page links: a section with id: faq is reached by the link #faq." });

/** An image served by the site (from public/) or an https: URL. */
export const imageSrc = () =>
  z
    .string()
    .regex(/^(\/(?!\/)[A-Za-z0-9\-._~/]+|https:\/\/[^\s]+)$/, {
      message: "Expected an image path like /images/logo.svg or an https: URL.",
    })
    .meta({ description: "Path of an image in public/ (/images/logo.svg) or an https: URL." });

/**
 * The last day something time-sensitive holds (a price, a limited-time offer, a
 * copyright year): after it, `npm run validate` warns that it needs updating.
 */
export const validUntil = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date like 2026-12-31 (year-month-day)." })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: "This date does not exist.",
    })
    .optional()
    .meta({ description: "The last day this holds, like 2026-12-31: after it, npm run validate warns that it needs updating." });

/** A calculator's number field: its label and starting value. */
export const numberInput = (description: string) =>
  z
    .strictObject({
      label: text("The field's label."),
      default: z.number().meta({ description: "The value the field starts with." }),
      prefix: z.string().max(3).optional().meta({ description: "Shown before the field, like $." }),
      suffix: z.string().max(3).optional().meta({ description: "Shown after the field, like %." }),
    })
    .meta({ description });

/** Eyebrow, heading and intro: the header most sections share. */
export const sectionHeader = () => ({
  eyebrow: text("Short line above the heading.").optional(),
  heading: text("The section's heading.").optional(),
  intro: text("A sentence or two under the heading.").optional(),
});

/** A call to action: visible label and where it goes. */
export const action = () =>
  z
    .strictObject({
      label: text("Button text."),
      to: link().optional().meta({ description: "Where the button goes. Leave it out for a button that does nothing yet (shown, but not linked)." }),
      variant: z.enum(["primary", "secondary"]).optional().meta({ description: "primary (filled, the default) or secondary (outlined)." }),
      icon: z.enum(ICON_NAMES).optional().meta({ description: "An icon before the label." }),
    })
    .meta({ title: "Action", description: "A button: label and link." });

/**
 * A section block: a strict object whose `type` names the block. Every block also
 * accepts an optional `id` so other pages can link to it with #anchor.
 */
export function defineBlock<T extends string, S extends z.core.$ZodLooseShape>(type: T, meta: { title: string; description: string }, shape: S) {
  return z
    .strictObject({
      type: z.literal(type),
      id: anchorId().optional(),
      tone: z.enum(["plain", "muted", "brand"]).optional().meta({ description: "Background: plain (white, the default), muted (light grey) or brand (navy)." }),
      ...shape,
    })
    .meta(meta);
}

/**
 * A field that holds a list inline or takes it from a shared collection in
 * content/: by name (all items), or as { from, tag, limit } to pick the items
 * carrying a tag, at most `limit` of them. After validation the reference is
 * replaced by the items, so components always receive a list.
 */
export type CollectionRef<Item> = { $collection: string; tag?: string; limit?: number; readonly __item?: Item };

export function listOrCollection<I extends z.ZodType>(collection: string, item: I) {
  const byName = z.literal(collection);
  const byQuery = z.strictObject({
    from: z.literal(collection),
    tag: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional()
      .meta({ description: "Only the items whose tags include this one." }),
    limit: z.number().int().positive().optional().meta({ description: "At most this many items, in the collection's order." }),
  });
  const ref = z
    .union([byName, byQuery])
    .transform(
      (value) =>
        (typeof value === "string" ? { $collection: value } : { $collection: value.from, tag: value.tag, limit: value.limit }) as CollectionRef<z.output<I>>,
    );
  return z.union([z.array(item).min(1), ref], {
    error: `Expected a list of items, the name of the shared collection (${collection}), or { from: ${collection}, tag: ..., limit: ... }.`,
  });
}

/** Tags that let a section pick some items of a collection ({ from, tag }). */
export const tags = () =>
  z
    .array(z.string().regex(/^[a-z0-9-]+$/, { message: "Tags use lowercase letters, digits and -." }))
    .optional()
    .meta({
      description: "Labels a section can pick items by, like featured or msp.",
    });

/** An icon from the site's set. */
export const icon = () => z.enum(ICON_NAMES).meta({ description: `An icon: ${ICON_NAMES.join(", ")}.` });

/** An amount in US dollars, as a number: 2997, not "$2,997". */
export const dollars = (description: string) => z.number().nonnegative().max(1e9).meta({ description });

/** What a component receives: the schema's output with collection references replaced by their items. */
export type Resolved<T> =
  T extends CollectionRef<infer I> ? Resolved<I>[] : T extends readonly (infer E)[] ? Resolved<E>[] : T extends object ? { [K in keyof T]: Resolved<T[K]> } : T;

/**
 * How a count reads, in the singular and the plural: { one: "{count} lesson",
 * other: "{count} lessons" }. The page picks the form that fits the number.
 */
export const countLabel = (description: string) =>
  z
    .strictObject({
      one: template("The singular form, like {count} lesson.", ["count"], ["count"]),
      other: template("The plural form, like {count} lessons.", ["count"], ["count"]),
    })
    .meta({ description });
