/**
 * What a content file's JSON Schema (the one editors autocomplete with, made from
 * the zod schemas) says about a place in the file: the fields an object has, a
 * field's description, whether it holds a link. Problem messages read these here
 * rather than from zod's internals, so they survive a zod upgrade.
 */
import type { Discriminator } from "./discriminators.ts";
import { FIELD_KINDS, isOfKind, type FieldKind } from "./field-kinds.ts";
import type { PathSegment } from "./problems.ts";
import { isKept } from "./kept.ts";

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  /** What kind of field the engine takes it for (field-kinds.ts). */
  "x-field-kind"?: FieldKind;
  /** For alternatives told apart by one field, that field and what is reported about it (discriminators.ts). */
  "x-discriminator"?: Discriminator;
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
  /** A field kept for the content written with it (deprecated.ts), and what to write instead. */
  deprecated?: boolean;
  deprecationMessage?: string;
}

const jsonType = (value: unknown) =>
  Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "number" ? "number" : typeof value === "object" ? "object" : typeof value;

function accepts(schema: JsonSchema, value: unknown): boolean {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const kind = jsonType(value);
  return types.length === 0 || types.includes(kind) || (kind === "number" && types.includes("integer"));
}

/**
 * The branch of a schema that describes `value`: for alternatives told apart by a field (a
 * section is one of many blocks, by its `type`), the one whose constant is the value's; else the
 * first of the value's kind.
 */
export function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const options = current.anyOf ?? current.oneOf;
    if (!options) return current;
    current =
      byConstant(current, options, value) ??
      options.find((option) => accepts(branchFor(option, value), value) && (jsonType(value) !== "object" || branchFor(option, value).properties)) ??
      options.find((option) => accepts(branchFor(option, value), value)) ??
      options[0]!;
  }
  return current;
}

/**
 * How a list of alternatives is told apart: the field its union registered (discriminators.ts),
 * or else one that every alternative of fields (those inside alternatives too) gives a constant; and the first alternative with
 * each constant. Built once per list.
 */
interface Constants {
  key: string;
  positions: Map<unknown, number>;
}
const constantsOf = new WeakMap<JsonSchema[], Constants | null>();

function constants(union: JsonSchema, options: JsonSchema[]): Constants | null {
  let found = constantsOf.get(options);
  if (found !== undefined) return found;
  const leaves = (list: JsonSchema[]): JsonSchema[] =>
    list.flatMap((option) => ((option.anyOf ?? option.oneOf) ? leaves(option.anyOf ?? option.oneOf!) : [option]));
  const objects = leaves(options).filter((option) => option.properties);
  const key =
    union["x-discriminator"]?.key ??
    (objects.length > 1
      ? Object.keys(objects[0]!.properties!).find((name) => objects.every((option) => option.properties![name]?.const !== undefined))
      : undefined);
  found = null;
  if (key !== undefined) {
    found = { key, positions: new Map() };
    for (const [position, option] of options.entries()) {
      const constant = option.properties?.[key]?.const;
      if (constant !== undefined && !found.positions.has(constant)) found.positions.set(constant, position);
    }
  }
  constantsOf.set(options, found);
  return found;
}

/** The alternative whose constant is the value's own, directly or inside an alternative that has alternatives of its own. */
function byConstant(union: JsonSchema, options: JsonSchema[], value: unknown): JsonSchema | undefined {
  const told = constants(union, options);
  if (!told || !value || typeof value !== "object") return undefined;
  const own = (value as Record<string, unknown>)[told.key];
  if (own === undefined) return undefined;
  const position = told.positions.get(own);
  if (position !== undefined) return options[position];
  return options.find((option) => (option.anyOf ?? option.oneOf) && branchFor(option, value).properties?.[told.key]?.const === own);
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

/**
 * Every place in `data` whose schema is a field of `kind` (a link, an event, a video's name...), with
 * the text written there. A field of a kept page makes its path when it is read: a check reads the
 * path of the fields it reports only, since a thousand pages hold tens of thousands of fields.
 */
export function valuesOfKind(kind: FieldKind, root: JsonSchema, data: unknown, path: PathSegment[] = []): { path: PathSegment[]; value: string }[] {
  if (path.length > 0 || !data || typeof data !== "object") return walkKinds(root, data, path).get(kind) ?? [];
  // The loader asks one file for each kind in turn (links, videos, events): one walk answers them all.
  let bySchema = walked.get(data);
  if (!bySchema) walked.set(data, (bySchema = new WeakMap()));
  let found = bySchema.get(root);
  if (!found) bySchema.set(root, (found = walkKinds(root, data, path)));
  return found.get(kind) ?? [];
}

type KindValues = Map<FieldKind, { path: PathSegment[]; value: string }[]>;

/** The walks made, by the data and the schema walked: content is never changed once parsed, so a walk holds while its data lives. */
const walked = new WeakMap<object, WeakMap<JsonSchema, KindValues>>();

/** Whether a schema has a field of some kind in it, itself included: the walk below skips a value whose schema has none (a heading, a list of plain texts). */
const kindsWithin = new WeakMap<JsonSchema, boolean>();
function holdsKinds(schema: JsonSchema): boolean {
  let holds = kindsWithin.get(schema);
  if (holds === undefined) {
    const inside = [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
      ...Object.values(schema.properties ?? {}),
      ...(schema.items ? [schema.items] : []),
      ...(typeof schema.additionalProperties === "object" ? [schema.additionalProperties] : []),
    ];
    holds = schema["x-field-kind"] !== undefined || inside.some(holdsKinds);
    kindsWithin.set(schema, holds);
  }
  return holds;
}

/**
 * Every field of every kind in `data`, in one walk: a field found for a kind is not looked into
 * for that kind again. The path is one list changed in place and copied only at a field found:
 * this walk covers every value of every content file on each validation.
 */
function walkKinds(root: JsonSchema, data: unknown, start: PathSegment[]): KindValues {
  const found: KindValues = new Map();
  const path = [...start];
  walk(root, data, KINDS);
  return found;

  function walk(schema: JsonSchema, value: unknown, kinds: readonly FieldKind[]) {
    const branches = schema.anyOf ?? schema.oneOf;
    const own = schema["x-field-kind"];
    if (own !== undefined || (branches && typeof value === "string")) {
      const matched = kinds.filter((kind) => own === kind || (branches && isOfKind(schema, kind) && typeof value === "string"));
      if (matched.length > 0) {
        if (typeof value === "string") {
          for (const kind of matched) {
            const list = found.get(kind) ?? [];
            if (list.length === 0) found.set(kind, list);
            list.push({ path: [...path], value });
          }
        }
        kinds = kinds.filter((kind) => !matched.includes(kind));
        if (kinds.length === 0) return;
      }
    }
    if (!value || typeof value !== "object") return;
    const branch = branchFor(schema, value);
    if (Array.isArray(value)) {
      const items = branch.items;
      if (!items) return;
      if (!holdsKinds(items)) return;
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        path.push(index);
        if (kinds === KINDS && isKept(item)) addKept(items, item);
        else walk(items, item, kinds);
        path.pop();
      }
      return;
    }
    const extra = typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined;
    for (const key in value) {
      const field = branch.properties?.[key] ?? extra;
      if (!field || !holdsKinds(field)) continue;
      path.push(key);
      walk(field, (value as Record<string, unknown>)[key], kinds);
      path.pop();
    }
  }

  /**
   * A kept item (an unchanged page or article, handed to every load: kept.ts) never changes, so
   * its own walk is kept with it and its fields are added under this path.
   */
  function addKept(schema: JsonSchema, item: object) {
    let bySchema = walked.get(item);
    if (!bySchema) walked.set(item, (bySchema = new WeakMap()));
    let own = bySchema.get(schema);
    if (!own) bySchema.set(schema, (own = walkKinds(schema, item, [])));
    for (const [kind, values] of own) {
      const list = found.get(kind) ?? [];
      if (list.length === 0) found.set(kind, list);
      const prefix = [...path];
      for (const { path: within, value } of values) list.push(new KeptValue(prefix, within, value));
    }
  }
}

/** A field found in a kept item's walk, at its place in this file: the path is made only when a check reports it. */
class KeptValue {
  constructor(
    private readonly prefix: readonly PathSegment[],
    private readonly within: readonly PathSegment[],
    readonly value: string,
  ) {}
  get path(): PathSegment[] {
    return [...this.prefix, ...this.within];
  }
}

const KINDS: readonly FieldKind[] = Object.values(FIELD_KINDS);
