import { Box, chakra, Link, Text } from "@chakra-ui/react";
import { Heading } from "./Heading.tsx";
import type { ReactNode } from "react";
import { AppLink } from "./links.tsx";
import type { MarkdownBlock, MarkdownInline } from "../content/markdown.ts";

const Table = chakra("table");
const Th = chakra("th");
const Td = chakra("td");

/**
 * An article's Markdown, already parsed and checked at build time (content/markdown.ts),
 * as plain elements: the page carries the text, never a parser or an HTML string.
 */
export function Markdown({ blocks }: { blocks: MarkdownBlock[] }) {
  return <>{blocks.map((block, index) => renderBlock(block, index))}</>;
}

const HEADING_SIZES = { 2: { base: "2xl", md: "3xl" }, 3: { base: "xl", md: "2xl" }, 4: "lg" } as const;

function renderBlock(block: MarkdownBlock, key: number): ReactNode {
  switch (block.type) {
    case "heading":
      return (
        <Heading key={key} as={`h${block.level}`} fontSize={HEADING_SIZES[block.level]} lineHeight="1.25" mt={block.level === 2 ? "10" : "8"} mb="3" color="fg">
          {renderInline(block.children)}
        </Heading>
      );
    case "paragraph":
      return (
        <Text key={key} mb="5">
          {renderInline(block.children)}
        </Text>
      );
    case "list":
      return (
        <Box
          key={key}
          as={block.ordered ? "ol" : "ul"}
          {...(block.start !== undefined ? { start: block.start } : {})}
          ps="6"
          mb="5"
          listStyleType={block.ordered ? "decimal" : "disc"}
          css={{ "& > li + li": { mt: "2" }, "& li > p": { mb: "2" }, "& li > p:last-child": { mb: "0" } }}
        >
          {block.items.map((item, index) => (
            <li key={index}>{item.length === 1 && item[0]!.type === "paragraph" ? renderInline(item[0]!.children) : <Markdown blocks={item} />}</li>
          ))}
        </Box>
      );
    case "quote":
      return (
        <Box
          key={key}
          as="blockquote"
          borderStartWidth="4px"
          borderColor="border.action"
          ps="5"
          py="1"
          my="6"
          color="fg.muted"
          fontStyle="italic"
          css={{ "& > p:last-child": { mb: "0" } }}
        >
          <Markdown blocks={block.children} />
        </Box>
      );
    case "table":
      return <MarkdownTable key={key} table={block} />;
  }
}

function renderInline(nodes: MarkdownInline[]): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.value;
      case "emphasis":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "strong":
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case "break":
        return <br key={index} />;
      case "link":
        return (
          <Link key={index} asChild color="fg.link" textDecoration="underline" textUnderlineOffset="2px" fontWeight="medium">
            <AppLink link={node.link}>{renderInline(node.children)}</AppLink>
          </Link>
        );
    }
  });
}

function plainText(nodes: MarkdownInline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.value : node.type === "break" ? " " : "children" in node ? plainText(node.children) : "")).join("");
}

/** Tables of more columns than a phone shows side by side: their rows are stacked there. */
const STACKED_FROM_COLUMNS = 4;

const cellPadding = { px: "4", py: "3" } as const;

/**
 * An article's table, as fits its width on a phone:
 * - up to three columns, a table in a scroll region: focusable (keyboards scroll it), named by
 *   its columns for screen readers, with a shadow on each side that has more to scroll to (the
 *   covers move with the content and hide the shadows once an end is reached);
 * - four columns or more, each row stacked as a card of label and value lines under 48 em, where
 *   a table would leave half its columns off-screen; a table from there up.
 */
function MarkdownTable({ table }: { table: Extract<MarkdownBlock, { type: "table" }> }) {
  const labels = table.head.map(plainText);
  const stacked = table.head.length >= STACKED_FROM_COLUMNS;
  const phone = "@media (max-width: 47.99em)";
  return (
    <Box
      role="region"
      aria-label={labels.join(", ")}
      data-table-layout={stacked ? "stacked" : "scroll"}
      overflowX="auto"
      css={{
        background: [
          "linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent) left / 2.5rem 100% no-repeat local",
          "linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent) right / 2.5rem 100% no-repeat local",
          "radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent) left / 1rem 100% no-repeat scroll",
          "radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent) right / 1rem 100% no-repeat scroll",
        ].join(", "),
        ...(stacked ? { [phone]: { background: "none", borderWidth: "0", overflowX: "visible" } } : {}),
      }}
      mb="6"
      tabIndex={0}
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing" }}
    >
      <Table
        w="full"
        fontSize="md"
        css={{
          borderCollapse: "collapse",
          "& th, & td": { ...cellPadding, borderBottomWidth: "1px", borderColor: "border", verticalAlign: "top" },
          ...(stacked
            ? {
                [phone]: {
                  "& thead": { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" },
                  "& tbody, & tr, & td": { display: "block" },
                  "& tr": { borderWidth: "1px", borderColor: "border", borderRadius: "md", mb: "3", overflow: "hidden" },
                  "& td": { display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", gap: "3", textAlign: "start", py: "2" },
                  "& tr > td:last-child": { borderBottomWidth: "0" },
                  "& td::before": { content: "attr(data-label)", fontWeight: "semibold", color: "fg.muted" },
                  "& tr > td:first-child": { bg: "bg.muted", fontWeight: "semibold" },
                },
              }
            : {}),
        }}
      >
        <thead>
          <tr>
            {table.head.map((cell, index) => (
              <Th key={index} scope="col" textAlign={table.align[index] ?? "start"} bg="bg.muted" fontWeight="semibold">
                {renderInline(cell)}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <Td key={index} textAlign={table.align[index] ?? "start"} data-label={stacked ? labels[index] : undefined}>
                  {renderInline(cell)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Box>
  );
}
