/**
 * The block catalogue, generated from the registry: for every block its purpose,
 * its fields (type, whether required, description from the schema) and its
 * example YAML. Written to docs/blocks.md by `npm run docs`; a test fails when
 * that file is stale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { blockSchemas, blockTypes } from "../blocks/registry.ts";
import { FIELD_KINDS, JSON_SCHEMA_OPTIONS } from "../content/field-kinds.ts";
import type { JsonSchema } from "../content/json-schema-lookup.ts";

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export function blockCatalogue(root: string): string {
  const sections = blockTypes.map((type) => {
    const schema = z.toJSONSchema(blockSchemas[type], JSON_SCHEMA_OPTIONS) as JsonSchema;
    const example = readFileSync(join(root, "src", "blocks", type, "example.yaml"), "utf8").trim();
    const rows = fields(schema).filter((row) => row.name !== "type");
    return [
      `## ${schema.title ?? type} (\`type: ${type}\`)`,
      "",
      schema.description ?? "",
      "",
      "| field | type | required | description |",
      "|---|---|---|---|",
      ...rows.map((row) => `| \`${row.name}\` | ${row.type} | ${row.required ? "yes" : "no"} | ${escapeCell(row.description)} |`),
      "",
      "Example:",
      "",
      "```yaml",
      example,
      "```",
    ].join("\n");
  });
  const index = blockTypes.map((type) => `- [\`${type}\`](#${anchor(type)})`).join("\n");
  return [
    "# Block catalogue",
    "",
    "Generated from the block registry by `npm run docs`: do not edit by hand. Every section of a page in",
    "`pages.yaml` is one of these blocks, chosen by its `type`; the fields below are what it accepts, and",
    "its example is a section you can copy into a page. To see every example rendered, run `npm run dev`",
    "and open http://localhost:5173/blocks.",
    "",
    index,
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
}

/** Every field, nested ones as `items[].title`, with what each accepts. */
function fields(schema: JsonSchema, prefix = ""): FieldRow[] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  return Object.entries(object.properties).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const row: FieldRow = { name, type: typeOf(field), required: object.required?.includes(key) ?? false, description: describe(field) };
    const list = listItemsOf(field);
    const nested = list ? fields(list, `${name}[].`) : objectOf(field) ? fields(field, `${name}.`) : [];
    return [row, ...nested];
  });
}

function branches(schema: JsonSchema): JsonSchema[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  return alternatives ? alternatives.flatMap(branches) : [schema];
}

function objectOf(schema: JsonSchema): JsonSchema | undefined {
  return branches(schema).find((branch) => branch.type === "object" && branch.properties && branch.title !== "Collection items");
}

function listItemsOf(schema: JsonSchema): JsonSchema | undefined {
  const list = branches(schema).find((branch) => branch.type === "array" && branch.items);
  return list?.items && objectOf(list.items) ? list.items : undefined;
}

function typeOf(schema: JsonSchema): string {
  if (schema["x-field-kind"] === FIELD_KINDS.price) return "number, or a price's name";
  const kinds = branches(schema).map((branch) => {
    if (branch["x-field-kind"] === FIELD_KINDS.link) return "link";
    if (branch.const !== undefined) return `\`${String(branch.const)}\``;
    if (branch.enum) return `one of ${branch.enum.map((value) => `\`${String(value)}\``).join(", ")}`;
    if (branch.type === "array") return branch.items ? `list of ${typeOf(branch.items)}` : "list";
    if (branch.type === "object") return branch.properties ? `\`{ ${Object.keys(branch.properties).join(", ")} }\`` : "map";
    if (branch.type === "integer") return "whole number";
    return Array.isArray(branch.type) ? branch.type.join(" or ") : (branch.type ?? "any");
  });
  return [...new Set(kinds)].join(", or ");
}

function describe(schema: JsonSchema): string {
  const description = schema.description ?? branches(schema).find((branch) => branch.description)?.description ?? "";
  // A field kept for the content written with it says so, and what to write instead.
  return schema.deprecated ? `${description} **Older way, still works:** ${schema.deprecationMessage ?? ""}`.trim() : description;
}

const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const anchor = (type: string) => `${type}-type-${type}`.toLowerCase().replace(/[^a-z0-9-]/g, "");
