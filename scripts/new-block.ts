/**
 * Scaffolds a block: src/blocks/<name>/ with its definition, schema, component, example
 * and test, adds its line to blocks.ts (the one index written by hand), and regenerates
 * what is made from the code (the component index, the JSON Schemas, the block catalogue),
 * so the new block is validated, autocompleted and catalogued at once.
 * With --interactive, the block is an island (island.ts): its component wakes in the
 * browser, and the scaffold's copies its text to the clipboard, as an example to replace.
 * Usage: npm run new-block -- <name> [--interactive]   (like price-table)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pascalCase } from "./block-index.ts";

const root = process.cwd();
const { positionals, values } = parseArgs({ allowPositionals: true, options: { interactive: { type: "boolean", default: false } } });
const name = positionals[0] ?? "";
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

const pascal = pascalCase(name);
const camel = pascal[0]!.toLowerCase() + pascal.slice(1);
const title = name.replace(/-/g, " ").replace(/^./, (letter) => letter.toUpperCase());

/** The scaffold's own fields: an interactive block has a text to copy, a static one a button. */
const fields = values.interactive
  ? { shape: `text: text("The text a visitor copies with the button, like a discount code."),`, imports: "blockSchema, sectionHeader, text" }
  : { shape: "action: action().optional(),", imports: "action, blockSchema, sectionHeader" };

const staticComponent = `import { Box } from "@chakra-ui/react";
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
`;

const interactiveComponent = `import { Button, Code, HStack } from "@chakra-ui/react";
import { useId, useRef, useState } from "react";
import { copyText } from "../../ui/copy-text.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { ${pascal}Props } from "./schema.ts";

/**
 * An island (island.ts): the prerendered page shows the text, readable without JavaScript;
 * once the block wakes, its button copies the text, or selects it where the browser allows
 * no copying, so that copying is one keystroke away.
 */
export function ${pascal}({ id, tone = "plain", eyebrow, heading, intro, text }: ${pascal}Props) {
  const headingId = useId();
  const textRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyText(text, textRef.current)) setCopied(true);
  }

  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <HStack justifyContent="center" gap="3" flexWrap="wrap">
        <Code ref={textRef} fontSize="lg" px="3" py="2">
          {text}
        </Code>
        <Button type="button" size="lg" variant="outline" colorPalette="navy" aria-live="polite" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </HStack>
    </Section>
  );
}
`;

const staticTest = `import { screen } from "@testing-library/react";
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
`;

const interactiveTest = `import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { ${pascal} } from "./${pascal}.tsx";
import type { ${pascal}Props } from "./schema.ts";

afterEach(() => vi.unstubAllGlobals());

describe("${name} block", () => {
  it("renders its example, and its button copies the text", async () => {
    const { sections, errors } = loadSections(exampleSection("${name}"));
    expect(errors).toEqual([]);
    const props = sections[0] as ${pascal}Props;
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderWithProviders(<${pascal} {...props} />);
    expect(screen.getByRole("heading", { name: "${title}" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByRole("button", { name: "Copied" })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(props.text);
  });
});
`;

const files: Record<string, string> = {
  "block.ts": values.interactive
    ? `import { defineBlock } from "../define.ts";
import { island } from "./island.ts";
import { ${camel}Schema } from "./schema.ts";

export const block = defineBlock({ schema: ${camel}Schema, island });
`
    : `import { defineBlock } from "../define.ts";
import { ${camel}Schema } from "./schema.ts";

export const block = defineBlock({ schema: ${camel}Schema });
`,
  "schema.ts": `import { z } from "zod";
import { ${fields.imports}, type Resolved } from "../../content/fields.ts";

export const ${camel}Schema = blockSchema(
  "${name}",
  {
    title: "${title}",
    description: "What this block is for, in a sentence a marketer understands (shown in docs/blocks.md and at /blocks).",
  },
  {
    ...sectionHeader(),
    ${fields.shape}
  },
);

/** What the component receives: the validated fields, with links and videos resolved. */
export type ${pascal}Props = Resolved<z.output<typeof ${camel}Schema>>;
`,
  [`${pascal}.tsx`]: values.interactive ? interactiveComponent : staticComponent,
  "example.yaml": `type: ${name}
heading: ${title}
intro: Replace this example with one that shows what the block does.
${
  values.interactive
    ? "text: WELCOME-20\n"
    : `action:
  label: Book a Free Consultation
  to: booking
`
}`,
  [`${name}.test.tsx`]: values.interactive ? interactiveTest : staticTest,
  ...(values.interactive
    ? {
        "island.ts": `import { defineIsland } from "../island.ts";
import type { ${pascal}Props } from "./schema.ts";

/** Wakes as the block comes near the screen, so that its button works by the time the visitor reaches it. */
export const island = defineIsland<${pascal}Props>({ when: "visible", by: "hydrate", load: () => import("./${pascal}.tsx").then((module) => module.${pascal}) });
`,
      }
    : {}),
};

mkdirSync(join(blocks, name));
for (const [file, text] of Object.entries(files)) writeFileSync(join(blocks, name, file), text);

// The one index written by hand; the component index is made from the folders (below).
register("blocks.ts", `export { block as "${name}" } from "./${name}/block.ts";`);

// Loaded only now, so that they read the registry with the new block in it.
await import("./schema.ts");
const { blockCatalogue } = await import("../src/site/block-catalogue.ts");
writeFileSync(join(root, "docs", "blocks.md"), blockCatalogue(root));

console.log(`Created src/blocks/${name}/ (${Object.keys(files).join(", ")}) and registered it in src/blocks/blocks.ts.
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
