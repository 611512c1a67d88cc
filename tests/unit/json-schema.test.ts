import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { contentFileList } from "../../src/site/load.ts";
import { jsonSchemas } from "../../src/site/content-json-schemas.ts";
import { COMPONENTS_INDEX, componentsIndex } from "../../scripts/block-index.ts";
import { ROOT, SPEC_SITE } from "../support/fixture-site.ts";

const SCHEMA_LINE = /^# yaml-language-server: \$schema=(\S+)$/m;

describe("JSON Schemas for editors", () => {
  it("come back the same from JSON, as the command line keeps them beside its bundle of the code", () => {
    const made = jsonSchemas();
    expect(JSON.parse(JSON.stringify(made))).toStrictEqual(made);
  });

  it.each(Object.entries(jsonSchemas()))("content/schema/%s.schema.json is up to date (run npm run schema)", (name, schema) => {
    const committed = readFileSync(join(ROOT, "content", "schema", `${name}.schema.json`), "utf8");
    expect(JSON.parse(committed)).toEqual(schema);
  });

  it("src/blocks/components.ts is the index the block folders make (run npm run schema)", () => {
    expect(readFileSync(join(ROOT, COMPONENTS_INDEX), "utf8")).toBe(componentsIndex(ROOT));
  });

  it("lists every block type for autocompletion, with its description", () => {
    const text = JSON.stringify(jsonSchemas().pages);
    for (const type of ["hero", "stats", "faq"]) expect(text).toContain(`"const":"${type}"`);
    expect(text).toContain("The page's main heading.");
  });

  it("is referenced from the first line of each content file as the project ships it", () => {
    expect(readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=./content/schema/pages.schema.json");
    expect(readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=./schema/site.schema.json");
  });

  it("is found where every live content file that names a schema says it is", () => {
    const named = contentFileList().flatMap((file) => {
      const path = join(ROOT, file);
      const reference = existsSync(path) ? SCHEMA_LINE.exec(readFileSync(path, "utf8"))?.[1] : undefined;
      return reference ? [{ file, schema: resolve(dirname(path), reference) }] : [];
    });
    for (const { file, schema } of named) expect(existsSync(schema), `${file} names ${schema}`).toBe(true);
  });
});
