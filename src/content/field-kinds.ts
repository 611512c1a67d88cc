/**
 * The kinds of field the engine looks for wherever a schema puts them: a link (its named
 * target is checked), a picture (its file is checked and made into versions), an analytics
 * event, a video's name, a date past which something needs updating, a price (its name is
 * checked), and the text pages show (its {prices.name} placeholders are checked and filled
 * in). The field constructors (fields.ts, link.ts, video.ts, prices.ts) register the schemas they make here, and the content files'
 * JSON Schemas carry the kind as `x-field-kind`, so the loader, the docs and the page editor
 * find these fields by kind: a block may title or describe its field as it likes, and a field
 * that merely shares a title is not taken for one.
 */
import { z } from "zod";
import { DISCRIMINATOR_KEYWORD, discriminatorOf } from "./discriminators.ts";
import type { JsonSchema } from "./json-schema-lookup.ts";

export const FIELD_KINDS = {
  /** A route, a named target or an address (link()). */
  link: "link",
  /** A picture the build makes into versions for its place on the page (image(), imageFile()). */
  image: "image",
  /** A picture file served as it is (imageSrc() alone, like the share picture). */
  servedImage: "served-image",
  /** The name of an analytics event declared in site.yaml (track()). */
  event: "event",
  /** The name of a video declared in site.yaml (videoName()). */
  video: "video",
  /** The last day something holds, warned about once it has passed (validUntil()). */
  expiry: "expiry",
  /** An amount in dollars, or the name of a price declared in site.yaml (price()). */
  price: "price",
  /** Text a page shows (text(), template(), markdown()): where {prices.name} placeholders are checked and filled in. */
  text: "text",
} as const;

export type FieldKind = (typeof FIELD_KINDS)[keyof typeof FIELD_KINDS];

/** The keyword a content file's JSON Schema gives a field's kind under. */
export const KIND_KEYWORD = "x-field-kind";

/**
 * Which field constructor made a schema: `.register(fieldKinds, { kind: FIELD_KINDS.link })` at
 * the end of the constructor. A copy made of it later (.meta(), .optional()) keeps the kind.
 */
export const fieldKinds = z.registry<{ kind: FieldKind }>();

/** The kind a schema was registered with, if any. */
export function kindOf(schema: z.core.$ZodType): FieldKind | undefined {
  return fieldKinds.get(schema)?.kind;
}

/** The options every content JSON Schema is made with: the input's shape, each field's kind and each union's discriminator written in. */
export const JSON_SCHEMA_OPTIONS = {
  io: "input",
  unrepresentable: "any",
  override: ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> }) => {
    const kind = kindOf(zodSchema);
    if (kind) jsonSchema[KIND_KEYWORD] = kind;
    const discriminator = discriminatorOf(zodSchema);
    if (discriminator) jsonSchema[DISCRIMINATOR_KEYWORD] = discriminator;
  },
} as const;

/** True when a JSON Schema is a field of `kind`, or (for alternatives) one of its branches is. */
export function isOfKind(schema: JsonSchema, kind: FieldKind): boolean {
  return schema[KIND_KEYWORD] === kind || Boolean((schema.anyOf ?? schema.oneOf)?.some((option) => option[KIND_KEYWORD] === kind));
}
