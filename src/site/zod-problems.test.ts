import { describe, expect, it } from "vitest";
import { z } from "zod";
import { discriminators } from "../content/discriminators.ts";
import { JSON_SCHEMA_OPTIONS } from "../content/field-kinds.ts";
import type { JsonSchema } from "../content/json-schema-lookup.ts";
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
