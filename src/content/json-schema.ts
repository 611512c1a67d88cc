import { z } from "zod";
import { collectionFileSchema, collections, pagesFileSchema, siteSchema } from "./schema.ts";

/** JSON Schemas of the content files, for editor autocompletion. Keyed by file name stem. */
export function jsonSchemas(): Record<string, object> {
  const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-07" });
  return {
    pages: toJson(pagesFileSchema),
    site: toJson(siteSchema),
    ...Object.fromEntries(Object.entries(collections).map(([name, item]) => [name, toJson(collectionFileSchema(name, item))])),
  };
}
