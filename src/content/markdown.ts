/**
 * Markdown for long-form text (an article's body), parsed at build time into a small
 * tree the article block renders as plain elements: no Markdown parser and no HTML
 * string ever reach the page. Only a safe subset is accepted: headings from level 2,
 * paragraphs, lists, emphasis, links, block quotes and tables. Anything else (raw
 * HTML, images, code, a level-1 heading) is refused at the place it is written.
 *
 * The parser (micromark) spends time in proportion to the product of a paragraph's
 * marks and its length, and more than linear time on long texts; the walkers over its
 * tree (here, in resolve.ts and the article's renderer) recurse once per level of
 * nesting. So before it sees a text, a linear scan refuses what no article needs and
 * would make it slow or overflow the stack: quotes and lists nested too deep,
 * paragraphs crowded with * _ [ ] marks, paragraphs, lines and marks past their limits.
 * What passes is parsed in pieces cut where blocks certainly end, in time proportional
 * to its length, and every tree walk recurses at most as deep as the limits allow.
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

/**
 * What an article's Markdown may hold. Each is far past anything an article needs
 * (the live articles nest quotes 1 deep and have at most 16 emphasis marks in a
 * paragraph) and low enough that any text up to the length limit parses in a few
 * tens of milliseconds and never nests deeper than the tree walkers can follow.
 */
export const MARKDOWN_LIMITS = {
  /** Quotes inside quotes (> > >). */
  quoteDepth: 4,
  /** Lists inside lists, by indentation or by markers on one line (- - 1.). */
  listDepth: 6,
  /** Emphasis and strong text inside each other (***x*** is 2). */
  emphasisDepth: 3,
  /** * and _ in one paragraph, list item, heading or table: unmatched ones cost the parser time in proportion to the paragraph. */
  emphasisMarks: 200,
  /** [ and ] in one paragraph, list item, heading or table, for the same reason. */
  linkBrackets: 200,
  /** Characters in one paragraph, list item, heading or table. */
  paragraphLength: 10_000,
  /** Lines in one article. */
  lines: 1_500,
  /** Characters that start Markdown syntax (* _ [ ] < \ & ` |) in one article. */
  marks: 4_000,
} as const;

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

export interface ParsedMarkdown {
  blocks: MarkdownBlock[];
  problems: MarkdownProblem[];
}

/**
 * Parses Markdown into the article tree, with every problem at its index in the text.
 * Validation, the dev server and the editor parse the same texts again and again, so
 * results are kept for the process: the same text gives the same (shared, never
 * changed) result without parsing again.
 */
export function parseMarkdown(source: string): ParsedMarkdown {
  const known = parsedTexts.get(source);
  if (known) return known;
  const result = parseUncached(source, MIN_PIECE);
  parsedTexts.set(source, result);
  return result;
}

/** A map from text to what it gave, forgetting the oldest entries past a total of characters. */
class TextCache<T> {
  private readonly entries = new Map<string, T>();
  private characters = 0;
  constructor(private readonly maxCharacters: number) {}
  get(text: string): T | undefined {
    return this.entries.get(text);
  }
  set(text: string, value: T): void {
    if (text.length > this.maxCharacters || this.entries.has(text)) return;
    this.entries.set(text, value);
    this.characters += text.length;
    for (const oldest of this.entries.keys()) {
      if (this.characters <= this.maxCharacters) break;
      this.entries.delete(oldest);
      this.characters -= oldest.length;
    }
  }
}

const MICROMARK_OPTIONS = { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] };

// A thousand articles of a few thousand characters: every body of a large site. A parsed text takes
// several times its own size in memory, so the cache is bounded by the characters it holds.
const parsedTexts = new TextCache<ParsedMarkdown>(4_000_000);

/**
 * The same conversion, uncached, with the text given to micromark whole, or cut at
 * every place the scan finds: the two must give the same tree and problems (tests
 * compare them on random articles).
 */
export function parseMarkdownForTest(source: string, pieces: "whole" | "cut everywhere"): ParsedMarkdown {
  return parseUncached(source, pieces === "whole" ? undefined : 0);
}

/** `minPiece`: the shortest piece to cut, or no cuts. */
function parseUncached(source: string, minPiece: number | undefined): ParsedMarkdown {
  const scanned = scanMarkdown(source, minPiece ?? Infinity);
  // A text past a limit is not parsed at all: parsing it is what would be slow or overflow.
  if (scanned.problems.length) return { blocks: [], problems: scanned.problems };
  const problems: MarkdownProblem[] = [];
  let previousLevel = 1;
  // Where the piece being converted starts in the text: micromark's offsets count from the piece.
  let base = 0;
  const at = (node: Nodes) => base + (node.position?.start.offset ?? 0);

  const refuse = (node: Nodes): void => {
    const known = NOT_IN_SUBSET[node.type];
    problems.push({
      at: at(node),
      code: "markdown-unsupported",
      message: `${known?.what ?? `Markdown ${node.type}`} is not allowed in an article.`,
      hint: known?.hint ?? "Use headings (##), paragraphs, lists, *emphasis*, **strong**, [links](/route), > quotes and tables.",
    });
  };

  // The scan bounds the marks in a paragraph, and so how deep emphasis can nest here; deeper than the limit is refused, once per place.
  const inline = (nodes: PhrasingContent[], emphasisDepth = 0): MarkdownInline[] =>
    nodes.flatMap((node): MarkdownInline[] => {
      switch (node.type) {
        case "text":
          return [{ type: "text", value: node.value }];
        case "emphasis":
        case "strong": {
          const depth = emphasisDepth + 1;
          if (depth === MARKDOWN_LIMITS.emphasisDepth + 1) {
            problems.push({
              at: at(node),
              code: "markdown-too-deep",
              message: `Emphasis nested ${depth + deepestEmphasis(node.children)} deep (*, ** or _ inside each other); an article nests emphasis at most ${MARKDOWN_LIMITS.emphasisDepth} deep.`,
              hint: "Remove some of the * and _ marks around this text: one * for emphasis, two ** for strong is all a sentence needs.",
            });
          }
          return [{ type: node.type, children: inline(node.children, depth) }];
        }
        case "break":
          return [{ type: "break" }];
        case "link": {
          const address = addressOffset(source, node, base);
          const parsed = parseLink(node.url);
          if (!parsed.ok) {
            problems.push({ at: address, code: parsed.code, message: parsed.message, hint: parsed.hint });
            return inline(node.children, emphasisDepth);
          }
          if (node.children.length === 0) {
            problems.push({
              at: at(node),
              code: "empty-text",
              message: "A link has no text.",
              hint: "Write the words to click between the brackets: [text](/route).",
            });
          }
          return [{ type: "link", link: parsed.link, at: address, children: inline(node.children, emphasisDepth) }];
        }
        default:
          refuse(node);
          return [];
      }
    });

  const cells = (row: TableRow) => row.children.map((cell) => inline(cell.children));

  // Recurses once per quote and list level: the scan has bounded those.
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

  const result: MarkdownBlock[] = [];
  const starts = [...scanned.pieceStarts, source.length];
  for (let index = 0; index + 1 < starts.length; index++) {
    base = starts[index]!;
    const piece = source.slice(base, starts[index + 1]);
    const pieceBlocks = blocks(fromMarkdown(piece, MICROMARK_OPTIONS).children);
    // A cut between two items of one list: the piece before ends with the list's first items, this one starts with the rest.
    const before = result[result.length - 1];
    const rest = pieceBlocks[0];
    if (scanned.listCuts.has(base) && before?.type === "list" && rest?.type === "list" && before.ordered === rest.ordered) {
      before.items.push(...rest.items);
      pieceBlocks.shift();
    }
    for (const block of pieceBlocks) result.push(block);
  }
  return { blocks: result, problems };
}

/** How much deeper emphasis goes below these nodes (walked without recursion), for the message. */
function deepestEmphasis(nodes: PhrasingContent[]): number {
  let deepest = 0;
  const pending: [PhrasingContent, number][] = nodes.map((node) => [node, 0]);
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    const here = node.type === "emphasis" || node.type === "strong" ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    if ("children" in node) for (const child of node.children) pending.push([child as PhrasingContent, here]);
  }
  return deepest;
}

/**
 * What the scan found before parsing: the first problem that keeps the text from
 * being parsed, and where the text can be cut into pieces that parse alone to the
 * same tree (micromark's time grows faster than the length of what it is given at
 * once). `listCuts`: the cuts between two items of one list, whose halves are joined
 * again after parsing.
 */
interface Scan {
  problems: MarkdownProblem[];
  pieceStarts: number[];
  listCuts: Set<number>;
}

/** A quote on the stack of open containers; a list item is the column its content starts at. */
const QUOTE = -1;

/** How many quotes and lists on one line the scan follows, to say how deep a line past the limit goes. */
const MAX_FOLLOWED_DEPTH = 100;

/** Pieces are cut no shorter than this: micromark is quick on texts of this size, and each call has its own cost. */
const MIN_PIECE = 2_000;

/**
 * One pass over the text, line by line, following quotes and list items roughly as
 * CommonMark opens and continues them. It errs towards counting more (deeper nesting,
 * longer paragraphs) and towards cutting less: a real article is far from every limit,
 * and a cut is made only where every open block has certainly ended. It stops at the
 * first problem: one says what to fix, and the text is not parsed anyway.
 */
function scanMarkdown(source: string, minPiece: number): Scan {
  const problems: MarkdownProblem[] = [];
  const pieceStarts = [0];
  const listCuts = new Set<number>();
  const limits = MARKDOWN_LIMITS;
  const refuse = (at: number, code: ProblemCode, message: string, hint: string) => problems.push({ at, code, message, hint });
  let containers: number[] = [];
  let previousBlank = true;
  let previousOpenedOrdered = false;
  // The marker of the line before (-, *, +, . or )) when it certainly starts an item at the margin, to cut between items of one list.
  let previousItemMarker: string | undefined;
  // A fenced code block or an HTML block that may run over blank lines: no cut until it ends.
  let openUntil: ((line: string) => boolean) | undefined;
  // How many quotes and list items that block is inside: a line that does not continue them all ends it.
  let openDepth = 0;
  // A table or an HTML block may run on until a blank line, over list markers: no cut between items until then.
  let noItemCutUntilBlank = false;
  let lines = 0;
  let marks = 0;
  // The paragraph (list item, heading, table) being read.
  let unitLength = 0;
  let unitEmphasis = 0;
  let unitBrackets = 0;

  for (let lineStart = 0; lineStart <= source.length && problems.length === 0;) {
    let lineEnd = lineStart;
    while (lineEnd < source.length && source[lineEnd] !== "\n" && source[lineEnd] !== "\r") lineEnd++;
    const next = source[lineEnd] === "\r" && source[lineEnd + 1] === "\n" ? lineEnd + 2 : lineEnd + 1;
    lines++;
    if (lines > limits.lines) {
      refuse(
        lineStart,
        "markdown-too-complex",
        `The article has more than ${limits.lines.toLocaleString("en-US")} lines.`,
        "Split it into two articles, or join lines that belong to one paragraph.",
      );
      break;
    }
    const blank = isBlank(source, lineStart, lineEnd);
    const rule = ruleSuffixes(source, lineStart, lineEnd);

    // The containers this line continues, then those it opens.
    let position = lineStart;
    let column = 0;
    let matched = 0;
    let opened = 0;
    let firstOpened: string | undefined;
    let firstOpenedStartsAtOne = false;
    let lastOpenedOrdered = false;
    let lastOpenedStartsAtOne = true;
    let tooDeepAt: number | undefined;
    for (const container of containers) {
      const indent = indentation(source, position, lineEnd, column);
      if (container === QUOTE) {
        if (indent.columns > 3 || source[indent.end] !== ">") break;
        ({ position, column } = afterQuoteMarker(source, indent.end, indent.column));
      } else if (blank) {
        position = lineEnd;
      } else {
        if (indent.columns < container - column) break;
        ({ position, column } = advanceToColumn(source, position, column, container));
      }
      matched++;
    }
    // Past the limit, markers are followed only far enough to say how deep the line goes.
    for (let depth = matched; depth < MAX_FOLLOWED_DEPTH; depth++) {
      const indent = indentation(source, position, lineEnd, column);
      if (indent.columns > 3 || indent.end >= lineEnd) break;
      let after: { position: number; column: number };
      if (source[indent.end] === ">") {
        after = afterQuoteMarker(source, indent.end, indent.column);
        lastOpenedOrdered = false;
        firstOpened ??= ">";
        if (opened === 0) containers = containers.slice(0, matched);
        containers.push(QUOTE);
      } else {
        const marker = listMarker(source, indent.end, lineEnd, rule);
        if (!marker) break;
        const markerEnd = indent.end + marker.width;
        const spaces = indentation(source, markerEnd, lineEnd, indent.column + marker.width);
        const emptyOrIndented = spaces.end >= lineEnd || spaces.columns > 4;
        const contentColumn = emptyOrIndented ? indent.column + marker.width + 1 : spaces.column;
        after = emptyOrIndented ? { position: Math.min(markerEnd + 1, lineEnd), column: contentColumn } : { position: spaces.end, column: spaces.column };
        lastOpenedOrdered = marker.ordered;
        lastOpenedStartsAtOne = marker.startsAtOne;
        if (firstOpened === undefined) {
          firstOpened = spaces.end >= lineEnd ? "empty" : source[markerEnd - 1]!;
          firstOpenedStartsAtOne = marker.startsAtOne;
        }
        if (opened === 0) containers = containers.slice(0, matched);
        containers.push(contentColumn);
      }
      opened++;
      ({ position, column } = after);
      if (tooDeepAt === undefined && depthPastLimit(containers)) tooDeepAt = indent.end;
    }
    if (tooDeepAt !== undefined) {
      // The markers after the first one past the limit are followed too, to say how deep the line goes.
      const quotes = containers.filter((container) => container === QUOTE).length;
      const lists = containers.length - quotes;
      const [what, depth, limit] = quotes > limits.quoteDepth ? ["Quotes", quotes, limits.quoteDepth] : ["Lists", lists, limits.listDepth];
      refuse(
        tooDeepAt,
        "markdown-too-deep",
        `${what} nested ${containers.length >= MAX_FOLLOWED_DEPTH ? `at least ${depth}` : depth} deep; an article nests ${what.toLowerCase()} at most ${limit} deep.`,
        what === "Quotes"
          ? "Remove some of the > marks at the start of the line: a quote within a quote within a quote is hard to follow."
          : "Indent this item less, or write the deepest levels as sentences: readers lose their way in lists nested deeper than a few levels.",
      );
      break;
    }
    if (opened === 0 && matched < containers.length && (blank || previousBlank)) containers = containers.slice(0, matched);

    // Where to cut: before a line at the margin after a blank line, unless it could continue a list (a marker,
    // a digit), as every quote, list, paragraph and table before it has ended; or between two items of one list
    // at the margin (the same marker, each with text on its line), the list's halves joined after parsing.
    // A line certainly starts an item when its marker is a bullet or 1. (these interrupt a paragraph), or
    // when the line before certainly started one with the same marker; any other could be a paragraph's.
    const first = source[lineStart];
    const itemMarker =
      matched === 0 &&
      isListMarkerCharacter(first) &&
      firstOpened !== undefined &&
      firstOpened !== "empty" &&
      firstOpened !== ">" &&
      ("-+*".includes(firstOpened) || firstOpenedStartsAtOne || firstOpened === previousItemMarker)
        ? firstOpened
        : undefined;
    if (!blank && !openUntil && lineStart - pieceStarts[pieceStarts.length - 1]! >= minPiece) {
      if (previousBlank && first !== undefined && !" \t-+*0123456789\uFEFF".includes(first)) pieceStarts.push(lineStart);
      else if (!noItemCutUntilBlank && itemMarker !== undefined && itemMarker === previousItemMarker) {
        pieceStarts.push(lineStart);
        listCuts.add(lineStart);
      }
    }

    // Fenced code and HTML blocks at the margin may hold blank lines: no cut inside them.
    // A line that leaves the quote or item a fence is in ends the fence with it (no lazy line
    // continues code), and may itself start one: "> ```" then "```" opens a second block.
    if (openUntil && matched < openDepth) openUntil = undefined;
    if (openUntil) {
      if (openUntil(source.slice(lineStart, lineEnd))) openUntil = undefined;
    } else if (startsBlockRunningOverBlankLines(source, position, lineEnd)) {
      // Wherever it stands: a line that seems to continue a list item may in fact end it and start the block.
      openUntil = blockRunningOverBlankLines(source.slice(position, lineEnd));
      openDepth = matched + opened;
    }

    // A new paragraph (list item, heading, table) starts after a blank line, with a heading,
    // and with a quote or list item that surely interrupts the one before.
    const content = indentation(source, position, lineEnd, column);
    const interrupts =
      opened > 0 && (!lastOpenedOrdered || lastOpenedStartsAtOne || previousBlank || previousOpenedOrdered || containers[containers.length - 1] === QUOTE);
    if (content.end >= lineEnd || previousBlank || interrupts || isAtxHeading(source, content.end, lineEnd)) {
      unitLength = unitEmphasis = unitBrackets = 0;
    }

    // Marks in the line; an escaped character (\*) is text and does not count as emphasis.
    let hasPipe = false;
    for (let index = position; index < lineEnd; index++) {
      const character = source[index]!;
      if (!"*_[]<\\&`|".includes(character)) continue;
      marks++;
      if (character === "\\") index++;
      else if (character === "*" || character === "_") unitEmphasis++;
      else if (character === "[" || character === "]") unitBrackets++;
      else if (character === "|") hasPipe = true;
    }
    if (blank) noItemCutUntilBlank = false;
    else if (hasPipe || startsWithTag(source, position, lineEnd)) noItemCutUntilBlank = true;
    unitLength += next - position;
    if (unitEmphasis > limits.emphasisMarks) {
      refuse(
        lineStart,
        "markdown-too-complex",
        `A paragraph with more than ${limits.emphasisMarks} emphasis marks (* and _).`,
        "Split the paragraph, or remove marks that do not mark emphasis: text pasted from another tool often brings them along.",
      );
    } else if (unitBrackets > limits.linkBrackets) {
      refuse(
        lineStart,
        "markdown-too-complex",
        `A paragraph with more than ${limits.linkBrackets} link brackets ([ and ]).`,
        "Split the paragraph, or write fewer links in it: a reader follows a few links in a paragraph, not a hundred.",
      );
    } else if (unitLength > limits.paragraphLength) {
      refuse(
        lineStart,
        "markdown-too-complex",
        `A paragraph, list item or table of more than ${limits.paragraphLength.toLocaleString("en-US")} characters.`,
        "Split it with a blank line between the parts: long blocks of text lose readers.",
      );
    } else if (marks > limits.marks) {
      refuse(
        lineStart,
        "markdown-too-complex",
        `The article has more than ${limits.marks.toLocaleString("en-US")} Markdown marks (* _ [ ] < \\ & \` |).`,
        "Split it into two articles, or remove marks that are not needed: text pasted from another tool often brings them along.",
      );
    }

    previousBlank = blank;
    previousOpenedOrdered = opened > 0 && lastOpenedOrdered;
    previousItemMarker = itemMarker;
    lineStart = next;
  }
  return { problems, pieceStarts, listCuts };
}

function isBlank(source: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (source[index] !== " " && source[index] !== "\t") return false;
  return true;
}

function isListMarkerCharacter(character: string | undefined): boolean {
  return character !== undefined && "-+*0123456789".includes(character);
}

/** Spaces and tabs from `position`: where they end, at which column, and how many columns they take (a tab reaches the next multiple of 4). */
function indentation(source: string, position: number, lineEnd: number, column: number) {
  let end = position;
  let reached = column;
  while (end < lineEnd && (source[end] === " " || source[end] === "\t")) {
    reached = source[end] === "\t" ? reached + 4 - (reached % 4) : reached + 1;
    end++;
  }
  return { end, column: reached, columns: reached - column };
}

/** After a > and the one space that may follow it. */
function afterQuoteMarker(source: string, marker: number, column: number) {
  const next = source[marker + 1];
  return next === " " || next === "\t" ? { position: marker + 2, column: column + 2 } : { position: marker + 1, column: column + 1 };
}

function advanceToColumn(source: string, position: number, column: number, target: number) {
  while (column < target && (source[position] === " " || source[position] === "\t")) {
    column = source[position] === "\t" ? column + 4 - (column % 4) : column + 1;
    position++;
  }
  return { position, column };
}

/**
 * Where a line's rule could start (---, * * *): for - and *, the start of the line's
 * end made only of that character, spaces and tabs. Found once per line, so that
 * telling a marker from a rule costs nothing however many markers a line has.
 */
function ruleSuffixes(source: string, lineStart: number, lineEnd: number): { "-": number; "*": number } {
  const suffix = (character: string) => {
    let start = lineEnd;
    while (start > lineStart && (source[start - 1] === character || source[start - 1] === " " || source[start - 1] === "\t")) start--;
    return start;
  };
  return { "-": suffix("-"), "*": suffix("*") };
}

/** A list item's marker at `position` (-, + or * then a space or the line's end; 1. or 1) likewise), unless the line is a rule (---, * * *). */
function listMarker(
  source: string,
  position: number,
  lineEnd: number,
  rule: { "-": number; "*": number },
): { width: number; ordered: boolean; startsAtOne: boolean } | undefined {
  const character = source[position]!;
  if (character === "-" || character === "+" || character === "*") {
    if (!endsMarker(source, position + 1, lineEnd)) return undefined;
    if ((character === "-" || character === "*") && position >= rule[character] && atLeastThree(source, position, lineEnd, character)) return undefined;
    return { width: 1, ordered: false, startsAtOne: true };
  }
  let digits = position;
  while (digits < lineEnd && digits - position < 10 && source[digits]! >= "0" && source[digits]! <= "9") digits++;
  if (digits === position || digits - position > 9) return undefined;
  if ((source[digits] !== "." && source[digits] !== ")") || !endsMarker(source, digits + 1, lineEnd)) return undefined;
  return { width: digits - position + 1, ordered: true, startsAtOne: digits - position === 1 && character === "1" };
}

function endsMarker(source: string, index: number, lineEnd: number): boolean {
  return index >= lineEnd || source[index] === " " || source[index] === "\t";
}

/** Whether `character` occurs three times from `position` on (the rest of the line being that character and spaces). */
function atLeastThree(source: string, position: number, lineEnd: number, character: string): boolean {
  let count = 0;
  for (let index = position; index < lineEnd && count < 3; index++) if (source[index] === character) count++;
  return count >= 3;
}

function isAtxHeading(source: string, position: number, lineEnd: number): boolean {
  let index = position;
  while (index < lineEnd && index - position < 7 && source[index] === "#") index++;
  const hashes = index - position;
  return hashes >= 1 && hashes <= 6 && (index >= lineEnd || source[index] === " " || source[index] === "\t");
}

function depthPastLimit(containers: number[]): boolean {
  const quotes = containers.filter((container) => container === QUOTE).length;
  return quotes > MARKDOWN_LIMITS.quoteDepth || containers.length - quotes > MARKDOWN_LIMITS.listDepth;
}

/** The first character after up to three spaces, where a code fence or an HTML block would start. */
function firstAfterIndent(source: string, lineStart: number, lineEnd: number): string | undefined {
  const indent = indentation(source, lineStart, lineEnd, 0);
  return indent.columns <= 3 ? source[indent.end] : undefined;
}

function startsBlockRunningOverBlankLines(source: string, lineStart: number, lineEnd: number): boolean {
  const first = firstAfterIndent(source, lineStart, lineEnd);
  return first === "`" || first === "~" || first === "<";
}

function startsWithTag(source: string, lineStart: number, lineEnd: number): boolean {
  return firstAfterIndent(source, lineStart, lineEnd) === "<";
}

/**
 * A fenced code block (``` or ~~~) or an HTML block that ends only at its closing
 * mark, not at a blank line: the test that says which line closes it.
 */
function blockRunningOverBlankLines(line: string): ((line: string) => boolean) | undefined {
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line);
  if (fence) {
    const mark = fence[1]!;
    const closing = new RegExp(`^ {0,3}${mark[0] === "`" ? "`" : "~"}{${mark.length},}[ \\t]*$`);
    return (next) => closing.test(next);
  }
  const html = /^ {0,3}<(?:(script|pre|style|textarea)(?:[\s>]|$)|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i.exec(line);
  if (!html) return undefined;
  const end = html[1] ? /<\/(?:script|pre|style|textarea)>/i : html[2] ? /-->/ : html[3] ? /\?>/ : html[4] ? /\]\]>/ : />/;
  const rest = line.slice(html.index + html[0].length);
  if (end.test(rest)) return undefined;
  return (next) => end.test(next);
}

/** Where a link's address is written: after "](" for [text](address), or after "<" for <https://...>. */
function addressOffset(source: string, node: Extract<Nodes, { type: "link" }>, base: number): number {
  const start = base + (node.position?.start.offset ?? 0);
  const end = base + (node.position?.end.offset ?? source.length - base);
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
