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
import { keep } from "./kept.ts";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
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
 * Per file: how many times it has been put together from its pieces. Each time moves the nodes it
 * takes from the last parse to where they now stand, so a document made before holds positions
 * of another text from then on (yaml.ts keeps a file's last parse only while this is unchanged).
 */
const assembled = new Map<string, number>();
export const timesAssembled = (file: string): number => assembled.get(file) ?? 0;

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
    fillLineCounter(lineCounter, text);
    return pieced;
  }
  lastPieces.delete(file);
  return parseDocument(text, { lineCounter, ...YAML_OPTIONS });
}

/** Fills `lineCounter` with the start of every line of `text`, as a parse of it would. */
export function fillLineCounter(lineCounter: LineCounter, text: string): void {
  lineCounter.addNewLine(0);
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lineCounter.addNewLine(at + 1);
}

/**
 * A large content file's value as plain data, its unchanged items read from `cacheFile` rather
 * than parsed: what the command line's build and validation use, each a new process in which
 * nothing of the last parse is left (parsing a thousand articles took half a second of every run).
 *
 * The cache holds each item's value by the hash of its text, for the items of the file's last
 * read; an item not in it is parsed alone and must pass `isClean` (no parser error or warning,
 * no anchor, alias or tag: what parseYaml would report). Undefined, and the caller parses the
 * file whole as before, whenever the file is not laid out to be cut, an item is not clean, or a
 * value would not come back the same from JSON; so every message about a mistake still comes
 * from the whole file's parse.
 */
export function valueFromItemCache(
  text: string,
  cacheFile: string,
  isClean: (item: Document.Parsed) => boolean,
  { minBytes = MIN_PIECED_BYTES, codeKey }: { minBytes?: number; codeKey?: string } = {},
): { value: Record<string, unknown[]>; items: ListItems } | undefined {
  const cut = text.length >= minBytes ? cutItems(text) : undefined;
  if (!cut) return undefined;
  const { itemStarts } = cut;
  const listed = listField(text, itemStarts);
  if (!listed) return undefined;
  const cached = readItemCache(cacheFile);
  const kept: Record<string, string> = {};
  const values: unknown[] = [];
  const hashes: string[] = [];
  let parsedAny = false;
  for (let index = 0; index < itemStarts.length; index++) {
    const itemText = text.slice(itemStarts[index], itemStarts[index + 1] ?? text.length);
    const hash = createHash("sha1").update(itemText).digest("base64url");
    hashes.push(hash);
    let json = cached[hash];
    if (json === undefined) {
      const parsed = parseDocument(itemText, YAML_OPTIONS);
      const list = parsed.contents;
      if (parsed.errors.length || parsed.warnings.length || !isSeq(list) || list.items.length !== 1 || !isClean(parsed)) return undefined;
      const value = (parsed.toJS({ maxAliasCount: 0 }) as unknown[])[0];
      json = JSON.stringify(value);
      // Infinity, NaN and -0 do not survive JSON: such an item is parsed whole, every time.
      if (!sameAfterJson(value)) return undefined;
      parsedAny = true;
    }
    kept[hash] = json;
    const value = keep(JSON.parse(json) as unknown);
    if (typeof value === "object" && value !== null) itemKeys.set(value, hash);
    values.push(value);
  }
  if (parsedAny || Object.keys(cached).length !== Object.keys(kept).length) writeItemCache(cacheFile, kept);
  return { value: { [listed.name]: values }, items: listItems(text, listed.name, itemStarts, { cacheFile, codeKey }, hashes) };
}

/** A key naming each item value valueFromItemCache handed out (the hash of its text), or one made from such a value. */
const itemKeys = new WeakMap<object, string>();

/**
 * A key that names an item's value: the hash of its text for a value read by valueFromItemCache,
 * or what setItemKey gave a value made from one. What keys the item's validation kept across
 * runs (src/site/stored-results.ts). Undefined for any other value.
 */
export function itemKey(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? itemKeys.get(value) : undefined;
}

/** Names `value`, made from the item value keyed `from` and `parts` alone, by a key of them. */
export function setItemKey(value: object, from: string, ...parts: string[]): void {
  const hash = createHash("sha1").update(from);
  for (const part of parts) hash.update(`\0${part.length}:`).update(part);
  itemKeys.set(value, hash.digest("base64url"));
}

/**
 * A large file's list items, each parsed alone (and kept) when asked for: what places a problem
 * in an item when the file's value came from the item cache, without parsing the other items.
 */
export interface ListItems {
  /** The file's one top-level field, whose value the items are (`routes`, `items`). */
  field: string;
  /** The item at `index`, at its place in the file: the same node a parse of the whole file has there. */
  item(index: number): Node | undefined;
  /**
   * The offset in the file of what `inner` (a path inside the item at `index`) and `key` point at,
   * as `find` finds it in the parsed item: kept on disk by the item's text, so that a later run
   * places a problem in an unchanged item without parsing it (see keptPlaces).
   */
  offsetIn(index: number, inner: readonly (string | number)[], key: string | undefined, find: () => number): number;
}

function listItems(
  text: string,
  field: string,
  itemStarts: readonly number[],
  { cacheFile, codeKey }: { cacheFile: string; codeKey: string | undefined },
  hashes: string[] = [],
): ListItems {
  const parsed = new Map<number, Node>();
  const end = (index: number) => itemStarts[index + 1] ?? text.length;
  const hashOf = (index: number) =>
    (hashes[index] ??= createHash("sha1")
      .update(text.slice(itemStarts[index], end(index)))
      .digest("base64url"));
  let places: KeptPlaces | undefined;
  return {
    field,
    offsetIn(index, inner, key, find) {
      const start = itemStarts[index];
      // Without the code's version (a run outside the scripts' bundle), a kept place could come from other code.
      if (start === undefined || codeKey === undefined) return find();
      places ??= keptPlaces(`${cacheFile.replace(/\.json$/, "")}.places.json`, codeKey);
      const name = `${hashOf(index)} ${JSON.stringify(inner)}${key === undefined ? "" : ` ${JSON.stringify(key)}`}`;
      const kept = places.get(name);
      if (kept !== undefined && start + kept < end(index)) return start + kept;
      const offset = find();
      // Only a place inside the item depends on its text alone.
      if (offset >= start && offset < end(index)) places.set(name, offset - start, () => itemStarts.map((_, each) => hashOf(each)));
      return offset;
    },
    item(index) {
      const start = itemStarts[index];
      if (start === undefined) return undefined;
      let node = parsed.get(index);
      if (!node) {
        // Every item passed isClean when the cache took it: it parses alone as one item.
        node = parseItem(text, start, itemStarts[index + 1] ?? text.length);
        if (node) parsed.set(index, node);
      }
      return node;
    },
  };
}

interface KeptPlaces {
  get(name: string): number | undefined;
  /** Keeps a place found; `current` gives the hashes of the file's items now: the places of any other item are dropped when written. */
  set(name: string, offset: number, current: () => string[]): void;
}

/**
 * Where problems were placed in items, by the item's text (the hash of it), the path inside it and
 * the key pointed at: offsets from the item's start. Placing a warning at a field of an item read
 * from the item cache parses that item, about 3 ms for a page: the bench's site of 1,001 pages,
 * with 85 warnings, paid a quarter of a second for it at every run. A place depends on the item's
 * text and on the code that finds it, so it is kept under the code's version (`codeKey`), however
 * the item moves in the file. One small file beside the file's item cache, written by savePlaces.
 */
function keptPlaces(file: string, codeKey: string): KeptPlaces {
  // Places this process found and has not written yet are newer than the file's.
  unsavedPlaces.get(file)?.();
  unsavedPlaces.delete(file);
  const format = `${ITEM_CACHE_FORMAT} ${codeKey}`;
  let places: Record<string, number> = {};
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { format?: string; places?: Record<string, number> };
    if (stored.format === format && stored.places && typeof stored.places === "object") places = stored.places;
  } catch {
    // None kept yet, or unreadable: found again.
  }
  return {
    get(name) {
      const offset = Object.hasOwn(places, name) ? places[name] : undefined;
      return Number.isInteger(offset) && offset! >= 0 ? offset : undefined;
    },
    set(name, offset, current) {
      places[name] = offset;
      unsavedPlaces.set(file, () => {
        const items = new Set(current());
        const kept = Object.entries(places).filter(([each]) => items.has(each.slice(0, each.indexOf(" "))));
        writeAside(file, JSON.stringify({ format, places: Object.fromEntries(kept) }));
      });
      if (!savingAtExit) process.once("exit", savePlaces);
      savingAtExit = true;
    },
  };
}

/** Per places file, the write of what this process found there since it was read. */
const unsavedPlaces = new Map<string, () => void>();
let savingAtExit = false;

/**
 * Writes the places of problems found since the last call, each file once: a load calls it when it
 * has placed its problems, and a process's exit writes what was placed after (a picture's place,
 * asked for when the build reports on it).
 */
export function savePlaces(): void {
  for (const save of unsavedPlaces.values()) save();
  unsavedPlaces.clear();
}

/**
 * What a cached value depends on besides the item's text: the parser, its options and the checks
 * an item passes (isClean, sameAfterJson). A cache of another format is read as empty; change
 * the number with those checks.
 */
export const ITEM_CACHE_FORMAT = `2 yaml ${(createRequire(import.meta.url)("yaml/package.json") as { version: string }).version} ${JSON.stringify(YAML_OPTIONS)}`;

function readItemCache(cacheFile: string): Record<string, string> {
  try {
    const stored = JSON.parse(readFileSync(cacheFile, "utf8")) as { format?: string; items?: Record<string, string> };
    return stored.format === ITEM_CACHE_FORMAT && stored.items && typeof stored.items === "object" ? stored.items : {};
  } catch {
    return {};
  }
}

function writeItemCache(cacheFile: string, items: Record<string, string>): void {
  writeAside(cacheFile, JSON.stringify({ format: ITEM_CACHE_FORMAT, items }));
}

/** Written aside and renamed into place: a run reading it meanwhile sees the old one or the new one, whole. */
function writeAside(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, text);
    renameSync(aside, file);
  } catch {
    // A cache that cannot be written is a slower next run, nothing more.
  }
}

/**
 * The value of a file that was parsed whole and clean (no problem at all) the last time its text
 * was this one: a run that finds the file unchanged reads its value from here, and parses the
 * file only when a problem has to be placed in it.
 */
export function wholeValueFromCache(text: string, cacheFile: string, codeKey?: string): { value: unknown; items?: ListItems } | undefined {
  const json = readItemCache(cacheFile)[wholeKey(text)];
  if (json === undefined) return undefined;
  // A list file's problem is placed by parsing its item alone, as in a file read by item.
  const cut = cutItems(text);
  const listed = cut && listField(text, cut.itemStarts);
  return { value: JSON.parse(json), ...(listed ? { items: listItems(text, listed.name, cut.itemStarts, { cacheFile, codeKey }) } : {}) };
}

/** Keeps the value of a file parsed whole and clean for wholeValueFromCache, when JSON keeps it as it is. */
export function cacheWholeValue(text: string, cacheFile: string, value: unknown): void {
  if (value === undefined || !sameAfterJson(value)) return;
  writeItemCache(cacheFile, { [wholeKey(text)]: JSON.stringify(value) });
}

/** A whole file's entry, apart from its items' (which are keyed by their text's hash alone). */
const wholeKey = (text: string) => `whole ${createHash("sha1").update(text).digest("base64url")}`;

/** Whether a parsed value holds only what JSON keeps as it is: plain objects, arrays, text, finite numbers, true, false, null. */
export function sameAfterJson(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === "number" && (!Number.isFinite(next) || Object.is(next, -0))) return false;
    if (typeof next === "bigint" || typeof next === "undefined" || typeof next === "function" || typeof next === "symbol") return false;
    if (next !== null && typeof next === "object") {
      const prototype = Object.getPrototypeOf(next) as unknown;
      if (prototype !== Object.prototype && prototype !== Array.prototype) return false;
      pending.push(...Object.values(next));
    }
  }
  return true;
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

/**
 * The file's header (what comes before its first item) parsed, and its one field, whose value
 * the items are: undefined unless the header is clean YAML of one field with nothing after its
 * colon (no anchor or tag there either, which would belong to the list).
 */
function listField(text: string, itemStarts: number[]) {
  const header = parseDocument(text.slice(0, itemStarts[0]), YAML_OPTIONS);
  const root = header.contents;
  const field = isMap(root) && root.items.length === 1 ? root.items[0] : undefined;
  const bare = (value: unknown) => value === null || (isScalar(value) && value.value === null && !value.anchor && !value.tag);
  if (header.errors.length || header.warnings.length || !field || !isScalar(field.key) || typeof field.key.value !== "string" || !bare(field.value))
    return undefined;
  return { header, field, name: field.key.value };
}

/** The document put together from its pieces, or undefined when a piece is not clean YAML of one item. */
function assemble(file: string, text: string, { itemStarts }: { itemStarts: number[] }): Document.Parsed | undefined {
  const listed = listField(text, itemStarts);
  if (!listed) return undefined;
  const { header, field } = listed;
  const root = header.contents!;
  assembled.set(file, timesAssembled(file) + 1);
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
      const node = parseItem(text, start, start + itemText.length);
      if (!node) return undefined;
      piece = { node, offset: start };
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
  root.range = [root.range?.[0] ?? 0, end, end];
  header.range = [header.range[0], end, text.length];
  return header;
}

/** The item written at text[start, end) parsed alone, at its place in the file; undefined unless it parses cleanly as one item. */
function parseItem(text: string, start: number, end: number): Node | undefined {
  const parsed = parseDocument(text.slice(start, end), YAML_OPTIONS);
  const list = parsed.contents;
  if (parsed.errors.length || parsed.warnings.length || !isSeq(list) || list.items.length !== 1) return undefined;
  const item = list.items[0];
  if (!isNode(item)) return undefined;
  shift(item, start);
  return item;
}

/**
 * Moves every position in a parsed item by `delta` characters. An edit near the top of a
 * large file moves every item below it (some 230,000 positions at 1,001 routes), so this is a
 * plain walk, without yaml's visitor, that changes each node's range in place: a new array per
 * node took twice as long, and left as much again for the garbage collector. (No two nodes share
 * a range, and nothing keeps one: what reads a position reads it from its node.)
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
    if (range) {
      range[0] += delta;
      range[1] += delta;
      range[2] += delta;
    }
    if (isMap(node) || isSeq(node)) for (let index = 0; index < node.items.length; index++) pending.push(node.items[index]);
  }
}
