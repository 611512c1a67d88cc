/**
 * Alternatives told apart by one field (a section's `type`, analytics' `provider`): the union
 * registers what a reader calls the field and the problem codes it reports, and the content
 * files' JSON Schemas carry that as `x-discriminator`. The loader's messages and the lookups of
 * json-schema-lookup.ts (the editor's too) read it there, so no module names the field.
 */
import { z } from "zod";
import type { ProblemCode } from "./problem-codes.ts";

export interface Discriminator {
  /** The field that tells the alternatives apart; filled in from the union itself. */
  key: string;
  /** What its value names, for messages: "section type", "analytics provider". */
  noun: string;
  /** When the field is left out: the code, and a sentence on what the field says. */
  missing: { code: ProblemCode; why: string };
  /** When the value is none of the alternatives'. */
  unknown: ProblemCode;
}

/** The keyword a content file's JSON Schema gives a discriminated union's description under. */
export const DISCRIMINATOR_KEYWORD = "x-discriminator";

/** Register with `.register(discriminators, { noun, missing, unknown })` on a z.discriminatedUnion. */
export const discriminators = z.registry<Omit<Discriminator, "key">>();

/** The discriminator a schema was registered with, and its field, if any. */
export function discriminatorOf(schema: z.core.$ZodType): Discriminator | undefined {
  const registered = discriminators.get(schema);
  const key = (schema._zod.def as { discriminator?: unknown }).discriminator;
  return registered && typeof key === "string" ? { key, ...registered } : undefined;
}
