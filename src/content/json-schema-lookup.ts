/**
 * What a content file's JSON Schema (the one editors autocomplete with, made from
 * the zod schemas) says about a place in the file: the fields an object has, a
 * field's description, whether it holds a link. Problem messages read these here
 * rather than from zod's internals, so they survive a zod upgrade.
 */
import { FIELD_KINDS, isOfKind, type FieldKind } from "./field-kinds.ts";
import type { PathSegment } from "./problems.ts";

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  /** What kind of field the engine takes it for (field-kinds.ts). */
  "x-field-kind"?: FieldKind;
  description?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

const jsonType = (value: unknown) =>
  Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "number" ? "number" : typeof value === "object" ? "object" : typeof value;

function accepts(schema: JsonSchema, value: unknown): boolean {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const kind = jsonType(value);
  return types.length === 0 || types.includes(kind) || (kind === "number" && types.includes("integer"));
}

/**
 * The branch of a schema that describes `value`: for alternatives (a section is one of
 * many blocks), the one whose `type` constant matches, else the first of the value's kind.
 */
const DISCRIMINATORS = ["type", "provider"] as const;

export function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const options = current.anyOf ?? current.oneOf;
    if (!options) return current;
    // Alternatives are told apart by a constant field: a section's type, analytics' provider.
    const discriminated = (option: JsonSchema) =>
      DISCRIMINATORS.some((key) => {
        const own = (value as Record<string, unknown> | null)?.[key];
        return own !== undefined && branchFor(option, value).properties?.[key]?.const === own;
      });
    current =
      options.find(discriminated) ??
      options.find((option) => accepts(branchFor(option, value), value) && (jsonType(value) !== "object" || branchFor(option, value).properties)) ??
      options.find((option) => accepts(branchFor(option, value), value)) ??
      options[0]!;
  }
  return current;
}

/** The schema of the field at `path` in `data`, if the schema knows it. */
export function schemaAt(root: JsonSchema, data: unknown, path: readonly PathSegment[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  let value = data;
  for (const segment of path) {
    if (!schema) return undefined;
    const branch = branchFor(schema, value);
    if (typeof segment === "number") schema = branch.items;
    else schema = branch.properties?.[segment] ?? (typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined);
    value = (value as Record<PathSegment, unknown> | null | undefined)?.[segment];
  }
  return schema;
}

/** The fields an object at `path` may have, in the schema's order. */
export function fieldsAt(root: JsonSchema, data: unknown, path: readonly PathSegment[]): string[] {
  const schema = schemaAt(root, data, path);
  if (!schema) return [];
  const value = path.reduce<unknown>((node, key) => (node as Record<PathSegment, unknown> | null | undefined)?.[key], data);
  return Object.keys(branchFor(schema, value ?? {}).properties ?? {});
}

/** A field's description, from its schema or the first alternative that has one. */
export function describeField(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  return schema.description ?? (schema.anyOf ?? schema.oneOf)?.map(describeField).find(Boolean);
}

/** True when the schema holds a list (a list of items, or a list or a collection name). */
export function isList(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  return schema.type === "array" || (schema.anyOf ?? schema.oneOf ?? []).some((option) => option.type === "array");
}

/** Every place in `data` whose schema is a link, with the text written there. */
export function linkValues(root: JsonSchema, data: unknown, path: PathSegment[] = []): { path: PathSegment[]; value: string }[] {
  return valuesOfKind(FIELD_KINDS.link, root, data, path);
}

/** Every place in `data` whose schema is a field of `kind` (a link, an event, a video's name...), with the text written there. */
export function valuesOfKind(kind: FieldKind, root: JsonSchema, data: unknown, path: PathSegment[] = []): { path: PathSegment[]; value: string }[] {
  return walk(root, data, path);
  function walk(schema: JsonSchema, value: unknown, at: PathSegment[]): { path: PathSegment[]; value: string }[] {
    const branches = schema.anyOf ?? schema.oneOf;
    if (schema["x-field-kind"] === kind || (branches && isOfKind(schema, kind) && typeof value === "string")) {
      return typeof value === "string" ? [{ path: at, value }] : [];
    }
    const branch = branchFor(schema, value);
    if (Array.isArray(value) && branch.items) return value.flatMap((item, index) => walk(branch.items!, item, [...at, index]));
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.entries(value).flatMap(([key, child]) => {
        const field = branch.properties?.[key] ?? (typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined);
        return field ? walk(field, child, [...at, key]) : [];
      });
    }
    return [];
  }
}
