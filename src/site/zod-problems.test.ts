import { describe, expect, it } from "vitest";
import { z } from "zod";
import { discriminators } from "../content/discriminators.ts";
import { JSON_SCHEMA_OPTIONS } from "../content/field-kinds.ts";
import type { JsonSchema } from "../content/json-schema-lookup.ts";
import { PROBLEM_CODES } from "../content/problem-codes.ts";
import { parseYaml } from "../content/yaml.ts";
import { parseOptions, zodProblems } from "./zod-problems.ts";

/** A union of the kind a site file might hold, told apart by a field no engine module names. */
const shapes = z.strictObject({
  shapes: z.array(
    z
      .discriminatedUnion("shape", [
        z.strictObject({ shape: z.literal("circle"), radius: z.number() }),
        z.strictObject({ shape: z.literal("square"), side: z.number() }),
      ])
      .register(discriminators, { noun: "shape", missing: { code: "missing-field", why: "say which shape it is" }, unknown: "invalid-choice" }),
  ),
});
const json = z.toJSONSchema(shapes, JSON_SCHEMA_OPTIONS) as JsonSchema;

function problemsOf(text: string) {
  const { source } = parseYaml("shapes.yaml", text);
  const value: unknown = source!.doc.toJS();
  const result = shapes.safeParse(value, parseOptions);
  return result.success ? [] : zodProblems(source!, json, value, result.error.issues);
}

describe("a union told apart by one field", () => {
  it("carries its field and what it reports into the JSON Schema the editors read", () => {
    expect((json.properties!.shapes!.items as JsonSchema)["x-discriminator"]).toEqual({
      key: "shape",
      noun: "shape",
      missing: { code: "missing-field", why: "say which shape it is" },
      unknown: "invalid-choice",
    });
  });

  it("reports a value none of its alternatives has at that field, with the nearest one and every one", () => {
    expect(problemsOf("shapes:\n  - shape: circle\n    radius: 2\n  - shape: sqare\n    side: 3\n")).toMatchObject([
      {
        code: "invalid-choice",
        line: 4,
        col: 12,
        path: "shapes[1].shape",
        message: 'Unknown shape "sqare".',
        hint: 'Did you mean "square"? Valid shapes: circle, square.',
      },
    ]);
  });

  it("reports the field left out at the item, saying what it is for", () => {
    expect(problemsOf("shapes:\n  - radius: 2\n")).toMatchObject([
      {
        code: "missing-field",
        line: 2,
        path: "shapes[0].shape",
        message: 'Missing "shape": say which shape it is.',
        hint: "Write shape: and one of: circle, square.",
      },
    ]);
  });

  it("checks the fields of the alternative the value names, at their lines", () => {
    expect(problemsOf("shapes:\n  - shape: square\n    radius: 2\n")).toMatchObject([
      { code: "missing-field", line: 2, path: "shapes[0].side" },
      { code: "unknown-field", line: 3, path: "shapes[0].radius" },
    ]);
  });
});

describe("a rule's own problem (params: { code, hint })", () => {
  const size = z.strictObject({
    size: z
      .number()
      .refine((value) => value !== 13, { message: "13 is not a size.", params: { code: "out-of-range" } })
      .refine((value) => value !== 7, { message: "7 is not a size.", params: { code: "out-of-range", hint: "Write 6 or 8." } }),
  });
  const sizeJson = z.toJSONSchema(size, JSON_SCHEMA_OPTIONS) as JsonSchema;
  const sizeProblems = (text: string) => {
    const { source } = parseYaml("size.yaml", text);
    const value: unknown = source!.doc.toJS();
    const result = size.safeParse(value, parseOptions);
    return result.success ? [] : zodProblems(source!, sizeJson, value, result.error.issues);
  };

  it("takes its code's usual fix when the rule gives no hint", () => {
    expect(sizeProblems("size: 13\n")).toMatchObject([{ code: "out-of-range", message: "13 is not a size.", hint: PROBLEM_CODES["out-of-range"].hint }]);
  });

  it("keeps the rule's own hint", () => {
    expect(sizeProblems("size: 7\n")).toMatchObject([{ code: "out-of-range", message: "7 is not a size.", hint: "Write 6 or 8." }]);
  });
});
