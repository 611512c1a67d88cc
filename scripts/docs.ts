/** Writes docs/blocks.md, the block catalogue, from the block registry. Usage: npm run docs */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { blockCatalogue } from "../src/site/block-catalogue.ts";

const root = process.cwd();
mkdirSync(join(root, "docs"), { recursive: true });
writeFileSync(join(root, "docs", "blocks.md"), blockCatalogue(root));
console.log("Block catalogue written to docs/blocks.md.");
