/**
 * Where a character of a text value is in its YAML file. A problem inside long text
 * (a link in an article's Markdown) is reported at its own line and column, not at
 * the start of the field: the text's characters are mapped back to the file through
 * the way YAML wrote them (a literal block |, a folded block >, or a one-line value).
 * When the mapping cannot be made exactly, the field's start is the answer.
 */
import { isScalar, type Scalar } from "yaml";
import { locateOffset, type FilePosition, type PathSegment, type SourceFile } from "./problems.ts";

/** Where the character at `index` of the text value at `path` is: a position problemAt takes. */
export function locateInText(source: SourceFile, path: readonly PathSegment[], index: number): FilePosition {
  const { offset, node, found } = locateOffset(source, path);
  const at = (position: number) => ({ file: source.file, ...source.lineCounter.linePos(position) });
  if (!found || !source.text || !isScalar(node) || typeof node.value !== "string") return at(offset);
  const offsets = valueOffsets(source.text, node as Scalar<string>);
  return at(offsets?.[Math.max(0, Math.min(index, offsets.length - 1))] ?? offset);
}

/** The file offset of every character of the scalar's value, or undefined when it cannot be worked out exactly. */
export function valueOffsets(text: string, node: Scalar<string>): number[] | undefined {
  const range = node.range;
  if (!range) return undefined;
  const [start, end] = range;
  const value = node.value;
  if (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED") return blockOffsets(text, start, end, value, node.type === "BLOCK_FOLDED");
  // One-line values without escapes: the text is the value, after the opening quote if any.
  const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  const from = quoted ? start + 1 : start;
  const written = text.slice(from, quoted ? end - 1 : end);
  if (written !== value) return undefined;
  return Array.from({ length: value.length + 1 }, (_, i) => from + i);
}

/**
 * A block scalar's characters, rebuilt from its lines as YAML reads them (indentation
 * removed; for >, single line breaks folded into spaces), each with its place in the
 * file. The rebuilt text must equal the parsed value, or there is no answer.
 */
function blockOffsets(text: string, start: number, end: number, value: string, folded: boolean): number[] | undefined {
  const headerEnd = text.indexOf("\n", start);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  const lines: { from: number; text: string }[] = [];
  for (let from = headerEnd + 1; from < end;) {
    const newline = text.indexOf("\n", from);
    const to = newline < 0 || newline > end ? end : newline;
    lines.push({ from, text: text.slice(from, to).replace(/\r$/, "") });
    from = to + 1;
  }
  const firstContent = lines.find((line) => line.text.trim() !== "");
  if (!firstContent) return undefined;
  const header = text.slice(start, headerEnd);
  const explicit = /^[|>][+-]?([1-9])|^[|>][1-9]?[+-]?/.exec(header)?.[1];
  const indents = explicit ? [...new Set([Number(explicit), firstContent.text.length - firstContent.text.trimStart().length])] : [indentOf(firstContent.text)];
  for (const indent of indents) {
    const built = build(lines, indent, folded);
    if (built.chars.join("").replace(/\n+$/, "") === value.replace(/\n+$/, "")) return [...built.offsets, built.offsets.at(-1) ?? start];
  }
  return undefined;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

function build(lines: { from: number; text: string }[], indent: number, folded: boolean) {
  const chars: string[] = [];
  const offsets: number[] = [];
  const push = (char: string, offset: number) => {
    chars.push(char);
    offsets.push(offset);
  };
  let previous: "normal" | "more" | undefined;
  let previousEnd = 0;
  let blank = 0;
  for (const line of lines) {
    if (line.text.trim() === "" && line.text.length <= indent) {
      blank++;
      continue;
    }
    const content = line.text.slice(indent);
    const more = /^[ \t]/.test(content);
    let breaks: number;
    if (previous === undefined) breaks = blank;
    else if (!folded) breaks = blank + 1;
    else if (previous === "normal" && !more) breaks = blank;
    else breaks = blank + 1;
    if (previous !== undefined && folded && previous === "normal" && !more && blank === 0) push(" ", previousEnd);
    for (let i = 0; i < breaks; i++) push("\n", previousEnd);
    for (let i = 0; i < content.length; i++) push(content[i]!, line.from + indent + i);
    previous = more ? "more" : "normal";
    previousEnd = line.from + line.text.length;
    blank = 0;
  }
  return { chars, offsets };
}
