import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../tests/support/content.ts";
import { blockTypes } from "../blocks/registry.ts";
import { blockCatalogue } from "./block-catalogue.ts";

describe("block catalogue", () => {
  const catalogue = blockCatalogue(ROOT);

  it("is what docs/blocks.md says: run npm run docs after changing a block", () => {
    expect(readFileSync(join(ROOT, "docs", "blocks.md"), "utf8")).toBe(catalogue);
  });

  it("describes every registered block, with its fields and its example", () => {
    for (const type of blockTypes) {
      const start = catalogue.indexOf(`(\`type: ${type}\`)`);
      expect(start, type).toBeGreaterThan(0);
      const section = catalogue.slice(start, catalogue.indexOf("\n## ", start) >>> 0);
      expect(section, type).toContain("| field | type | required | description |");
      expect(section, type).toContain(`\`\`\`yaml\ntype: ${type}\n`);
    }
  });

  it("marks required fields and gives their descriptions from the schema", () => {
    expect(catalogue).toContain("| `heading` | string | yes | The page's main heading. |");
    expect(catalogue).toContain("| `items` | list of `{ question, answer }`, or `faq`, or `{ from, tag, limit }` | yes |");
  });
});
