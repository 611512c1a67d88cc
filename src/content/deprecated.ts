/**
 * Fields that still work but have a better replacement (an offer's originalPrice, now a sale
 * under prices: in content/site.yaml). The schema marks them with `deprecated()`; their JSON
 * Schemas carry `deprecated: true` and the advice as `deprecationMessage` (which editors such
 * as VS Code show), and the loader warns at every one written, with that advice as the hint.
 * Content that uses them stays valid: nothing is refused, nothing changes on the page.
 */
import type { z } from "zod";
import { branchFor, type JsonSchema } from "./json-schema-lookup.ts";
import { problemAt, type PathSegment, type Problem, type SourceFile } from "./problems.ts";

/** A field kept for the content written with it, with what to write instead. */
export function deprecated<S extends z.ZodType>(schema: S, instead: string): S {
  return schema.meta({ deprecated: true, deprecationMessage: instead }) as S;
}

/** Every deprecated field written in a file, as a warning at its line with what to write instead. */
export function deprecatedFields(source: SourceFile, json: JsonSchema, data: unknown): Problem[] {
  const problems: Problem[] = [];
  // Most files' schemas have no such field (the collections): no walk over their data then.
  if (!hasDeprecated(json)) return problems;
  const walk = (schema: JsonSchema, value: unknown, path: PathSegment[]) => {
    if (value === undefined) return;
    const field = deprecation(schema);
    if (field) {
      const key = path.at(-1);
      problems.push(
        problemAt(
          source,
          path,
          {
            code: "deprecated-field",
            message: `${typeof key === "string" ? key : "This field"} still works, but is no longer the way to write this.`,
            hint: field,
          },
          { severity: "warning" },
        ),
      );
      return;
    }
    if (!value || typeof value !== "object") return;
    const branch = branchFor(schema, value);
    // Only into the fields whose schema has a deprecated field somewhere: a page's other sections are not walked.
    if (Array.isArray(value)) {
      if (branch.items && hasDeprecated(branch.items)) value.forEach((item, index) => walk(branch.items!, item, [...path, index]));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const next = branch.properties?.[key] ?? (typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined);
      if (next && hasDeprecated(next)) walk(next, child, [...path, key]);
    }
  };
  walk(json, data, []);
  return problems;
}

/** The advice of a deprecated field's schema, if it is one. */
function deprecation(schema: JsonSchema): string | undefined {
  if (schema.deprecated) return schema.deprecationMessage ?? "See CONTENT.md for the way to write it now.";
  return undefined;
}

/** Whether a schema, or one inside it, marks a field deprecated (the schemas are made once per process; each is read once). */
const marked = new WeakMap<JsonSchema, boolean>();
const hasDeprecated = (json: JsonSchema) => {
  let has = marked.get(json);
  if (has === undefined) marked.set(json, (has = JSON.stringify(json).includes('"deprecated":true')));
  return has;
};
