import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, visit, type Document, type Node } from "yaml";
import { firstMisindentedLine } from "./indentation.ts";
import type { ProblemCode } from "./problem-codes.ts";
import { problemAt, type Problem, type SourceFile } from "./problems.ts";
import { keep } from "./kept.ts";
import { cacheWholeValue, fillLineCounter, parseDocumentInPieces, timesAssembled, valueFromItemCache, wholeValueFromCache } from "./yaml-pieces.ts";

/**
 * Far above real content (a page is about 5 KiB of YAML, so a thousand pages fit in 5 MiB;
 * 5,000 articles of the live site's length are 19 MiB); a cap stops a runaway file before
 * the parser sees it.
 */
export const MAX_CONTENT_BYTES = 32 * 1024 * 1024;
/** Deeper than any real page; deeper input is an accident or an attack on the parser. */
const MAX_NESTING = 64;
/**
 * Three times the lines of a thousand-page site. The parser takes about 2 µs a
 * line whatever the line holds (a file of 15 MiB of "#" lines takes 20 s), so the
 * count is capped as well as the size.
 */
export const MAX_LINES = 500_000;

/**
 * The parsed file when it has no error, and every problem found (warnings too). `value`, when
 * there, is the file's content as plain data: a list file's put together from its items' values
 * (kept.ts), kept by node from the last parse; or read from the item cache (the source's document
 * is then parsed only if something asks for it, to place a problem).
 */
export type ParsedYaml = { source?: SourceFile; value?: unknown; problems: Problem[] };

/**
 * Parses one YAML file strictly: duplicate keys, anchors and aliases, directives
 * and custom tags are errors, each with its line and column. Indentation mistakes
 * are one problem at the line that is out of step, in plain words.
 */
export function parseYaml(
  file: string,
  text: string,
  maxBytes = MAX_CONTENT_BYTES,
  { itemCache, codeKey }: { itemCache?: string; codeKey?: string } = {},
): ParsedYaml {
  // The command line reads each file once a run, through its item cache on disk.
  if (itemCache !== undefined) return parseText(file, text, maxBytes, itemCache, codeKey);
  const last = lastParses.get(file);
  if (last && last.text === text && last.maxBytes === maxBytes && last.assembled === timesAssembled(file)) return last.parsed;
  const parsed = parseText(file, text, maxBytes, undefined);
  lastParses.set(file, { text, maxBytes, assembled: timesAssembled(file), parsed });
  return parsed;
}

/**
 * Each file's last parse, by its name in the content folder. The dev server and the editor read
 * every content file again at each save, and most are as they were: the same text gives the
 * same parse (the same document, value and problems, none of which anything changes), so an
 * unchanged file is neither parsed nor, downstream, checked again (its value is the very object
 * the last load had: kept.ts). A large list file parsed by item keeps its pieces as well
 * (yaml-pieces.ts), for when its text did change; a parse is given again only while no other
 * parse of the file has moved those pieces since (one through the item cache, in a process that
 * reads both ways).
 */
const lastParses = new Map<string, { text: string; maxBytes: number; assembled: number; parsed: ParsedYaml }>();

/** `codeKey`: the version of the code, under which the places of problems in items are kept (yaml-pieces.ts). */
function parseText(file: string, text: string, maxBytes: number, itemCache: string | undefined, codeKey?: string): ParsedYaml {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) {
    return fail(
      file,
      1,
      1,
      "file-too-large",
      `The file is ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} limit.`,
      "Split the content, or move long text out of it.",
    );
  }
  const lineCount = countLines(text);
  if (lineCount > MAX_LINES) {
    return fail(
      file,
      MAX_LINES + 1,
      1,
      "too-many-lines",
      `The file has ${lineCount.toLocaleString("en-US")} lines, over the ${MAX_LINES.toLocaleString("en-US")} limit.`,
      "Split the content, or remove long runs of comments or blank lines.",
    );
  }
  // Tabs make the parser misread every line after them; one problem at the first says it all.
  const tab = firstIndentingTab(text);
  if (tab)
    return fail(
      file,
      tab.line,
      tab.col,
      "tab-indent",
      "Tabs are not allowed for indentation.",
      "Indent with spaces only: replace the tab at the start of this line with spaces (two per level). Most editors can convert tabs to spaces for the whole file.",
    );
  const lineCounter = new LineCounter();
  const depthProblem = checkNesting(file, text);
  if (depthProblem) return { problems: [depthProblem] };

  const cached =
    itemCache === undefined ? undefined : (valueFromItemCache(text, itemCache, isClean, { codeKey }) ?? wholeValueFromCache(text, itemCache, codeKey));
  if (cached !== undefined) {
    fillLineCounter(lineCounter, text);
    let doc: Document.Parsed | undefined;
    const source: SourceFile = {
      file,
      lineCounter,
      text,
      // The same document a parse of the file gives, made only when a problem is to be placed outside the items.
      get doc() {
        return (doc ??= parseDocumentInPieces(file, text, new LineCounter()));
      },
      ...(cached.items ? { listItems: cached.items } : {}),
    };
    return { source, value: cached.value, problems: [] };
  }

  let doc: Document.Parsed;
  try {
    doc = parseDocumentInPieces(file, text, lineCounter);
  } catch (error) {
    return fail(file, 1, 1, "yaml-syntax", `The file could not be read as YAML (${(error as Error).message}).`);
  }
  const problems: Problem[] = [];
  const at = (offset: number) => lineCounter.linePos(offset);
  const report = (offset: number, code: ProblemCode, message: string, hint?: string, severity: Problem["severity"] = "error") =>
    problems.push(problemAt({ file, ...at(offset) }, [], { code, message, ...(hint ? { hint } : {}) }, { severity }));

  const parserErrors = [...doc.errors, ...doc.warnings];
  if (parserErrors.length) {
    // An indentation mistake makes the parser report several puzzling errors, on this line or later
    // ones: when the first of them is at or after the line out of step, that line is the one problem.
    const firstError = Math.min(...parserErrors.slice(0, 1000).map((error) => at(error.pos[0]).line));
    const misindented = firstMisindentedLine(text.split("\n"));
    if (misindented && firstError >= misindented.line - 1) {
      return {
        problems: [
          problemAt({ file, line: misindented.line, col: misindented.indent + 1 }, [], {
            code: "bad-indent",
            message: misindented.message,
            hint: misindented.hint,
          }),
        ],
      };
    }
    // One problem a line: the parser often says several things about one mistake.
    const lines = new Set<number>();
    for (const error of parserErrors) {
      const { line } = at(error.pos[0]);
      if (lines.has(line)) continue;
      lines.add(line);
      const { code, message, hint } = describeYamlError(error.code);
      report(error.pos[0], code, message, hint);
    }
  }
  const directive = /^%[A-Z]+/m.exec(text.slice(0, contentStart(doc)));
  if (directive) {
    report(directive.index, "yaml-directive", `YAML directives (${directive[0]}) are not supported.`, "Remove the line; content files use plain YAML 1.2.");
  }
  try {
    visitNodes(doc, text, report);
  } catch (error) {
    return fail(file, 1, 1, "yaml-syntax", `The file could not be read as YAML (${(error as Error).message}).`);
  }
  if (problems.some((problem) => problem.severity === "error")) return { problems };
  const value = listValue(doc) ?? wholeValue(doc);
  if (itemCache !== undefined && problems.length === 0) cacheWholeValue(text, itemCache, value);
  return { source: { file, doc, lineCounter, text }, value, problems };
}

/**
 * Each item's value, by its node: an item whose text is unchanged is the same node in the next
 * parse of a large file (yaml-pieces.ts), so it is the same value, and what is worked out from
 * the value alone (its validation, load.ts) is kept with it (kept.ts).
 */
const itemValues = new WeakMap<Node, unknown>();

/** A file's value read whole, or undefined when it cannot be read (load.ts reads it again and reports why). */
function wholeValue(doc: Document.Parsed): unknown {
  try {
    return doc.toJS({ maxAliasCount: 0 });
  } catch {
    return undefined;
  }
}

/**
 * The value of a file that is one field holding a list (`routes:`, `items:`), put together from
 * its items' values; undefined for any other file, whose document is then read whole.
 */
function listValue(doc: Document.Parsed): Record<string, unknown[]> | undefined {
  const root = doc.contents;
  const field = isMap(root) && root.items.length === 1 ? root.items[0] : undefined;
  if (!field || !isScalar(field.key) || typeof field.key.value !== "string" || !isSeq(field.value)) return undefined;
  const values: unknown[] = [];
  for (const item of field.value.items) {
    if (!isNode(item)) return undefined;
    let value = itemValues.get(item);
    if (value === undefined) itemValues.set(item, (value = keep(item.toJS(doc, { maxAliasCount: 0 }))));
    values.push(value);
  }
  return { [field.key.value]: values };
}

/**
 * The tags YAML 1.1 knew that the parser still turns into values other than plain data (a Date,
 * bytes, a Set, a Map): refused, where a schema would otherwise see a strange object.
 */
const NOT_PLAIN_DATA = new Set(["binary", "omap", "pairs", "set", "timestamp"].map((name) => `tag:yaml.org,2002:${name}`));

/**
 * An item parsed alone holds nothing parseYaml would refuse or warn about in its nodes, and no
 * tag at all (what a tag makes of a value is left to the parse of the whole file). A directive
 * cannot be in it: a file whose first line is not its one field is never cut.
 */
function isClean(item: Document.Parsed): boolean {
  let clean = true;
  visitNodes(item, "", () => (clean = false));
  visit(item, (_key, node) => {
    if (isNode(node) && node.tag !== undefined) clean = false;
  });
  return clean;
}

/**
 * What parseYaml refuses or warns about in a parsed document beyond the parser's own errors:
 * anchors, aliases, and text cut short by a " #" that YAML reads as a comment.
 */
function visitNodes(
  doc: Document.Parsed,
  text: string,
  report: (offset: number, code: ProblemCode, message: string, hint?: string, severity?: Problem["severity"]) => void,
) {
  // The items of the file's list, each visited alone: an item found clean is skipped from then on.
  const items = new Set(listItemsOf(doc));
  for (const item of items) {
    if (cleanItems.has(item)) continue;
    let reported = false;
    visit(item, (_key, node) =>
      checkNode(node, text, (...problem) => {
        reported = true;
        report(...problem);
      }),
    );
    if (!reported) cleanItems.add(item);
  }
  visit(doc, (_key, node) => (isNode(node) && items.has(node) ? visit.SKIP : checkNode(node, text, report)));
}

/**
 * Items of large files in which visitNodes found nothing. A large file is parsed in pieces, and an
 * item whose text has not changed is the same node in the next parse (yaml-pieces.ts): the dev
 * server does not visit the thousand pages a save left as they were.
 */
const cleanItems = new WeakSet<Node>();

/** The items of a file that is one field holding a list (`routes:`, `items:`), as the content files are. */
function listItemsOf(doc: Document.Parsed): Node[] {
  const root = doc.contents;
  const field = isMap(root) && root.items.length === 1 ? root.items[0] : undefined;
  return field && isSeq(field.value) ? field.value.items.filter(isNode) : [];
}

function checkNode(
  node: unknown,
  text: string,
  report: (offset: number, code: ProblemCode, message: string, hint?: string, severity?: Problem["severity"]) => void,
): void {
  if (!isNode(node)) return;
  if (node.tag !== undefined && NOT_PLAIN_DATA.has(node.tag)) {
    // As for an anchor, the node's range starts after the tag: point at the tag itself.
    const written = node.tag.replace("tag:yaml.org,2002:", "!!");
    const start = node.range?.[0] ?? 0;
    const tagAt = text.lastIndexOf(written, start);
    report(
      tagAt >= 0 ? tagAt : start,
      "yaml-tag",
      `The tag ${written} is not supported: content is text, numbers, true or false, lists and fields.`,
      "Remove the tag and write the value as plain text (a date like 2026-09-15).",
    );
  } else if (isAlias(node)) {
    report(
      node.range?.[0] ?? 0,
      "yaml-alias",
      `Aliases (*${node.source}) are not supported.`,
      "Repeat the content where it is needed; aliases make files hard to read and can be abused to blow up their size.",
    );
  } else if (node.anchor) {
    // The node's range starts after its properties; point at the &anchor itself.
    const start = node.range?.[0] ?? 0;
    const anchorAt = text.lastIndexOf(`&${node.anchor}`, start);
    report(
      anchorAt >= 0 ? anchorAt : start,
      "yaml-anchor",
      `Anchors (&${node.anchor}) are not supported.`,
      "Remove the anchor and repeat the content where it is needed.",
    );
  } else if (isScalar(node) && node.type === "PLAIN" && typeof node.value === "string" && node.value.includes(" ") && node.comment !== undefined) {
    // "It's 100% tax-deductible # ask us": YAML ends the text at " #", and the page shows less than the author wrote.
    const shown = node.value;
    const dropped = `#${node.comment}`;
    report(
      node.range?.[1] ?? node.range?.[0] ?? 0,
      "comment-in-text",
      `The text stops before " ${dropped}": YAML reads a space and # as the start of a comment, so the page shows "${shown}".`,
      `To show it, put the whole text in double quotes: "${shown} ${dropped}". For a note to editors, put the comment on a line of its own.`,
      "warning",
    );
  }
}

const QUOTE_HINT =
  "If the text contains a colon followed by a space, or starts with one of - ? : , [ ] { } # & * ! | > ' \" % @ `, put the whole text in double quotes.";
const INDENT_HINT = "Check the indentation: fields of the same item line up exactly, with spaces (not tabs), and list items start with '- '.";

/** The parser's errors, by their codes, in words for authors. */
function describeYamlError(code: string): { code: ProblemCode; message: string; hint?: string } {
  switch (code) {
    case "DUPLICATE_KEY":
      return { code: "duplicate-key", message: "This field appears twice in the same place.", hint: "Keep one of them; YAML would silently drop the other." };
    case "TAG_RESOLVE_FAILED":
    case "BAD_COLLECTION_TYPE":
      return { code: "yaml-tag", message: "Custom tags (words starting with !) are not supported.", hint: "Remove the tag; content files use plain values." };
    case "BLOCK_AS_IMPLICIT_KEY":
    case "MULTILINE_IMPLICIT_KEY":
      return { code: "unquoted-colon", message: "A colon followed by a space inside a value makes YAML read it as a new field.", hint: QUOTE_HINT };
    case "TAB_AS_INDENT":
      return { code: "tab-indent", message: "Tabs are not allowed for indentation.", hint: "Indent with spaces only." };
    case "BAD_DQ_ESCAPE":
      return {
        code: "yaml-syntax",
        message: "A backslash in double quotes starts an escape such as \\n, and this one is not valid.",
        hint: "Write \\\\ for a backslash, or put the text in single quotes.",
      };
    case "MISSING_CHAR":
      return {
        code: "yaml-syntax",
        message: "A closing quote or bracket is missing.",
        hint: "Close the quote or bracket that opens before this point, on the same value.",
      };
    case "MULTIPLE_DOCS":
      return {
        code: "yaml-syntax",
        message: "The file holds more than one document (a line with --- in the middle).",
        hint: "Remove the --- line: a content file is one document.",
      };
    case "BAD_SCALAR_START":
      return { code: "yaml-syntax", message: "A value cannot start with this character unless it is quoted.", hint: QUOTE_HINT };
    case "NON_STRING_KEY":
    case "KEY_OVER_1024_CHARS":
      return { code: "yaml-syntax", message: "A field name must be a short plain word, like heading.", hint: INDENT_HINT };
    case "MULTIPLE_ANCHORS":
    case "ALIAS_PROPS":
    case "BAD_ALIAS":
      return { code: "yaml-alias", message: "Anchors and aliases are not supported.", hint: "Repeat the content where it is needed." };
    default:
      return { code: "yaml-syntax", message: "YAML cannot read the file at this point.", hint: `${INDENT_HINT} ${QUOTE_HINT}` };
  }
}

function countLines(text: string): number {
  let count = 1;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** The first tab in a line's indentation (before its first visible character), if any. */
function firstIndentingTab(text: string): { line: number; col: number } | undefined {
  // A file without a tab (nearly every one) is answered without the line-by-line search.
  if (!text.includes("\t")) return undefined;
  const found = /^[ ]*\t[ \t]*\S/m.exec(text);
  if (!found) return undefined;
  const line = countLines(text.slice(0, found.index));
  return { line, col: found[0].indexOf("\t") + 1 };
}

function contentStart(doc: Document.Parsed): number {
  const start = doc.contents?.range?.[0];
  return typeof start === "number" ? start : 0;
}

const DOUBLE_QUOTE_END = /["\n]/g;
const SINGLE_QUOTE_END = /['\n]/g;

/** The parser recurses on flow collections; refuse absurd nesting before it can overflow the stack. */
function checkNesting(file: string, text: string): Problem | undefined {
  let depth = 0;
  // From one character that matters to the next: a page of plain text is skipped at the regular
  // expression's speed, and so is the rest of a comment's line or of a quoted text (a line's end
  // closes either: a stray apostrophe, as in the '90s, must not switch the guard off for the rest
  // of the file).
  const marks = /[#"'[\]{}]/g;
  for (let found = marks.exec(text); found; found = marks.exec(text)) {
    const i = found.index;
    const ch = found[0];
    if (ch === "#") {
      if (i === 0 || /\s/.test(text[i - 1]!)) {
        const lineEnd = text.indexOf("\n", i);
        if (lineEnd < 0) break;
        marks.lastIndex = lineEnd + 1;
      }
    } else if (ch === '"' || ch === "'") {
      if (i === 0 || /[\s[{,:]/.test(text[i - 1]!)) {
        // Whichever comes first, so a long line of quotes is still read once.
        const closing = ch === '"' ? DOUBLE_QUOTE_END : SINGLE_QUOTE_END;
        closing.lastIndex = i + 1;
        if (!closing.exec(text)) break;
        marks.lastIndex = closing.lastIndex;
      }
    } else if (ch === "[" || ch === "{") {
      if (++depth > MAX_NESTING) {
        const line = text.slice(0, i).split("\n").length;
        const col = i - text.lastIndexOf("\n", i - 1);
        return problemAt({ file, line, col }, [], {
          code: "nesting-too-deep",
          message: `Brackets are nested more than ${MAX_NESTING} levels deep.`,
          hint: "Use indented YAML lists and fields instead of nested brackets.",
        });
      }
    } else depth = Math.max(0, depth - 1);
  }
  return undefined;
}

function fail(file: string, line: number, col: number, code: ProblemCode, message: string, hint?: string): ParsedYaml {
  return { problems: [problemAt({ file, line, col }, [], { code, message, ...(hint ? { hint } : {}) })] };
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}
