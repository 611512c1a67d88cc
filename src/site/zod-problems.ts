/**
 * Turns zod's issues into problems that point at the authored file, each with a
 * code and advice. Messages come from two places: the schemas' own (written where
 * each rule is defined, with `params.code` and `params.hint`), and, for zod's
 * built-in checks that carry none, the messages below, chosen by the issue's code
 * and fields (zod's documented issue format), never by its English wording.
 */
import type { z } from "zod";
import type { ProblemCode } from "../content/problem-codes.ts";
import type { Discriminator } from "../content/discriminators.ts";
import { didYouMean, formatPath, problemAt, type PathSegment, type Problem, type SourceFile } from "../content/problems.ts";
import { locateInText } from "../content/scalar-position.ts";
import { describeField, fieldsAt, isList, schemaAt, type JsonSchema } from "../content/json-schema-lookup.ts";

/** `params.at`: for a problem inside a text value (a link in an article's Markdown), the index of the character it is at. */
type Issue = z.core.$ZodIssue & { input?: unknown; params?: { hint?: string; code?: ProblemCode; at?: number } };

/**
 * The message zod gives an issue when the schema wrote none: passed as the parse's
 * error map (schema messages take precedence over it), so an issue carrying any
 * other message carries the schema's own.
 */
export const NO_AUTHORED_MESSAGE = "\u0000no authored message";

/** What the loader passes to safeParse. */
export const parseOptions = { reportInput: true, error: () => NO_AUTHORED_MESSAGE } as const;

export function zodProblems(source: SourceFile, json: JsonSchema, data: unknown, issues: readonly Issue[]): Problem[] {
  return issues.flatMap((issue) => describe(source, json, data, issue));
}

function describe(source: SourceFile, json: JsonSchema, data: unknown, issue: Issue): Problem[] {
  const path = issue.path as PathSegment[];
  const authored = issue.message !== NO_AUTHORED_MESSAGE ? issue.message : undefined;
  const problem = (code: ProblemCode, message: string, hint?: string, at: PathSegment[] = path, key?: string): Problem => {
    // A check that found the place inside a text value says where (params.at, an index into the text).
    const inText = typeof issue.params?.at === "number" && key === undefined && at === path;
    const shownHint = issue.params?.hint ?? hint;
    return problemAt(
      inText ? locateInText(source, at, issue.params!.at!) : source,
      at,
      { code: issue.params?.code ?? code, message: authored ?? message, ...(shownHint ? { hint: shownHint } : {}) },
      { path: key === undefined ? path : [...path, key], ...(key === undefined ? {} : { key }) },
    );
  };

  /** The field that tells alternatives apart, left out or naming none of them: at that field, with the names it takes. */
  function discriminatorProblem({ key, noun, missing, unknown, names }: Discriminator & { names: string[] }): Problem[] {
    // zod puts the discriminator on the issue's path in some versions and not in others.
    const objectPath = path.at(-1) === key ? path.slice(0, -1) : path;
    const at = [...objectPath, key];
    const value = valueAt(data, at);
    if (value === undefined)
      return [
        { ...problem(missing.code, `Missing "${key}": ${missing.why}.`, `Write ${key}: and one of: ${names.join(", ")}.`, objectPath), path: formatPath(at) },
      ];
    const guess = typeof value === "string" ? didYouMean(value, names) : undefined;
    return [
      {
        ...problem(unknown, `Unknown ${noun} ${show(value)}.`, `${guess ? `Did you mean "${guess}"? ` : ""}Valid ${noun}s: ${names.join(", ")}.`, at),
        path: formatPath(at),
      },
    ];
  }

  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) {
        const field = path.at(-1);
        const schema = schemaAt(json, data, path);
        const description = describeField(schema);
        const shape = isList(schema) ? "a list, one item per line starting with '- '" : "…";
        return [
          problem(
            "missing-field",
            typeof field === "string" ? `Missing required field "${field}".` : "A value is missing here.",
            typeof field === "string" ? `Add ${field}: ${shape}${description ? `  (${description})` : ""}` : undefined,
          ),
        ];
      }
      return [problem("wrong-type", `Expected ${article(issue.expected)}, got ${show(issue.input)}.`, typeHint(issue.expected, issue.input))];
    }
    case "unrecognized_keys": {
      const known = fieldsAt(json, data, path);
      return issue.keys.map((key) => {
        const guess = didYouMean(key, known);
        const hint = [guess && `Did you mean "${guess}"?`, known.length ? `Fields here: ${known.join(", ")}.` : ""].filter(Boolean).join(" ");
        if (key === "track" && !known.includes("track"))
          return problem(
            "track-not-clickable",
            "track: names the event a click or a use records, and this cannot be clicked or used.",
            "Put track: on a button or link with a to:, a link-list item, a video card, a form or a calculator; or remove it.",
            path,
            key,
          );
        return problem("unknown-field", `Unknown field "${key}".`, hint || undefined, path, key);
      });
    }
    case "invalid_union": {
      if (issue.discriminator !== undefined) {
        const discriminator = discriminatorAt(json, data, path, issue.discriminator);
        if (discriminator) return discriminatorProblem(discriminator);
      }
      // When exactly one alternative fits the value's shape (a list, say), its own errors
      // say what is wrong inside it, at their exact place.
      const fitting = issue.errors.filter(
        (branch) => branch.length > 0 && !branch.some((sub) => sub.path.length === 0 && ["invalid_type", "invalid_value", "invalid_union"].includes(sub.code)),
      );
      if (fitting.length === 1) {
        return fitting[0]!.flatMap((sub) => describe(source, json, data, { ...sub, path: [...path, ...sub.path] } as Issue));
      }
      // A number written as text ("$497") where one alternative is a number: how to write it.
      const number = issue.errors.some((branch) => branch.some((sub) => sub.path.length === 0 && sub.code === "invalid_type" && sub.expected === "number"));
      const hint = number ? typeHint("number", issue.input) : undefined;
      return [problem("wrong-type", `Expected something else here, got ${show(issue.input)}.`, hint)];
    }
    case "invalid_key": {
      // A name of a list of names (a named target, a price) that is not one: at the name itself, with the name's rule.
      const inner = issue.issues.find((sub) => sub.message !== NO_AUTHORED_MESSAGE);
      const at = path.slice(0, -1);
      const key = String(path.at(-1));
      return [
        {
          ...problem(
            "invalid-format",
            inner?.message ?? `${show(issue.input)} is not a name this list takes.`,
            describeField(schemaAt(json, data, at)),
            at,
            key,
          ),
          path: formatPath(path),
        },
      ];
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "array") return [problem("too-few", `Expected at least ${min} item${min === 1 ? "" : "s"}, got ${countOf(issue.input)}.`)];
      if (issue.origin === "string") return [problem("empty-text", min <= 1 ? "Text must not be empty." : `Text must be at least ${min} characters.`)];
      return [problem("out-of-range", `Expected ${issue.inclusive ? "at least" : "more than"} ${min}, got ${show(issue.input)}.`)];
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "array") {
        const count = countOf(issue.input);
        return [
          {
            ...problem("too-many", `Expected at most ${max} item${max === 1 ? "" : "s"}, got ${count}.`, "Remove some items, or split them into two sections."),
            ...(authored ? { message: `${authored.replace(/\.$/, "")}: this has ${count}.` } : {}),
          },
        ];
      }
      if (issue.origin === "string") return [problem("too-long", `Text is longer than ${max} characters.`, "Shorten it.")];
      return [problem("out-of-range", `Expected ${issue.inclusive ? "at most" : "less than"} ${max}, got ${show(issue.input)}.`)];
    }
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      const guess = typeof issue.input === "string" ? didYouMean(issue.input, values) : undefined;
      return [
        problem(
          "invalid-choice",
          values.length === 1
            ? `Expected ${show(issue.values[0])}, got ${show(issue.input)}.`
            : `Expected one of ${values.join(", ")}; got ${show(issue.input)}.`,
          guess ? `Did you mean "${guess}"?` : undefined,
        ),
      ];
    }
    case "invalid_format":
      return [problem("invalid-format", `${show(issue.input)} does not have the form this field needs.`, describeField(schemaAt(json, data, path)))];
    default:
      return [problem("invalid-format", `Invalid value ${show(issue.input)}.`)];
  }
}

/** How to write a value of the expected type, when the input shows what was meant. */
function typeHint(expected: string, input: unknown): string | undefined {
  if ((expected === "number" || expected === "int") && typeof input === "string") {
    // "$397", "1,500", "25%": a number written as it is shown.
    const digits = input.replace(/[$,\s%]/g, () => "");
    if (/^-?\d+(\.\d+)?$/.test(digits)) return `Write the number only: ${digits}`;
    return "Write the number in digits, like 397.";
  }
  if (expected === "array") return "Write a list: one item per line, each starting with '- '.";
  if (expected === "object") return "Write the fields of this item on the lines below it, each indented two more spaces.";
  if (expected === "string" && typeof input === "number") return `Put the text in quotes if it is meant as text: "${String(input)}".`;
  return undefined;
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
  // 1e300 reads as itself, not as a 301-digit number.
  if (typeof value === "number" && Math.abs(value) >= 1e21) return value.toExponential();
  return String(value);
}

function countOf(value: unknown) {
  return Array.isArray(value) ? value.length : show(value);
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<PathSegment, unknown>)[key] : undefined), data);
}

/** The discriminated union at `path` (or its parent, when the path ends at the field) whose field is `key`, with the values the field takes. */
function discriminatorAt(json: JsonSchema, data: unknown, path: readonly PathSegment[], key: string): (Discriminator & { names: string[] }) | undefined {
  for (const at of path.at(-1) === key ? [path.slice(0, -1), path] : [path]) {
    const schema = schemaAt(json, data, at);
    const union = [schema, ...(schema?.anyOf ?? schema?.oneOf ?? [])].find((candidate) => candidate?.["x-discriminator"]?.key === key);
    if (!union) continue;
    const names = (union.anyOf ?? union.oneOf ?? [])
      .map((option) => option.properties?.[key]?.const)
      .filter((name): name is string => typeof name === "string");
    return { ...union["x-discriminator"]!, names };
  }
  return undefined;
}
