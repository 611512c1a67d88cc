/**
 * Writes the JSON Schemas that editors use to autocomplete and check the content
 * files (see the yaml-language-server line at the top of each file).
 * --check: exit 1 when the committed schemas differ from the registry's.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jsonSchemas } from "../src/site/content-json-schemas.ts";

const dir = join(process.cwd(), "content", "schema");
const check = process.argv.includes("--check");
const stale: string[] = [];
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(jsonSchemas())) {
  const file = join(dir, `${name}.schema.json`);
  const text = JSON.stringify(schema, null, 2) + "\n";
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current === text) continue;
  if (check) stale.push(file);
  else writeFileSync(file, text);
}
if (check && stale.length) {
  console.log(`Stale JSON Schemas: ${stale.join(", ")}. Run npm run schema and commit the result.`);
  process.exit(1);
}
console.log(check ? "JSON Schemas are up to date." : `JSON Schemas written to ${dir}.`);
