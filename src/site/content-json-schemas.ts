import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { JSON_SCHEMA_OPTIONS } from "../content/field-kinds.ts";
import type { JsonSchema } from "../content/json-schema-lookup.ts";
import { collectionFileSchema, collections, pagesFileSchema, sharedSectionsFileSchema, siteSchema } from "./schema.ts";

/** JSON Schemas of the content files, for editor autocompletion. Keyed by file name stem. */
export function jsonSchemas(): Record<string, object> {
  const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, target: "draft-07" });
  return {
    pages: toJson(pagesFileSchema),
    site: toJson(siteSchema),
    sections: toJson(sharedSectionsFileSchema),
    ...Object.fromEntries(Object.entries(collections).map(([name, item]) => [name, toJson(collectionFileSchema(name, item))])),
  };
}

let cached: Record<string, JsonSchema> | undefined;

/** The same schemas, made once per process, for the loader's messages (json-schema-lookup.ts). */
export function contentJsonSchemas(): Record<string, JsonSchema> & { pages: JsonSchema; site: JsonSchema; sections: JsonSchema } {
  return (cached ??= keptBesideBundle() ?? (jsonSchemas() as Record<string, JsonSchema>)) as Record<string, JsonSchema> & {
    pages: JsonSchema;
    site: JsonSchema;
    sections: JsonSchema;
  };
}

/** Where scripts/cli.mjs says its bundle of the code is. */
export const CLI_BUNDLE_VARIABLE = "SITE_CLI_BUNDLE";

/**
 * Run from the command line's bundle of the code (scripts/cli.mjs), which is made again for any
 * change of the code, the schemas are kept beside it: making them is about 0.15 s of every
 * npm run validate and build, reading them a few milliseconds. Anywhere else (the dev server,
 * the editor, the tests) they are made, since the code may have changed since the last run.
 */
function keptBesideBundle(): Record<string, JsonSchema> | undefined {
  const bundle = process.env[CLI_BUNDLE_VARIABLE];
  if (!bundle || dirname(fileURLToPath(import.meta.url)) !== bundle) return undefined;
  const file = join(bundle, "content-json-schemas.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, JsonSchema>;
  } catch {
    const made = jsonSchemas() as Record<string, JsonSchema>;
    try {
      // Written whole, then renamed: another run reading it meanwhile sees all of it or none.
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify(made));
      renameSync(partial, file);
    } catch {
      // A folder that cannot be written (a read-only checkout): made again next time.
    }
    return made;
  }
}
