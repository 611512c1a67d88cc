/**
 * Markdown for long-form text (an article's body), parsed at build time into a small
 * tree the article block renders as plain elements: no Markdown parser and no HTML
 * string ever reach the page. Only a safe subset is accepted: headings from level 2,
 * paragraphs, lists, emphasis, links, block quotes and tables. Anything else (raw
 * HTML, images, code, a level-1 heading) is refused at the place it is written.
 */
import type { Nodes, PhrasingContent, RootContent, TableRow } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTable } from "micromark-extension-gfm-table";
import { parseLink, type Link } from "./link.ts";
import type { ProblemCode } from "./problem-codes.ts";

export type MarkdownInline =
  | { type: "text"; value: string }
  | { type: "emphasis" | "strong"; children: MarkdownInline[] }
  | { type: "break" }
  /** `at`: where the link's address starts in the Markdown, to report it at its own line. */
  | { type: "link"; link: Link; at: number; children: MarkdownInline[] };

export type MarkdownBlock =
  | { type: "heading"; level: 2 | 3 | 4; children: MarkdownInline[] }
  | { type: "paragraph"; children: MarkdownInline[] }
  | { type: "list"; ordered: boolean; start?: number; items: MarkdownBlock[][] }
  | { type: "quote"; children: MarkdownBlock[] }
  | { type: "table"; align: ("left" | "center" | "right" | null)[]; head: MarkdownInline[][]; rows: MarkdownInline[][][] };

/** Markdown as validated: its blocks, which the article block renders. */
export type MarkdownDocument = { $markdown: MarkdownBlock[] };

/** A problem in the Markdown, at a character index of the text (the loader turns it into a line and column of the YAML file). */
export interface MarkdownProblem {
  at: number;
  code: ProblemCode;
  message: string;
  hint: string;
}

/** The deepest heading level an article uses: deeper outlines read better as lists. */
export const MAX_HEADING_LEVEL = 4;

const NOT_IN_SUBSET: Partial<Record<Nodes["type"], { what: string; hint: string }>> = {
  html: {
    what: "Raw HTML",
    hint: "Write it in Markdown instead: ## for a heading, *text* for emphasis, [text](/route) for a link. HTML is not allowed in content.",
  },
  image: { what: "A picture", hint: "Pictures go in their own section (a hero or bio image), not inside an article's text." },
  imageReference: { what: "A picture", hint: "Pictures go in their own section (a hero or bio image), not inside an article's text." },
  code: { what: "A code block", hint: "Write it as a paragraph; indenting a line by four spaces also makes a code block." },
  inlineCode: { what: "Code (text between backticks)", hint: "Remove the backticks, or write *emphasis* instead." },
  thematicBreak: { what: "A horizontal rule (---, ***)", hint: "Start a new part with a ## heading instead." },
  definition: { what: "A link definition ([name]: address)", hint: "Write the address in the link itself: [text](/route)." },
  linkReference: { what: "A reference-style link ([text][name])", hint: "Write the address in the link itself: [text](/route)." },
  footnoteReference: { what: "A footnote", hint: "Put the note in the text, in brackets." },
  footnoteDefinition: { what: "A footnote", hint: "Put the note in the text, in brackets." },
  delete: { what: "Struck-through text", hint: "Remove the ~~ around it." },
};

/** Parses Markdown into the article tree, with every problem at its index in the text. */
export function parseMarkdown(source: string): { blocks: MarkdownBlock[]; problems: MarkdownProblem[] } {
  const problems: MarkdownProblem[] = [];
  const tree = fromMarkdown(source, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const at = (node: Nodes) => node.position?.start.offset ?? 0;
  let previousLevel = 1;

  const refuse = (node: Nodes): void => {
    const known = NOT_IN_SUBSET[node.type];
    problems.push({
      at: at(node),
      code: "markdown-unsupported",
      message: `${known?.what ?? `Markdown ${node.type}`} is not allowed in an article.`,
      hint: known?.hint ?? "Use headings (##), paragraphs, lists, *emphasis*, **strong**, [links](/route), > quotes and tables.",
    });
  };

  const inline = (nodes: PhrasingContent[]): MarkdownInline[] =>
    nodes.flatMap((node): MarkdownInline[] => {
      switch (node.type) {
        case "text":
          return [{ type: "text", value: node.value }];
        case "emphasis":
        case "strong":
          return [{ type: node.type, children: inline(node.children) }];
        case "break":
          return [{ type: "break" }];
        case "link": {
          const address = addressOffset(source, node);
          const parsed = parseLink(node.url);
          if (!parsed.ok) {
            problems.push({ at: address, code: parsed.code, message: parsed.message, hint: parsed.hint });
            return inline(node.children);
          }
          if (node.children.length === 0) {
            problems.push({
              at: at(node),
              code: "empty-text",
              message: "A link has no text.",
              hint: "Write the words to click between the brackets: [text](/route).",
            });
          }
          return [{ type: "link", link: parsed.link, at: address, children: inline(node.children) }];
        }
        default:
          refuse(node);
          return [];
      }
    });

  const cells = (row: TableRow) => row.children.map((cell) => inline(cell.children));

  const blocks = (nodes: RootContent[]): MarkdownBlock[] =>
    nodes.flatMap((node): MarkdownBlock[] => {
      switch (node.type) {
        case "heading": {
          const level = node.depth;
          if (level === 1) {
            problems.push({
              at: at(node),
              code: "markdown-heading",
              message: "A level-1 heading (#) in an article: the page's main heading is its title.",
              hint: "Use ## for the article's parts and ### within them.",
            });
            return [];
          }
          if (level > MAX_HEADING_LEVEL) {
            problems.push({
              at: at(node),
              code: "markdown-heading",
              message: `A level-${level} heading: an article uses headings ## to ${"#".repeat(MAX_HEADING_LEVEL)}.`,
              hint: "Use ### or ####, or make these items a list.",
            });
            return [];
          }
          if (level > previousLevel + 1) {
            problems.push({
              at: at(node),
              code: "markdown-heading",
              message: `A level-${level} heading follows a level-${previousLevel} one: screen-reader users move by headings, and a level is skipped.`,
              hint: `Use ${"#".repeat(previousLevel + 1)} here.`,
            });
          }
          previousLevel = level;
          return [{ type: "heading", level: level as 2 | 3 | 4, children: inline(node.children) }];
        }
        case "paragraph":
          return [{ type: "paragraph", children: inline(node.children) }];
        case "list":
          return [
            {
              type: "list",
              ordered: Boolean(node.ordered),
              ...(node.ordered && node.start !== null && node.start !== undefined && node.start !== 1 ? { start: node.start } : {}),
              items: node.children.map((item) => blocks(item.children)),
            },
          ];
        case "blockquote":
          return [{ type: "quote", children: blocks(node.children) }];
        case "table": {
          const [head, ...rows] = node.children;
          return [{ type: "table", align: node.align ?? [], head: head ? cells(head) : [], rows: rows.map(cells) }];
        }
        default:
          refuse(node);
          return [];
      }
    });

  return { blocks: blocks(tree.children), problems };
}

/** Where a link's address is written: after "](" for [text](address), or after "<" for <https://...>. */
function addressOffset(source: string, node: Extract<Nodes, { type: "link" }>): number {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? source.length;
  const written = source.slice(start, end);
  if (written.startsWith("<")) return start + 1;
  const close = written.lastIndexOf("](");
  if (close < 0) return start;
  // Skip spaces and an opening < before the address.
  let index = start + close + 2;
  while (source[index] === " " || source[index] === "\n" || source[index] === "<") index++;
  return index;
}

/** The text of inline content, for titles and the like. */
export function inlineText(nodes: MarkdownInline[]): string {
  return nodes.map((node) => (node.type === "text" ? node.value : node.type === "break" ? " " : "children" in node ? inlineText(node.children) : "")).join("");
}
