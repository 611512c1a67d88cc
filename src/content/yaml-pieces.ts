/**
 * A large content file parsed item by item, each item remembered by its text.
 *
 * A site of a thousand pages is one pages.yaml of about 5 MiB, and parsing it is most
 * of what validating it costs (about 2 µs a line). The dev server and the page editor
 * validate it again on every save, yet a save changes one page: here the file's list
 * (`routes:`, `items:`) is cut where each item starts, each item is parsed alone, and an
 * item whose text has not changed since the file was last parsed is taken as it was
 * (its positions moved to where it now stands). The pieces are put together into the one
 * document the rest of validation reads, the same nodes at the same offsets as a parse
 * of the whole text.
 *
 * Only a file laid out as the content files are (comments, one top-level field, then
 * its list's items at one indentation, in plain LF text) is cut; anything else, and any
 * file in which a piece does not parse cleanly, is parsed whole, so every message about
 * a mistake comes from the whole file's parse, as before.
 */
import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument, YAMLSeq, type Document, type Node } from "yaml";

/** The parser's options for content files (yaml.ts). */
export const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: false, merge: false, strict: true, stringKeys: true } as const;

/** Below this size a file is parsed whole: cutting it saves nothing worth its cost. */
export const MIN_PIECED_BYTES = 256 * 1024;

/** An item as last parsed: its node, and the offset in the file its positions count from. */
interface Piece {
  node: Node;
  offset: number;
}

/** Per file: the items of its last parse, by their text. Only the last parse is kept, so memory stays one document per file. */
const lastPieces = new Map<string, Map<string, Piece>>();

/**
 * The file's document, from its pieces where the file allows it, else parsed whole.
 * `lineCounter` is filled either way.
 */
export function parseDocumentInPieces(
  file: string,
  text: string,
  lineCounter: LineCounter,
  { minBytes = MIN_PIECED_BYTES }: { minBytes?: number } = {},
): Document.Parsed {
  const cut = text.length >= minBytes ? cutItems(text) : undefined;
  const pieced = cut && assemble(file, text, cut);
  if (pieced) {
    lineCounter.addNewLine(0);
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lineCounter.addNewLine(at + 1);
    return pieced;
  }
  lastPieces.delete(file);
  return parseDocument(text, { lineCounter, ...YAML_OPTIONS });
}

/** Where the header ends and each item starts (the start of its line), or undefined when the file is not laid out to be cut. */
function cutItems(text: string): { itemStarts: number[]; indent: number } | undefined {
  if (text.includes("\r")) return undefined;
  let indent: number | undefined;
  let sawField = false;
  const itemStarts: number[] = [];
  for (let lineStart = 0; lineStart < text.length;) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let column = lineStart;
    while (column < lineEnd && text.charCodeAt(column) === 32) column++;
    const spaces = column - lineStart;
    const first = text[column];
    const blankOrComment = column === lineEnd || first === "#";
    if (!blankOrComment && (indent === undefined || spaces <= indent)) {
      if (!sawField) {
        // The one top-level field, alone on its line: `routes:` (a comment may follow).
        if (spaces !== 0 || !/^[A-Za-z][\w-]*:[ ]*(#.*)?$/.test(text.slice(lineStart, lineEnd))) return undefined;
        sawField = true;
      } else if (text.startsWith("- ", column) && (indent === undefined || spaces === indent)) {
        indent = spaces;
        itemStarts.push(lineStart);
      } else return undefined;
    }
    lineStart = lineEnd + 1;
  }
  return sawField && itemStarts.length > 0 && indent !== undefined ? { itemStarts, indent } : undefined;
}

/** The document put together from its pieces, or undefined when a piece is not clean YAML of one item. */
function assemble(file: string, text: string, { itemStarts }: { itemStarts: number[] }): Document.Parsed | undefined {
  const header = parseDocument(text.slice(0, itemStarts[0]), YAML_OPTIONS);
  const root = header.contents;
  const field = isMap(root) && root.items.length === 1 ? root.items[0] : undefined;
  if (
    header.errors.length ||
    header.warnings.length ||
    !field ||
    !isScalar(field.key) ||
    !(field.value === null || (isScalar(field.value) && field.value.value === null))
  ) {
    return undefined;
  }
  const known = lastPieces.get(file) ?? new Map<string, Piece>();
  const pieces = new Map<string, Piece>();
  const items: Node[] = [];
  for (let index = 0; index < itemStarts.length; index++) {
    const start = itemStarts[index]!;
    const itemText = text.slice(start, itemStarts[index + 1] ?? text.length);
    // An item written twice in one file is parsed again for its second place: a node has one position.
    let piece = pieces.has(itemText) ? undefined : known.get(itemText);
    if (piece) {
      if (piece.offset !== start) shift(piece.node, start - piece.offset);
      piece.offset = start;
    } else {
      const parsed = parseDocument(itemText, YAML_OPTIONS);
      const list = parsed.contents;
      if (parsed.errors.length || parsed.warnings.length || !isSeq(list) || list.items.length !== 1 || !isNode(list.items[0])) return undefined;
      piece = { node: list.items[0], offset: 0 };
      shift(piece.node, start);
      piece.offset = start;
    }
    if (!pieces.has(itemText)) pieces.set(itemText, piece);
    items.push(piece.node);
  }
  lastPieces.set(file, pieces);

  const seq = new YAMLSeq<Node>(header.schema);
  seq.items = items;
  const firstDash = text.indexOf("-", itemStarts[0]);
  const end = items[items.length - 1]!.range?.[1] ?? text.length;
  seq.range = [firstDash, end, end];
  field.value = seq as YAMLSeq.Parsed;
  root!.range = [root!.range?.[0] ?? 0, end, end];
  header.range = [header.range[0], end, text.length];
  return header;
}

/**
 * Moves every position in a parsed item by `delta` characters. An edit near the top of a
 * large file moves every item below it, so this is a plain walk, without yaml's visitor.
 */
function shift(item: Node, delta: number): void {
  const pending: unknown[] = [item];
  while (pending.length) {
    const node = pending.pop();
    if (isPair(node)) {
      pending.push(node.key, node.value);
      continue;
    }
    if (!isNode(node)) continue;
    const range = node.range;
    if (range) node.range = [range[0] + delta, range[1] + delta, range[2] + delta];
    if (isMap(node) || isSeq(node)) for (const child of node.items) pending.push(child);
  }
}
