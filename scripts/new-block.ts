/**
 * Scaffolds a block: src/blocks/<name>/ with its definition, schema, component,
 * example and test, adds its line to blocks.ts (definitions) and components.ts,
 * and regenerates the JSON Schemas and the block catalogue, so the new block is
 * validated, autocompleted and catalogued at once.
 * Usage: npm run new-block -- <name>   (like price-table)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const name = process.argv[2] ?? "";
const blocks = join(root, "src", "blocks");

if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error(
    `Give the block a name of lowercase words joined by dashes, like price-table: npm run new-block -- price-table${name ? ` (got "${name}")` : ""}.`,
  );
  process.exit(1);
}
if (existsSync(join(blocks, name))) {
  console.error(`src/blocks/${name} exists already: choose another name.`);
  process.exit(1);
}

const pascal = name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());
const camel = pascal[0]!.toLowerCase() + pascal.slice(1);
const title = name.replace(/-/g, " ").replace(/^./, (letter) => letter.toUpperCase());

const files: Record<string, string> = {
  "block.ts": `import { defineBlock } from "../define.ts";
import { ${camel}Schema } from "./schema.ts";

export const block = defineBlock({ schema: ${camel}Schema });
`,
  "schema.ts": `import { z } from "zod";
import { action, blockSchema, sectionHeader, type Resolved } from "../../content/fields.ts";

export const ${camel}Schema = blockSchema(
  "${name}",
  {
    title: "${title}",
    description: "What this block is for, in a sentence a marketer understands (shown in docs/blocks.md and at /blocks).",
  },
  {
    ...sectionHeader(),
    action: action().optional(),
  },
);

/** What the component receives: the validated fields, with links and videos resolved. */
export type ${pascal}Props = Resolved<z.output<typeof ${camel}Schema>>;
`,
  [`${pascal}.tsx`]: `import { Box } from "@chakra-ui/react";
import { useId } from "react";
import { ActionButton } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { ${pascal}Props } from "./schema.ts";

export function ${pascal}({ id, tone = "plain", eyebrow, heading, intro, action }: ${pascal}Props) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {action && (
        <Box textAlign="center">
          <ActionButton {...action} />
        </Box>
      )}
    </Section>
  );
}
`,
  "example.yaml": `type: ${name}
heading: ${title}
intro: Replace this example with one that shows what the block does.
action:
  label: Book a Free Consultation
  to: booking
`,
  [`${name}.test.tsx`]: `import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { ${pascal} } from "./${pascal}.tsx";
import type { ${pascal}Props } from "./schema.ts";

describe("${name} block", () => {
  it("renders its example", () => {
    const { sections, errors } = loadSections(exampleSection("${name}"));
    expect(errors).toEqual([]);
    renderWithProviders(<${pascal} {...(sections[0] as ${pascal}Props)} />);
    expect(screen.getByRole("heading", { name: "${title}" })).toBeInTheDocument();
  });
});
`,
};

mkdirSync(join(blocks, name));
for (const [file, text] of Object.entries(files)) writeFileSync(join(blocks, name, file), text);

register("blocks.ts", `export { block as "${name}" } from "./${name}/block.ts";`);
register("components.ts", `export { ${pascal} as "${name}" } from "./${name}/${pascal}.tsx";`);

// Loaded only now, so that they read the registry with the new block in it.
await import("./schema.ts");
const { blockCatalogue } = await import("../src/site/block-catalogue.ts");
writeFileSync(join(root, "docs", "blocks.md"), blockCatalogue(root));

console.log(`Created src/blocks/${name}/ (block.ts, schema.ts, ${pascal}.tsx, example.yaml, ${name}.test.tsx) and registered it.
Next: describe the block and its fields in schema.ts, build the component, write a real example, then npm test.`);

/** Adds the block's line to an index, in its types' alphabetical order. */
function register(file: string, line: string) {
  const path = join(blocks, file);
  const lines = readFileSync(path, "utf8").split("\n");
  const entries = lines.flatMap((text, index) => (text.startsWith("export {") ? [index] : []));
  if (entries.length === 0) throw new Error(`src/blocks/${file} is not shaped as expected: add ${line} there by hand.`);
  const typeOf = (text: string) => /as "([^"]+)"/.exec(text)?.[1] ?? "";
  const before = entries.find((index) => typeOf(lines[index]!) > name) ?? entries.at(-1)! + 1;
  lines.splice(before, 0, line);
  writeFileSync(path, lines.join("\n"));
}
