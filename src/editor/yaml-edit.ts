/**
 * Edits to a content file as changes to its text, not a new rendering of it: the parsed
 * document says where each node is, and an edit replaces, inserts, removes or moves only
 * those characters. Everything the marketer wrote around them (comments, blank lines,
 * key order, quoting, block styles) stays byte for byte, so a save changes only the lines
 * of what was edited, and a save with no edit changes nothing.
 *
 * Runs in the browser (the editor applies edits at once) and in the server (which
 * validates the result before writing it).
 */
import { isCollection, isMap, isScalar, isSeq, parseDocument, Scalar, stringify, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";

export type PathSegment = string | number;
export type Path = PathSegment[];

export type Edit =
  /** Sets a value: a scalar in place, or a field or item that is not there yet (with its parents). */
  | { op: "set"; path: Path; value: unknown; order?: string[] }
  /** Removes a field of an object, or an item of a list, with the comments above it. */
  | { op: "remove"; path: Path }
  /** Inserts an item into the list at `path`, before the item now at `index` (at the end when index is the length). */
  | { op: "insert"; path: Path; index: number; value: unknown }
  /** Moves an item of the list at `path`, with its comments, so that it ends at `to`. */
  | { op: "move"; path: Path; from: number; to: number }
  /** Copies an item of the list at `path`, comments and all, right after it. */
  | { op: "duplicate"; path: Path; index: number };

export class EditError extends Error {}

export function parse(text: string): Document.Parsed {
  return parseDocument(text, { keepSourceTokens: false, uniqueKeys: false, strict: false });
}

/** The plain value of a file. */
export function valueOf(text: string): unknown {
  return parse(text).toJS({ maxAliasCount: 0 });
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  return edits.reduce(applyEdit, text);
}

export function applyEdit(text: string, edit: Edit): string {
  const doc = parse(text);
  if (doc.errors.length) throw new EditError(`The file has a YAML error and cannot be edited here: ${doc.errors[0]!.message}`);
  const source = new Source(text);
  switch (edit.op) {
    case "set":
      return set(source, doc, edit.path, edit.value, edit.order);
    case "remove":
      return remove(source, doc, edit.path);
    case "insert":
      return insertItem(source, seqAt(doc, edit.path), edit.index, edit.value);
    case "move":
      return moveItem(source, seqAt(doc, edit.path), edit.from, edit.to);
    case "duplicate":
      return duplicateItem(source, seqAt(doc, edit.path), edit.index);
  }
}

/** The text with its lines, and the places edits need: line starts, ends, indentation. */
class Source {
  constructor(readonly text: string) {}
  lineStart(offset: number): number {
    return this.text.lastIndexOf("\n", offset - 1) + 1;
  }
  /** The offset just after the line break ending the line that holds `offset`. */
  lineEnd(offset: number): number {
    const end = this.text.indexOf("\n", offset);
    return end === -1 ? this.text.length : end + 1;
  }
  /** The offset just after the line break ending the line that holds the character before `offset`. */
  lineEndBefore(offset: number): number {
    return offset > 0 && this.text[offset - 1] === "\n" ? offset : this.lineEnd(offset);
  }
  lineAt(start: number): string {
    const end = this.text.indexOf("\n", start);
    return this.text.slice(start, end === -1 ? undefined : end);
  }
  indentOf(line: string): number {
    return line.length - line.trimStart().length;
  }
  previousLineStart(start: number): number | undefined {
    return start === 0 ? undefined : this.lineStart(start - 1);
  }
  splice(start: number, end: number, insert: string): string {
    return this.text.slice(0, start) + insert + this.text.slice(end);
  }
}

const isComment = (line: string) => line.trimStart().startsWith("#");
const isBlank = (line: string) => line.trim() === "";

function childOf(node: Node | null | undefined, segment: PathSegment): Node | undefined {
  if (isMap(node)) return pairOf(node, segment)?.value as Node | undefined;
  if (isSeq(node) && typeof segment === "number") return node.items[segment] as Node | undefined;
  return undefined;
}

function pairOf(map: YAMLMap, key: PathSegment): Pair<Node, Node | null> | undefined {
  return map.items.find((pair) => (isScalar(pair.key) ? pair.key.value : pair.key) === key) as Pair<Node, Node | null> | undefined;
}

function nodeAt(doc: Document, path: Path): Node | undefined {
  let node = doc.contents as Node | null;
  for (const segment of path) {
    const next = childOf(node, segment);
    if (next === undefined) return undefined;
    node = next;
  }
  return node ?? undefined;
}

function seqAt(doc: Document, path: Path): YAMLSeq<Node> {
  const node = nodeAt(doc, path);
  if (!isSeq(node)) throw new EditError(`There is no list at ${path.join(".")}.`);
  if (node.flow) throw new EditError(`The list at ${path.join(".")} is written on one line ([...]); write it as lines starting with "- " to edit it here.`);
  return node as YAMLSeq<Node>;
}

/** Where a node's content ends: its last character that is not a trailing comment or blank line. */
function contentEnd(node: Node | null | undefined, fallback: number): number {
  if (!node) return fallback;
  if (isScalar(node) || (isCollection(node) && node.flow)) return node.range![1];
  if (isMap(node)) {
    const last = node.items.at(-1);
    if (!last) return node.range![1];
    return contentEnd(last.value as Node | null, (last.key as Node).range![1]);
  }
  if (isSeq(node)) {
    const last = node.items.at(-1) as Node | undefined;
    return last ? contentEnd(last, last.range![1]) : node.range![1];
  }
  return node.range![1];
}

/**
 * The lines of one entry (a field, or a list item): the comments written just above it at its
 * indentation, its own lines, and the comments after it indented under it.
 */
function entryLines(source: Source, firstOffset: number, node: Node | null | undefined, keyEnd: number) {
  const lineStart = source.lineStart(firstOffset);
  const column = firstOffset - lineStart;
  const ownIndent = source.indentOf(source.lineAt(lineStart));
  let start = lineStart;
  // Comments above, at the entry's indentation (blank lines between them included, blank lines above them not).
  for (let above = source.previousLineStart(start); above !== undefined; above = source.previousLineStart(above)) {
    const line = source.lineAt(above);
    if (isBlank(line)) continue;
    if (isComment(line) && source.indentOf(line) === ownIndent) start = above;
    else break;
  }
  let end = source.lineEndBefore(contentEnd(node, keyEnd));
  // Comments after, indented deeper than the entry: commented-out fields of it.
  for (let below = end; below < source.text.length;) {
    const line = source.lineAt(below);
    const next = source.lineEnd(below);
    if (isComment(line) && source.indentOf(line) > ownIndent) {
      end = next;
      below = next;
    } else if (isBlank(line)) below = next;
    else break;
  }
  return { start, end, column, indent: ownIndent };
}

function itemLines(source: Source, seq: YAMLSeq<Node>, index: number) {
  const item = seq.items[index]!;
  return entryLines(source, item.range![0], item, item.range![1]);
}

/** The indentation of a list's "- " markers. */
function dashIndent(source: Source, seq: YAMLSeq<Node>): number {
  return source.indentOf(source.lineAt(source.lineStart(seq.items[0]!.range![0])));
}

const STRINGIFY = { lineWidth: 0, minContentWidth: 0 } as const;

function indentLines(text: string, indent: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : indent + line))
    .join("\n");
}

/** One list item as lines at the list's indentation. */
function renderItem(value: unknown, indent: number): string {
  const body = stringify(value, STRINGIFY).replace(/\n$/, "");
  const pad = " ".repeat(indent);
  const lines = body.split("\n");
  const rest = lines.slice(1).map((line) => (line === "" ? line : `${pad}  ${line}`));
  return [`${pad}- ${lines[0]}`, ...rest].join("\n") + "\n";
}

/** One field as lines at an object's indentation. */
function renderPair(key: string, value: unknown, indent: number): string {
  return indentLines(stringify({ [key]: value }, STRINGIFY), " ".repeat(indent));
}

/**
 * A scalar's new text in the style it was written in: plain stays plain when the value
 * allows it, quotes stay the same quotes, a block stays a block at its indentation.
 */
function renderScalar(source: Source, old: Scalar, value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  const type = old.type;
  if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) {
    const start = old.range![0];
    const header = source.lineAt(start);
    const firstContent = source.lineEnd(start);
    const contentIndent =
      firstContent < old.range![1] ? source.indentOf(source.lineAt(firstContent)) : source.indentOf(source.lineAt(source.lineStart(start))) + 2;
    const node = new Scalar(value);
    node.type = type;
    const rendered = stringify({ k: node }, { lineWidth: type === Scalar.BLOCK_FOLDED ? 80 : 0, minContentWidth: 0 }).slice(3);
    // The library writes the block's lines two spaces in; the file has its own indentation.
    const shift = " ".repeat(Math.max(0, contentIndent - 2));
    const lines = rendered.split("\n");
    if (!/^[|>]/.test(lines[0]!) || header.trim().startsWith("#")) return JSON.stringify(value);
    return [lines[0], ...lines.slice(1).map((line) => (line === "" ? line : shift + line))].join("\n");
  }
  if (type === Scalar.QUOTE_SINGLE && !value.includes("\n")) return `'${value.replaceAll("'", "''")}'`;
  if (type === Scalar.QUOTE_DOUBLE) return stringify(value, { ...STRINGIFY, defaultStringType: "QUOTE_DOUBLE" }).replace(/\n$/, "");
  const rendered = stringify(value, STRINGIFY).replace(/\n$/, "");
  // A value that needs several lines is written double-quoted: a block would not fit after the key.
  return rendered.includes("\n") ? JSON.stringify(value) : rendered;
}

const isScalarValue = (value: unknown): value is string | number | boolean => ["string", "number", "boolean"].includes(typeof value);

function set(source: Source, doc: Document, path: Path, value: unknown, order?: string[]): string {
  if (value === undefined) return nodeAt(doc, path) === undefined ? source.text : remove(source, doc, path);
  // The deepest part of the path that is there already.
  let parent = doc.contents as Node | null;
  let depth = 0;
  for (; depth < path.length; depth++) {
    const next = childOf(parent, path[depth]!);
    if (next === undefined) break;
    parent = next;
  }
  if (depth === path.length) {
    const node = parent;
    if (isScalar(node) && isScalarValue(value)) {
      if (node.value === value) return source.text;
      let rendered = renderScalar(source, node, value);
      // Inside [a, b] or { k: v }, a comma or bracket would end the value: such a value is quoted.
      const container = nodeAt(doc, path.slice(0, -1));
      if (isCollection(container) && container.flow && node.type === Scalar.PLAIN && /[,[\]{}]/.test(rendered)) rendered = JSON.stringify(value);
      return source.splice(node.range![0], node.range![1], rendered);
    }
    // A new shape (a list for a text, say): the entry is written anew where it was.
    const parentPath = path.slice(0, -1);
    const last = path.at(-1)!;
    const container = nodeAt(doc, parentPath);
    if (isSeq(container) && typeof last === "number") {
      const without = remove(source, doc, path);
      return applyEdit(without, { op: "insert", path: parentPath, index: last, value });
    }
    if (isMap(container) && typeof last === "string") {
      const pair = pairOf(container, last)!;
      const lines = entryLines(source, (pair.key as Node).range![0], pair.value, (pair.key as Node).range![1]);
      const ownStart = source.lineStart((pair.key as Node).range![0]);
      return source.splice(ownStart, lines.end, renderPair(last, value, lines.indent));
    }
    throw new EditError(`Cannot set ${path.join(".")}.`);
  }
  // What is missing is written as one new entry, holding the rest of the path.
  const missing = path[depth]!;
  let nested: unknown = value;
  for (let index = path.length - 1; index > depth; index--) {
    const segment = path[index]!;
    nested = typeof segment === "number" ? [nested] : { [segment]: nested };
  }
  if (isSeq(parent) && typeof missing === "number") {
    if (missing !== parent.items.length) throw new EditError(`There is no item ${missing} in the list at ${path.slice(0, depth).join(".")}.`);
    return insertItem(source, parent as YAMLSeq<Node>, missing, nested);
  }
  if (isMap(parent) && typeof missing === "string") return insertPair(source, parent as YAMLMap<Node, Node | null>, missing, nested, order);
  if (parent && isScalar(parent) && (parent.value === null || parent.value === "") && depth > 0) {
    // A field written empty ("image:"): its value is written after it.
    const segment = missing;
    const holder = typeof segment === "number" ? [nested] : { [segment]: nested };
    return set(source, doc, path.slice(0, depth), holder);
  }
  throw new EditError(`Cannot add ${path.join(".")}: its parent is not a list or an object.`);
}

/** A new field in an object, after the field that comes before it in `order` (the schema's order), else last. */
function insertPair(source: Source, map: YAMLMap<Node, Node | null>, key: string, value: unknown, order?: string[]): string {
  if (map.flow || map.items.length === 0) {
    if (map.items.length === 0 && map.flow) {
      // "{}": the object is written out in full.
      return source.splice(map.range![0], map.range![1], stringify({ [key]: value }, { ...STRINGIFY, collectionStyle: "flow" }).replace(/\n$/, ""));
    }
    throw new EditError(`The object is written on one line ({...}); write it as lines to edit it here.`);
  }
  const keys = map.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : ""));
  let after = map.items.length - 1;
  if (order) {
    const rank = order.indexOf(key);
    const before = keys.map((existing, index) => ({ index, rank: order.indexOf(existing) })).filter((entry) => entry.rank !== -1 && entry.rank < rank);
    if (rank !== -1) after = before.length ? before.at(-1)!.index : -1;
  }
  const firstKey = map.items[0]!.key as Node;
  const indent = firstKey.range![0] - source.lineStart(firstKey.range![0]);
  const pairIndent = source.indentOf(source.lineAt(source.lineStart(firstKey.range![0])));
  // The first key of a list item sits after "- ": the others are at its column.
  const column = Math.max(indent, pairIndent);
  const text = renderPair(key, value, column);
  if (after === -1) {
    if (indent !== pairIndent) {
      // Before the first field of a list item: the new field takes the "- " line.
      const lineStart = source.lineStart(firstKey.range![0]);
      const dash = source.text.slice(lineStart, firstKey.range![0]);
      return source.splice(lineStart, firstKey.range![0], dash + text.slice(column) + " ".repeat(column));
    }
    const first = map.items[0]!;
    const lines = entryLines(source, (first.key as Node).range![0], first.value, (first.key as Node).range![1]);
    return source.splice(lines.start, lines.start, text);
  }
  const previous = map.items[after]!;
  const lines = entryLines(source, (previous.key as Node).range![0], previous.value, (previous.key as Node).range![1]);
  const at = lines.end;
  const needsBreak = at > 0 && source.text[at - 1] !== "\n";
  return source.splice(at, at, (needsBreak ? "\n" : "") + text);
}

function remove(source: Source, doc: Document, path: Path): string {
  const parentPath = path.slice(0, -1);
  const last = path.at(-1);
  const container = nodeAt(doc, parentPath);
  if (isSeq(container) && typeof last === "number") {
    const seq = container as YAMLSeq<Node>;
    if (!seq.items[last]) throw new EditError(`There is no item ${last} in the list at ${parentPath.join(".")}.`);
    if (seq.flow) throw new EditError(`The list at ${parentPath.join(".")} is written on one line ([...]); write it as lines to edit it here.`);
    if (seq.items.length === 1) return replaceWithEmpty(source, doc, parentPath, "[]");
    return removeItem(source, seq, last);
  }
  if (isMap(container) && typeof last === "string") {
    const pair = pairOf(container, last);
    if (!pair) return source.text;
    if (container.flow) throw new EditError(`The object at ${parentPath.join(".")} is written on one line ({...}); write it as lines to edit it here.`);
    if (container.items.length === 1 && parentPath.length > 0) return replaceWithEmpty(source, doc, parentPath, "{}");
    const lines = entryLines(source, (pair.key as Node).range![0], pair.value, (pair.key as Node).range![1]);
    if (lines.indent !== lines.column) {
      // The first field of a list item: the next field moves up onto the "- " line.
      return source.splice((pair.key as Node).range![0], (container.items[1]!.key as Node).range![0], "");
    }
    return source.splice(lines.start, lines.end, "");
  }
  throw new EditError(`There is nothing at ${path.join(".")} to remove.`);
}

/** A list or object that loses its last entry is written empty ([] or {}), where it was. */
function replaceWithEmpty(source: Source, doc: Document, path: Path, empty: string): string {
  const container = nodeAt(doc, path.slice(0, -1));
  const last = path.at(-1);
  if (!isMap(container) || typeof last !== "string") throw new EditError(`Cannot empty ${path.join(".")}.`);
  const key = pairOf(container, last)!.key as Node;
  const node = nodeAt(doc, path)!;
  return source.text.slice(0, key.range![1]) + `: ${empty}\n` + source.text.slice(source.lineEndBefore(contentEnd(node, key.range![1])));
}

function removeItem(source: Source, seq: YAMLSeq<Node>, index: number): string {
  const lines = itemLines(source, seq, index);
  // The blank lines that separated it from the next item go with it.
  let end = lines.end;
  if (index < seq.items.length - 1) end = itemLines(source, seq, index + 1).start;
  else if (index > 0) {
    const previous = itemLines(source, seq, index - 1);
    return source.splice(previous.end, lines.end, "");
  }
  return source.splice(lines.start, end, "");
}

/** What separates the items of a list (a blank line, or nothing), from the first two. */
function separator(source: Source, seq: YAMLSeq<Node>): string {
  if (seq.items.length < 2) return "";
  const first = itemLines(source, seq, 0);
  const second = itemLines(source, seq, 1);
  return source.text.slice(first.end, second.start);
}

function insertItem(source: Source, seq: YAMLSeq<Node>, index: number, value: unknown): string {
  if (index < 0 || index > seq.items.length) throw new EditError(`There is no place ${index} in the list.`);
  if (seq.items.length === 0) throw new EditError("The list is empty ([]); write its first item by hand.");
  return insertText(source, seq, index, renderItem(value, dashIndent(source, seq)));
}

function insertText(source: Source, seq: YAMLSeq<Node>, index: number, text: string): string {
  const sep = separator(source, seq);
  if (index < seq.items.length) {
    const at = itemLines(source, seq, index).start;
    return source.splice(at, at, text + sep);
  }
  const at = itemLines(source, seq, seq.items.length - 1).end;
  const needsBreak = at > 0 && source.text[at - 1] !== "\n";
  return source.splice(at, at, (needsBreak ? "\n" : "") + sep + text);
}

function duplicateItem(source: Source, seq: YAMLSeq<Node>, index: number): string {
  const lines = itemLines(source, seq, index);
  let copy = source.text.slice(lines.start, lines.end);
  if (!copy.endsWith("\n")) copy += "\n";
  return insertText(source, seq, index + 1, copy);
}

/** Moves the lines of one item (with its comments); the blank lines between items stay where they are. */
function moveItem(source: Source, seq: YAMLSeq<Node>, from: number, to: number): string {
  const count = seq.items.length;
  if (from < 0 || from >= count || to < 0 || to >= count) throw new EditError(`Cannot move item ${from} to ${to} in a list of ${count}.`);
  if (from === to) return source.text;
  const chunks = seq.items.map((_, index) => itemLines(source, seq, index));
  const texts = chunks.map((chunk) => source.text.slice(chunk.start, chunk.end));
  // The last item may end without a line break (at the end of the file).
  const lastHadBreak = texts.at(-1)!.endsWith("\n");
  if (!lastHadBreak) texts[count - 1] += "\n";
  const order = [...texts.keys()];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  let out = "";
  for (let index = 0; index < count; index++) {
    let piece = texts[order[index]!]!;
    if (index === count - 1 && !lastHadBreak) piece = piece.replace(/\n$/, "");
    out += piece;
    if (index < count - 1) out += source.text.slice(chunks[index]!.end, chunks[index + 1]!.start);
  }
  return source.splice(chunks[0]!.start, chunks[count - 1]!.end, out);
}

/** The value at a path of a plain value. */
export function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, segment) => (node === null || typeof node !== "object" ? undefined : (node as Record<PathSegment, unknown>)[segment]),
    value,
  );
}
