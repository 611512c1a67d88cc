import { z } from "zod";
import { ICON_NAMES } from "./icon-paths.ts";
import { FIELD_KINDS, fieldKinds } from "./field-kinds.ts";
import { describeCharacter, hasVisibleCharacter, hiddenCharacter } from "./characters.ts";
import type { ImageSlot } from "./image-slots.ts";
import { link, parseLink } from "./link.ts";
import type { VideoData, VideoRef } from "./video.ts";
import type { PriceData, PriceRef } from "./prices.ts";
import { videoName } from "./video.ts";
import { schedule, scheduleOrder } from "./schedule.ts";
import { draftField } from "./drafts.ts";
import { parseMarkdown, type MarkdownDocument } from "./markdown.ts";

export { link, externalUrl } from "./link.ts";

const MAX_TEXT = 2000;

/**
 * Visible copy: a non-blank string with no invisible or direction characters
 * (see characters.ts). Every string that reaches a page goes through this rule.
 */
export const text = (description?: string) =>
  z
    .string()
    .max(MAX_TEXT, { message: `Text is longer than ${MAX_TEXT} characters.` })
    .superRefine((value, ctx) => {
      const hidden = hiddenCharacter(value);
      if (hidden) {
        ctx.addIssue({
          code: "custom",
          message: `Text contains ${describeCharacter(hidden.char)} at position ${hidden.position}; it would not show, or would change how the text reads.`,
          params: { code: "hidden-character", hint: "Retype the text, or paste it as plain text, to drop hidden characters." },
          input: value,
        });
      } else if (!hasVisibleCharacter(value)) {
        ctx.addIssue({
          code: "custom",
          message: "Text is empty or only spaces.",
          params: { code: "empty-text", hint: "Write the text, or remove the field if it is optional." },
          input: value,
        });
      }
    })
    .meta(description ? { description } : {})
    .register(fieldKinds, { kind: FIELD_KINDS.text });

/** An article of several thousand words, and then some; past it, split the article. */
export const MAX_MARKDOWN = 60_000;

/**
 * Long-form text in Markdown (markdown.ts says which Markdown): parsed when the content
 * is validated, so the page receives a tree of headings, paragraphs, lists and links,
 * and every problem is reported at its own line and column (`params.at`).
 */
export const markdown = (description: string) =>
  z
    .string()
    .max(MAX_MARKDOWN, { message: `Text is longer than ${MAX_MARKDOWN.toLocaleString("en-US")} characters.` })
    .transform((value, ctx): MarkdownDocument => {
      const hidden = hiddenCharacter(value);
      if (hidden) {
        ctx.addIssue({
          code: "custom",
          message: `Text contains ${describeCharacter(hidden.char)}; it would not show, or would change how the text reads.`,
          params: {
            code: "hidden-character",
            hint: "Retype the text, or paste it as plain text, to drop hidden characters.",
            at: indexOf(value, hidden.position),
          },
          input: value,
        });
        return z.NEVER;
      }
      if (!hasVisibleCharacter(value)) {
        ctx.addIssue({ code: "custom", message: "Text is empty or only spaces.", params: { code: "empty-text", hint: "Write the text." }, input: value });
        return z.NEVER;
      }
      const { blocks, problems } = parseMarkdown(value);
      for (const problem of problems) {
        ctx.addIssue({ code: "custom", message: problem.message, params: { code: problem.code, hint: problem.hint, at: problem.at }, input: value });
      }
      return { $markdown: blocks };
    })
    .meta({ description })
    .register(fieldKinds, { kind: FIELD_KINDS.text });

/** The string index of the character at a 1-based position counted in characters (code points). */
const indexOf = (value: string, position: number) => [...value].slice(0, position - 1).join("").length;

/**
 * A date as year-month-day that exists (2026-02-30 does not). YAML reads an unquoted
 * 2026-09-15 as text, which is what is checked.
 */
export const isoDate = (description: string) =>
  z
    .string()
    // Stops there: a date not written as year-month-day is one problem, not also a date that does not exist.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date like 2026-09-15 (year-month-day).", abort: true })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: "This date does not exist.",
      params: { code: "bad-date", hint: "Check the month and the day: 2026-02-30 is not a date." },
    })
    .meta({ description });

/**
 * Copy with placeholders such as {count}: only the listed placeholders are
 * allowed (a typo like {cout} is an error, not text on the page), and `required`
 * ones must appear. A price, {prices.course}, is allowed in every text (its name is
 * checked by the loader, prices.ts).
 */
export const template = (description: string, placeholders: readonly string[], required: readonly string[] = []) =>
  text(description).superRefine((value, ctx) => {
    for (const [, name] of value.matchAll(/\{([^{}]*)\}/g)) {
      if (!placeholders.includes(name!) && !name!.startsWith("prices.")) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder {${name}}.`,
          params: {
            code: "unknown-placeholder",
            hint: placeholders.length ? `Placeholders here: ${placeholders.map((p) => `{${p}}`).join(", ")}.` : "This text takes no placeholders.",
          },
          input: value,
        });
      }
    }
    for (const name of required) {
      if (!value.includes(`{${name}}`))
        ctx.addIssue({
          code: "custom",
          message: `The text must contain {${name}}.`,
          params: { code: "missing-placeholder", hint: `{${name}} is replaced by the value when the page is shown.` },
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

/**
 * Where a picture comes from: a file of the site, `/images/<file>` (in content/images/
 * or public/images/), or an https: address on a host content/site.yaml lists under
 * media.imageHosts (the build fetches it, so the page itself never loads from another
 * site). Whether the file exists, is an image and the host is listed is checked when
 * the content is resolved (resolve.ts), where the files and site.yaml are known.
 */
export const imageSrc = () =>
  z
    .string()
    .superRefine((value, ctx) => {
      if (/^https:/i.test(value)) {
        const parsed = parseLink(value);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message, params: { code: parsed.code, hint: parsed.hint }, input: value });
      } else if (!/^\/images\/(?!\/)[A-Za-z0-9\-._~/]+$/.test(value) || value.length > 200 || value.split("/").includes("..")) {
        ctx.addIssue({
          code: "custom",
          message: "Expected an image path like /images/photo.jpg, or an https: address.",
          params: { code: "image-path", hint: "Put the file in content/images/ and write /images/ and its name." },
          input: value,
        });
      }
    })
    .meta({
      title: "Image",
      description:
        "A picture: /images/<file> (a file in content/images/ or public/images/), or an https: address on a host listed in content/site.yaml (media.imageHosts).",
    })
    .register(fieldKinds, { kind: FIELD_KINDS.servedImage });

/** A picture as the build makes it: the files for every width and format, and its size so nothing shifts. */
export interface ImageData {
  /** Which place on the page it is made for (image-slots.ts). */
  slot: ImageSlot;
  alt: string;
  /** The fallback file (original format, largest width); until the build processes it, the authored src. */
  src: string;
  width?: number;
  height?: number;
  /** Modern formats, best first: AVIF, then WebP. */
  sources?: { type: string; srcset: string }[];
  /** The fallback's widths. */
  srcset?: string;
  /** The picture's average colour, shown while it loads. */
  color?: string;
  /** What stays in frame where the slot crops the picture to its shape: a CSS object-position (`top`, `30% 40%`). */
  focus?: string;
}

/** A picture as validated: its slot, source and text; the build turns it into ImageData. */
export type ImageRef = { $image: ImageSlot; src: string; alt: string; focus?: string };

/** The edges and corners a photo's focus can name; each is also a CSS object-position. */
export const FOCUS_EDGES = ["center", "top", "bottom", "left", "right", "top left", "top right", "bottom left", "bottom right"] as const;
/** A point of the photo, across then down, in percent: `30% 40%`. */
const FOCUS_POINT = /^(100|[1-9]?\d)% (100|[1-9]?\d)%$/;

/** What stays in frame when a slot crops a photo to its shape (a bio's 4:5 portrait, a round avatar). */
const focus = () =>
  z
    .string()
    .superRefine((value, ctx) => {
      if ((FOCUS_EDGES as readonly string[]).includes(value) || FOCUS_POINT.test(value)) return;
      ctx.addIssue({
        code: "custom",
        message: `Expected a named edge (${FOCUS_EDGES.join(", ")}) or a point like 30% 40%, not "${value}".`,
        params: {
          code: "image-focus",
          hint: "Write top to keep a face near the top of a landscape photo in frame, or a point: how far across, then how far down, in percent (50% 20%).",
        },
        input: value,
      });
    })
    .meta({
      description:
        "What stays in frame where the picture is cropped to its place's shape: top, bottom, left, right, center, a corner (top left), or a point across then down in percent (30% 40%). The centre when not given.",
    });

/**
 * A picture with its text for people who cannot see it: `alt`, or `decorative: true`
 * for a picture that adds nothing to the words beside it. One of the two is required.
 */
export const image = (slot: ImageSlot, description: string) =>
  z
    .strictObject({
      src: imageSrc(),
      alt: text("What the picture shows, for people who cannot see it.").optional(),
      decorative: z
        .literal(true)
        .optional()
        .meta({ description: "true when the picture adds nothing to the text beside it (it is then hidden from screen readers)." }),
      focus: focus().optional(),
    })
    .superRefine((value, ctx) => {
      if ((value.alt === undefined) === (value.decorative === undefined)) {
        ctx.addIssue({
          code: "custom",
          message: value.alt === undefined ? "The picture needs alt text, or decorative: true." : "A picture has alt text or decorative: true, not both.",
          params: {
            code: value.alt === undefined ? "missing-field" : "invalid-combination",
            hint: "Write alt: and what the picture shows (like Jordan Avery at her desk), or decorative: true if it only decorates.",
          },
        });
      }
    })
    .transform((value): ImageRef => ({
      $image: slot,
      src: value.src,
      alt: value.decorative ? "" : (value.alt ?? ""),
      ...(value.focus === undefined ? {} : { focus: value.focus }),
    }))
    .meta({ title: "Image", description })
    .register(fieldKinds, { kind: FIELD_KINDS.image });

/** A picture whose text comes from the content around it (a press outlet's logo is named by the outlet's name). */
export const imageFile = (slot: ImageSlot, description: string) =>
  imageSrc()
    .transform((src): ImageRef => ({ $image: slot, src, alt: "" }))
    .meta({ title: "Image", description })
    .register(fieldKinds, { kind: FIELD_KINDS.image });

/**
 * The last day something time-sensitive holds (a price, a limited-time offer, a
 * copyright year): after it, `npm run validate` warns that it needs updating.
 */
export const validUntil = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date like 2026-12-31 (year-month-day).", abort: true })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: "This date does not exist.",
      params: { code: "bad-date", hint: "Check the month and the day: 2026-02-30 is not a date." },
    })
    .optional()
    .meta({ description: "The last day this holds, like 2026-12-31: after it, npm run validate warns that it needs updating." })
    .register(fieldKinds, { kind: FIELD_KINDS.expiry });

/** A calculator's number field: its label and starting value. */
export const numberInput = (description: string) =>
  z
    .strictObject({
      label: text("The field's label."),
      default: boundedNumber(-INPUT_DEFAULT_LIMIT, INPUT_DEFAULT_LIMIT).meta({ description: "The value the field starts with." }),
      prefix: text("Shown before the field, like $.").max(3, { message: "A unit is at most 3 characters, like $." }).optional(),
      suffix: text("Shown after the field, like %.").max(3, { message: "A unit is at most 3 characters, like %." }).optional(),
    })
    .meta({ description });

/** Eyebrow, heading and intro: the header most sections share. */
export const sectionHeader = () => ({
  eyebrow: text("Short line above the heading.").optional(),
  heading: text("The section's heading.").optional(),
  intro: text("A sentence or two under the heading.").optional(),
});

/** An analytics event's name: lowercase words joined by -, like book-call. */
export const EVENT_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * The analytics event a click, a form or a calculator records, by its name in
 * content/site.yaml (`analytics.events`); the loader checks the name against that list (event-names.ts).
 */
export const track = (what: string) =>
  z
    .string()
    .regex(EVENT_NAME, { message: "Expected an event name like book-call, as listed under analytics.events in content/site.yaml." })
    .optional()
    .meta({ title: "Event", description: `The analytics event ${what} records: one of the names under analytics.events in content/site.yaml.` })
    .register(fieldKinds, { kind: FIELD_KINDS.event });

/** A call to action: visible label, and where it goes or the video it plays; a button that does nothing is refused. */
export const action = () =>
  z
    .strictObject({
      label: text("Button text."),
      to: link().optional().meta({ description: "Where the button goes. A button has either to or video." }),
      video: videoName(
        "A video from content/site.yaml (videos:) the button plays in a window over the page, like course-preview. A button has either to or video.",
      ).optional(),
      variant: z.enum(["primary", "secondary", "link"]).optional().meta({
        description:
          "primary (filled), secondary (outlined) or link (a text link). Left out, a section's first button is primary, its others secondary, and its cards' buttons links.",
      }),
      icon: z.enum(ICON_NAMES).optional().meta({ description: "An icon before the label." }),
      track: track("a click on the button"),
    })
    .superRefine((value, ctx) => {
      if (value.to === undefined && value.video === undefined) {
        ctx.addIssue({
          code: "custom",
          message: "This button has neither a destination (to) nor a video, so pressing it would do nothing.",
          params: {
            code: "action-without-destination",
            hint: "Add to: with a page, a named target or an address (to: booking), or video: with a video's name from content/site.yaml, or remove the button.",
          },
        });
      } else if (value.to !== undefined && value.video !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["video"],
          message: "A button either goes somewhere (to) or plays a video (video), not both.",
          params: { code: "invalid-combination", hint: "Keep the one the button's label promises, and remove the other." },
        });
      }
    })
    .meta({ title: "Action", description: "A button: label, and a link (to) or a video to play (video)." });

/**
 * A section block: a strict object whose `type` names the block. Every block also
 * accepts an optional `id` so other pages can link to it with #anchor, and a schedule
 * (`from`, `until`: schedule.ts) that keeps it off the built page outside its window.
 */
export function blockSchema<T extends string, S extends z.core.$ZodLooseShape>(type: T, meta: { title: string; description: string }, shape: S) {
  return z
    .strictObject({
      type: z.literal(type),
      id: anchorId().optional(),
      tone: z.enum(["plain", "muted", "brand"]).optional().meta({ description: "Background: plain (white, the default), muted (light grey) or brand (navy)." }),
      ...shape,
      ...schedule("the section"),
      ...draftField("the section"),
    })
    .superRefine(scheduleOrder("the section"))
    .meta(meta);
}

/** More items than any section can show well; a longer list belongs in a collection. */
export const MAX_LIST_ITEMS = 100;

export type CollectionRef<Item> = { $collection: string; tag?: string; limit?: number; readonly __item?: Item };

/**
 * A field that holds a list inline or takes it from a shared collection in
 * content/: by name (all items), or as { from, tag, limit } to pick the items
 * carrying a tag, at most `limit` of them. After validation the reference is
 * replaced by the items, so components always receive a list.
 */
export function listOrCollection<I extends z.ZodType>(collection: string, item: I) {
  const byName = z.literal(collection);
  const byQuery = z.strictObject({
    from: z.literal(collection),
    tag: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional()
      .meta({ description: "Only the items whose tags include this one." }),
    limit: z.number().int().positive().max(MAX_LIST_ITEMS).optional().meta({ description: "At most this many items, in the collection's order." }),
  });
  const ref = z.union([byName, byQuery]).transform(
    (value) =>
      // Without keys for what was not written: the value is plain data that JSON keeps as it is (src/site/stored-results.ts).
      (typeof value === "string"
        ? { $collection: value }
        : {
            $collection: value.from,
            ...(value.tag !== undefined && { tag: value.tag }),
            ...(value.limit !== undefined && { limit: value.limit }),
          }) as CollectionRef<z.output<I>>,
  );
  return z.union([z.array(item).min(1).max(MAX_LIST_ITEMS), ref], {
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

/**
 * A number between `min` and `max`. Numbers come from YAML, which reads 1e300 or
 * .inf as numbers too: every number a page shows or computes with has a range.
 */
export const boundedNumber = (min: number, max: number) =>
  z
    .number()
    .min(min, { message: `Expected a number of at least ${formatLimit(min)}.` })
    .max(max, { message: `Expected a number of at most ${formatLimit(max)}.` });

/** A calculator field's starting value, far above any real practice's figures. */
const INPUT_DEFAULT_LIMIT = 1e9;

/** An amount in US dollars, as a number: 2997, not "$2,997". */
export const dollars = (description: string) => boundedNumber(0, 1e9).meta({ description });

const formatLimit = (limit: number) => limit.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** A video as components receive it: its addresses, title and poster. */
export type Video = VideoData<ImageData>;

/** A button as pages receive it: label, a link or a video (resolved), variant and icon. */
export type ActionData = Resolved<z.output<ReturnType<typeof action>>>;

/** What a component receives: the schema's output with collection references replaced by their items. */
export type Resolved<T> = T extends ImageRef
  ? ImageData
  : T extends VideoRef
    ? VideoData<ImageData>
    : T extends PriceRef
      ? PriceData
      : T extends CollectionRef<infer I>
        ? Resolved<I>[]
        : T extends readonly (infer E)[]
          ? Resolved<E>[]
          : T extends object
            ? { [K in keyof T]: Resolved<T[K]> }
            : T;

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
