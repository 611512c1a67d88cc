import { isAlias, isNode, LineCounter, parseDocument, visit, type Document } from "yaml";
import type { Problem, SourceFile } from "./problems.ts";

/**
 * Far above real content (a page is about 5 KiB of YAML, so a thousand pages fit
 * in 5 MiB); a cap stops a runaway file before the parser sees it.
 */
export const MAX_CONTENT_BYTES = 16 * 1024 * 1024;
/** Deeper than any real page; deeper input is an accident or an attack on the parser. */
const MAX_NESTING = 64;

export type ParsedYaml = { ok: true; source: SourceFile } | { ok: false; problems: Problem[] };

/**
 * Parses one YAML file strictly: duplicate keys, anchors and aliases, directives
 * and custom tags are errors, each with its line and column.
 */
export function parseYaml(file: string, text: string, maxBytes = MAX_CONTENT_BYTES): ParsedYaml {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) {
    return fail(file, 1, 1, `The file is ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} limit.`, "Split the content, or move long text out of it.");
  }
  const lineCounter = new LineCounter();
  const depthProblem = checkNesting(file, text);
  if (depthProblem) return { ok: false, problems: [depthProblem] };

  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: false, strict: true, stringKeys: true });
  } catch (error) {
    return fail(file, 1, 1, `The file could not be read as YAML (${(error as Error).message}).`);
  }
  const problems: Problem[] = [];
  const at = (offset: number) => lineCounter.linePos(offset);
  const report = (offset: number, message: string, hint?: string) =>
    problems.push({ severity: "error", file, ...at(offset), path: "", message, ...(hint ? { hint } : {}) });
  const misindented = new Set<number>();
  for (const error of [...doc.errors, ...doc.warnings]) {
    const position = at(error.pos[0]);
    // A line out of step with its neighbours makes the parser report several puzzling errors; say what it is, once.
    const indentation = misindentedLine(text, position.line);
    if (indentation) {
      if (!misindented.has(position.line)) problems.push({ severity: "error", file, line: position.line, col: 1, path: "", ...indentation });
      misindented.add(position.line);
      continue;
    }
    const { message, hint } = describeYamlError(error.code, error.message);
    report(error.pos[0], message, hint);
  }
  const directive = /^%[A-Z]+/m.exec(text.slice(0, contentStart(doc)));
  if (directive) {
    report(directive.index, `YAML directives (${directive[0]}) are not supported.`, "Remove the line; content files use plain YAML 1.2.");
  }
  try {
    visitNodes();
  } catch (error) {
    return fail(file, 1, 1, `The file could not be read as YAML (${(error as Error).message}).`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, source: { file, doc, lineCounter } };

  function visitNodes() {
    visit(doc, (_key, node) => {
      if (!isNode(node)) return;
      if (isAlias(node)) {
        report(
          node.range?.[0] ?? 0,
          `Aliases (*${node.source}) are not supported.`,
          "Repeat the content where it is needed; aliases make files hard to read and can be abused to blow up their size.",
        );
      } else if (node.anchor) {
        // The node's range starts after its properties; point at the &anchor itself.
        const start = node.range?.[0] ?? 0;
        const anchorAt = text.lastIndexOf(`&${node.anchor}`, start);
        report(
          anchorAt >= 0 ? anchorAt : start,
          `Anchors (&${node.anchor}) are not supported.`,
          "Remove the anchor and repeat the content where it is needed.",
        );
      }
    });
  }
}

const QUOTE_HINT =
  "If the text contains a colon followed by a space, or starts with one of - ? : , [ ] { } # & * ! | > ' \" % @ `, put the whole text in double quotes.";
const INDENT_HINT = "Check the indentation: fields of the same item line up exactly, with spaces (not tabs), and list items start with '- '.";

function describeYamlError(code: string, message: string): { message: string; hint?: string } {
  const first = message
    .split(/ at line \d+/)[0]!
    .trim()
    .replace(/\.?$/, ".");
  switch (code) {
    case "DUPLICATE_KEY":
      return { message: "This key appears twice in the same block.", hint: "Keep one of them; YAML would silently drop the other." };
    case "TAG_RESOLVE_FAILED":
      return { message: first, hint: "Remove the tag (the word starting with !); content files use plain values." };
    case "BLOCK_AS_IMPLICIT_KEY":
      return { message: "A colon followed by a space inside a value makes YAML read it as a new field.", hint: QUOTE_HINT };
    case "TAB_AS_INDENT":
      return { message: "A tab is used for indentation.", hint: "Indent with spaces only." };
    case "BAD_INDENT":
    case "MISSING_CHAR":
    case "UNEXPECTED_TOKEN":
      return { message: first, hint: `${INDENT_HINT} ${QUOTE_HINT}` };
    default:
      return { message: first, hint: QUOTE_HINT };
  }
}

/**
 * When `line` is a field indented a few spaces off from the field before it (or
 * from the first field of a list item), a message saying so.
 */
function misindentedLine(text: string, line: number): { message: string; hint: string } | undefined {
  const lines = text.split("\n");
  const current = lines[line - 1];
  if (!current || !/^ *[\w-]+:( |$)/.test(current)) return undefined;
  let previous = line - 2;
  while (previous >= 0 && /^\s*(#.*)?$/.test(lines[previous]!)) previous--;
  if (previous < 0) return undefined;
  const before = lines[previous]!;
  const indent = (value: string) => value.length - value.trimStart().length;
  // The fields of a list item line up with the first one, two spaces after its dash.
  const expected = /^ *- [\w-]+:/.test(before) ? indent(before) + 2 : /^ *[\w-]+: \S/.test(before) ? indent(before) : undefined;
  const actual = indent(current);
  if (expected === undefined || actual === expected || Math.abs(actual - expected) > 3) return undefined;
  return {
    message: `This line is indented ${actual} spaces, but the field above it is indented ${expected}.`,
    hint: "Line it up with the other fields of the same item, using spaces only.",
  };
}

function contentStart(doc: Document.Parsed): number {
  const start = doc.contents?.range?.[0];
  return typeof start === "number" ? start : 0;
}

/** The parser recurses on flow collections; refuse absurd nesting before it can overflow the stack. */
function checkNesting(file: string, text: string): Problem | undefined {
  let depth = 0;
  let quote: string | undefined;
  let comment = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") {
      // A stray apostrophe (the '90s) must not switch the guard off for the rest of the file.
      comment = false;
      quote = undefined;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "#" && (i === 0 || /\s/.test(text[i - 1]!))) comment = true;
    else if ((ch === '"' || ch === "'") && (i === 0 || /[\s[{,:]/.test(text[i - 1]!))) quote = ch;
    else if (ch === "[" || ch === "{") {
      if (++depth > MAX_NESTING) {
        const line = text.slice(0, i).split("\n").length;
        const col = i - text.lastIndexOf("\n", i - 1);
        return {
          severity: "error",
          file,
          line,
          col,
          path: "",
          message: `Brackets are nested more than ${MAX_NESTING} levels deep.`,
          hint: "Use indented YAML lists and fields instead of nested brackets.",
        };
      }
    } else if (ch === "]" || ch === "}") depth = Math.max(0, depth - 1);
  }
  return undefined;
}

function fail(file: string, line: number, col: number, message: string, hint?: string): ParsedYaml {
  return { ok: false, problems: [{ severity: "error", file, line, col, path: "", message, hint }] };
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}
