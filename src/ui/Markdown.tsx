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
      return (
        // A wide table scrolls within its box on a phone; the box takes focus so keyboards can scroll it too.
        // A shadow shows on each side that has more to scroll to: the covers move with the content
        // (local) and hide the shadows (scroll) once an end is reached.
        <Box
          key={key}
          overflowX="auto"
          css={{
            background: [
              "linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent) left / 2.5rem 100% no-repeat local",
              "linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent) right / 2.5rem 100% no-repeat local",
              "radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent) left / 1rem 100% no-repeat scroll",
              "radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent) right / 1rem 100% no-repeat scroll",
            ].join(", "),
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
            css={{ borderCollapse: "collapse", "& th, & td": { px: "4", py: "3", borderBottomWidth: "1px", borderColor: "border", verticalAlign: "top" } }}
          >
            <thead>
              <tr>
                {block.head.map((cell, index) => (
                  <Th key={index} scope="col" textAlign={block.align[index] ?? "start"} bg="bg.muted" fontWeight="semibold">
                    {renderInline(cell)}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <Td key={index} textAlign={block.align[index] ?? "start"}>
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
