/**
 * Writes what the docs take from the code: docs/blocks.md, the block catalogue, from the block
 * registry, and CONTENT.md's table of problem codes, from their catalogue. Usage: npm run docs
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { blockCatalogue } from "../src/site/block-catalogue.ts";
import { withProblemCodeTable } from "../src/content/problem-code-table.ts";

const root = process.cwd();
mkdirSync(join(root, "docs"), { recursive: true });
writeFileSync(join(root, "docs", "blocks.md"), blockCatalogue(root));
console.log("Block catalogue written to docs/blocks.md.");
const guide = join(root, "CONTENT.md");
writeFileSync(guide, withProblemCodeTable(readFileSync(guide, "utf8")));
console.log("Table of problem codes written to CONTENT.md (Reading an error).");
