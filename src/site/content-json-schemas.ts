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
  return (cached ??= jsonSchemas() as Record<string, JsonSchema>) as Record<string, JsonSchema> & { pages: JsonSchema; site: JsonSchema; sections: JsonSchema };
}
