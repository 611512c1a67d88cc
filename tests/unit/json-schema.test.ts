import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSchemas } from "../../src/content/json-schema.ts";
import { ROOT } from "../support/content.ts";

describe("JSON Schemas for editors", () => {
  it.each(Object.entries(jsonSchemas()))("content/schema/%s.schema.json is up to date (run npm run schema)", (name, schema) => {
    const committed = readFileSync(join(ROOT, "content", "schema", `${name}.schema.json`), "utf8");
    expect(JSON.parse(committed)).toEqual(schema);
  });

  it("lists every block type for autocompletion, with its description", () => {
    const text = JSON.stringify(jsonSchemas().pages);
    for (const type of ["hero", "stats", "faq"]) expect(text).toContain(`"const":"${type}"`);
    expect(text).toContain("The page's main heading.");
  });

  it("is referenced from the first line of each content file", () => {
    expect(readFileSync(join(ROOT, "pages.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=./content/schema/pages.schema.json");
    expect(readFileSync(join(ROOT, "content", "site.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=./schema/site.schema.json");
  });
});
