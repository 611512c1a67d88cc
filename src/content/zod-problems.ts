import { z } from "zod";
import { didYouMean, formatPath, locate, type PathSegment, type Problem, type SourceFile } from "./problems.ts";

type Issue = z.core.$ZodIssue & { input?: unknown; params?: { hint?: string } };
type AnySchema = z.core.$ZodType;

/** Turns zod's issues into problems that point at the authored file, each with advice. */
export function zodProblems(source: SourceFile, schema: AnySchema, data: unknown, issues: readonly Issue[]): Problem[] {
  return issues.flatMap((issue) => describe(source, schema, data, issue));
}

function describe(source: SourceFile, schema: AnySchema, data: unknown, issue: Issue): Problem[] {
  const path = issue.path as PathSegment[];
  const problem = (message: string, hint?: string, at: PathSegment[] = path, key?: string): Problem => ({
    severity: "error",
    file: source.file,
    ...locate(source, at, key),
    path: formatPath(key === undefined ? path : [...path, key]),
    message,
    ...(hint ? { hint } : {}),
  });

  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) {
        const field = path.at(-1);
        const description = describeField(schema, path, data);
        return [
          problem(
            typeof field === "string" ? `Missing required field "${field}".` : "A value is missing here.",
            description && typeof field === "string" ? `Add ${field}: …  (${description})` : undefined,
          ),
        ];
      }
      return [problem(`Expected ${article(issue.expected)}, got ${show(issue.input)}.`)];
    }
    case "unrecognized_keys": {
      const known = knownKeys(schemaAt(schema, path, data), valueAt(data, path));
      return issue.keys.map((key) => {
        const guess = didYouMean(key, known);
        const hint = [guess && `Did you mean "${guess}"?`, known.length ? `Fields here: ${known.join(", ")}.` : ""].filter(Boolean).join(" ");
        return problem(`Unknown field "${key}".`, hint || undefined, path, key);
      });
    }
    case "invalid_union": {
      if ("discriminator" in issue && issue.discriminator === "type") {
        const options = [...((issue as { options?: unknown[] }).options ?? [])].map(String).sort();
        const value = (issue.input as { type?: unknown } | undefined)?.type;
        if (value === undefined) {
          return [problem(`Missing "type": every section says which block it is.`, `Start the section with type: and one of: ${options.join(", ")}.`)];
        }
        const guess = typeof value === "string" ? didYouMean(value, options) : undefined;
        return [problem(`Unknown section type ${show(value)}.`, `${guess ? `Did you mean "${guess}"? ` : ""}Valid types: ${options.join(", ")}.`)];
      }
      // When exactly one alternative fits the value's shape (a list, say), its own errors
      // say what is wrong inside it, at their exact place.
      const fitting = ((issue as { errors?: Issue[][] }).errors ?? []).filter(
        (branch) => branch.length > 0 && !branch.some((sub) => sub.path.length === 0 && ["invalid_type", "invalid_value", "invalid_union"].includes(sub.code)),
      );
      if (fitting.length === 1) {
        return fitting[0]!.flatMap((sub) => describe(source, schema, data, { ...sub, path: [...path, ...sub.path] } as Issue));
      }
      return [problem(isDefault(issue.message) ? `Expected something else here, got ${show(issue.input)}.` : issue.message)];
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "array") return [problem(`Expected at least ${min} item${min === 1 ? "" : "s"}, got ${countOf(issue.input)}.`)];
      if (issue.origin === "string") return [problem(min <= 1 ? "Text must not be empty." : `Text must be at least ${min} characters.`)];
      return [problem(`Expected ${issue.inclusive ? "at least" : "more than"} ${min}, got ${show(issue.input)}.`)];
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "array")
        return [
          problem(`Expected at most ${max} item${max === 1 ? "" : "s"}, got ${countOf(issue.input)}.`, "Remove some items, or split them into two sections."),
        ];
      if (issue.origin === "string") return [problem(isDefault(issue.message) ? `Text is longer than ${max} characters.` : issue.message, "Shorten it.")];
      return [problem(`Expected ${issue.inclusive ? "at most" : "less than"} ${max}, got ${show(issue.input)}.`)];
    }
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      const guess = typeof issue.input === "string" ? didYouMean(issue.input, values) : undefined;
      return [
        problem(
          values.length === 1
            ? `Expected ${show(issue.values[0])}, got ${show(issue.input)}.`
            : `Expected one of ${values.join(", ")}; got ${show(issue.input)}.`,
          guess ? `Did you mean "${guess}"?` : undefined,
        ),
      ];
    }
    default:
      return [problem(isDefault(issue.message) ? `Invalid value ${show(issue.input)}.` : issue.message, issue.params?.hint)];
  }
}

/** zod's own messages start this way; ours are written for authors. */
function isDefault(message: string) {
  return /^Invalid (input|option|value|discriminator)/.test(message);
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: "text",
    number: "a number",
    boolean: "true or false",
    array: "a list",
    object: "a group of fields",
    int: "a whole number",
  };
  return names[expected] ?? expected;
}

function show(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "an empty value";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  return String(value);
}

function countOf(value: unknown) {
  return Array.isArray(value) ? value.length : show(value);
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<PathSegment, unknown>)[key] : undefined), data);
}

type Def = {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  in?: AnySchema;
  options?: AnySchema[];
};
const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

const WRAPPERS = new Set(["optional", "nullable", "default", "readonly", "catch", "prefault", "nonoptional"]);

/** The object or list schema underneath optional(), transforms and unions. */
function unwrap(schema: AnySchema, value: unknown): AnySchema {
  for (let depth = 0; depth < 32; depth++) {
    const def = defOf(schema);
    let next: AnySchema | undefined;
    if (def.innerType && WRAPPERS.has(def.type)) next = def.innerType;
    else if (def.type === "pipe") next = def.in;
    else if (def.type === "union" && def.options) next = pickOption(def.options, value);
    if (!next) return schema;
    schema = next;
  }
  return schema;
}

/** In a union, the branch that fits the value: same `type` literal for sections, else the first object or list. */
function pickOption(options: AnySchema[], value: unknown): AnySchema | undefined {
  const type = (value as { type?: unknown } | undefined)?.type;
  const byType = options.find((option) => {
    const shape = defOf(unwrap(option, value)).shape;
    const literal = shape?.type ? (defOf(shape.type) as { values?: unknown[] }).values : undefined;
    return literal?.includes(type);
  });
  if (byType) return byType;
  const wanted = Array.isArray(value) ? "array" : "object";
  return options.find((option) => defOf(option).type === wanted);
}

function schemaAt(schema: AnySchema, path: readonly PathSegment[], data: unknown): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  let value = data;
  for (const segment of path) {
    if (!current) return undefined;
    const def = defOf(unwrap(current, value));
    current = def.type === "object" ? def.shape?.[String(segment)] : def.type === "array" ? def.element : undefined;
    value = (value as Record<PathSegment, unknown> | undefined)?.[segment];
  }
  return current;
}

function knownKeys(schema: AnySchema | undefined, value: unknown): string[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema, value));
  return def.type === "object" && def.shape ? Object.keys(def.shape) : [];
}

function describeField(schema: AnySchema, path: readonly PathSegment[], data: unknown): string | undefined {
  const field = schemaAt(schema, path, data);
  if (!field) return undefined;
  const meta = z.globalRegistry.get(field) ?? z.globalRegistry.get(unwrap(field, undefined));
  return meta?.description;
}
