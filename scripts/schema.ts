/**
 * Writes what is made from the code: the JSON Schemas that editors use to autocomplete and
 * check the content files (see the yaml-language-server line at the top of each file), and
 * the blocks' component index (src/blocks/components.ts, scripts/block-index.ts).
 * --check: exit 1 when a committed file differs from what the code makes.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jsonSchemas } from "../src/site/content-json-schemas.ts";
import { COMPONENTS_INDEX, componentsIndex } from "./block-index.ts";

const root = process.cwd();
const dir = join(root, "content", "schema");
const check = process.argv.includes("--check");
const stale: string[] = [];
mkdirSync(dir, { recursive: true });
const made: [string, string][] = [
  ...Object.entries(jsonSchemas()).map(([name, schema]): [string, string] => [join(dir, `${name}.schema.json`), JSON.stringify(schema, null, 2) + "\n"]),
  [join(root, COMPONENTS_INDEX), componentsIndex(root)],
];
for (const [file, text] of made) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current === text) continue;
  if (check) stale.push(file);
  else writeFileSync(file, text);
}
if (check && stale.length) {
  console.log(`Stale: ${stale.join(", ")}. Run npm run schema and commit the result.`);
  process.exit(1);
}
console.log(check ? "The JSON Schemas and the component index are up to date." : `JSON Schemas written to ${dir}, the component index to ${COMPONENTS_INDEX}.`);
