import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from "yaml";
import { escapeControlCharacters } from "./characters.ts";
import type { ListItems } from "./yaml-pieces.ts";
import { PROBLEM_CODES, type ProblemCode } from "./problem-codes.ts";

export type Severity = "error" | "warning";

/** One thing wrong with the content, with its place in the authored file. */
export interface Problem {
  severity: Severity;
  /** What kind of problem it is: stable, listed in problem-codes.ts and in CONTENT.md. */
  code: ProblemCode;
  file: string;
  line: number;
  col: number;
  /** Field path from the file's root, like routes[1].sections[2].heading. Empty for the whole file. */
  path: string;
  message: string;
  /** How to fix it: the check's own advice, or else the usual fix for its code (problem-codes.ts). */
  hint: string;
  /** A warning site.yaml lists under knownWarnings: counted in the summary, not printed (known-warnings.ts). */
  acknowledged?: true;
}

export type PathSegment = string | number;

export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** One problem as lines for a terminal, CI log or overlay: content it quotes cannot drive the terminal. */
export function formatProblem(problem: Problem): string {
  const where = `${problem.file}:${problem.line}:${problem.col}`;
  const label = problem.severity === "warning" ? "warning: " : "";
  const head = [where, escapeControlCharacters(problem.path), problem.code, label + escapeControlCharacters(problem.message)].filter(Boolean).join("  ");
  return `${head}\n    hint: ${escapeControlCharacters(problem.hint)}`;
}

/** Adds every item of `more` to `list`; unlike push(...more), any number of them. */
export function append<T>(list: T[], more: readonly T[]) {
  for (const item of more) list.push(item);
}

/** Past this many problems in one file, the rest share a cause with those shown; they are counted, not listed. */
export const MAX_PROBLEMS_PER_FILE = 50;

/**
 * The first problems of each file, in file order, and for a file with more, one
 * last problem saying how many more there are.
 */
export function limitProblems(problems: readonly Problem[], max = MAX_PROBLEMS_PER_FILE): Problem[] {
  const byFile = new Map<string, Problem[]>();
  for (const problem of sortProblems(problems)) {
    const list = byFile.get(problem.file);
    if (list) list.push(problem);
    else byFile.set(problem.file, [problem]);
  }
  return [...byFile.values()].flatMap((list) => {
    if (list.length <= max) return list;
    const first = list[max]!;
    const more = list.length - max;
    return [
      ...list.slice(0, max),
      problemAt(
        first,
        [],
        {
          code: "more-problems",
          message: `${more.toLocaleString("en-US")} more problem${more === 1 ? "" : "s"} in this file, not listed.`,
        },
        { severity: list.slice(max).some((p) => p.severity === "error") ? "error" : "warning" },
      ),
    ];
  });
}

export function formatProblems(problems: readonly Problem[]): string {
  const shown = problems.filter((p) => !p.acknowledged);
  const errors = shown.filter((p) => p.severity === "error").length;
  const warnings = shown.length - errors;
  const known = problems.length - shown.length;
  const lines = sortProblems(shown).map(formatProblem);
  const summary = [
    errors && plural(errors, "error"),
    warnings && plural(warnings, "warning"),
    known && `${plural(known, "known warning")} (content/site.yaml, knownWarnings)`,
  ]
    .filter(Boolean)
    .join(", ");
  if (!summary) return "";
  return lines.length ? `${lines.join("\n")}\n\n${summary}` : summary;
}

export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A parsed YAML file with what it takes to point back into it. */
export interface SourceFile {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** The file's text, to point inside a long text value (scalar-position.ts). */
  text?: string;
  /**
   * A large file read from the item cache: its items, each parsed alone when a problem is placed
   * in it, so that a warning about one page does not parse the thousand others (yaml-pieces.ts).
   */
  listItems?: ListItems;
}

/**
 * Where a field path points in the file. For a field that is missing, the
 * nearest existing parent; for an unknown key, `keyOf` points at that key.
 */
export function locate(source: SourceFile, path: readonly PathSegment[], keyOf?: string): { line: number; col: number } {
  const listed = source.listItems;
  const find = () => locateOffset(source, path, keyOf).offset;
  const offset = listed && path[0] === listed.field && typeof path[1] === "number" ? listed.offsetIn(path[1], path.slice(2), keyOf, find) : find();
  return source.lineCounter.linePos(offset);
}

/** What a problem says: its stable code, what is wrong, and how to fix it. */
export interface ProblemText {
  code: ProblemCode;
  message: string;
  /** Advice for this very problem ("Did you mean ...?"); left out, the problem takes its code's usual fix. */
  hint?: string;
}

/** A place found in a file already: a file that is not parsed (unreadable, not YAML), or a place inside a text value (scalar-position.ts). */
export interface FilePosition {
  file: string;
  line: number;
  col: number;
}

/**
 * A problem at a place in a content file, with its line and column: the way every check makes
 * one. `where` is the parsed file, in which `at` (the field where it is written) is found, or a
 * position found already. `path` is the field it is about, when that differs from `at` (a field
 * that is missing is reported where it belongs); `key` points at a key rather than its value.
 * A problem always carries a hint: without one of the check's own, its code's (problem-codes.ts).
 */
export function problemAt(
  where: SourceFile | FilePosition,
  at: readonly PathSegment[],
  { code, message, hint }: ProblemText,
  { severity = "error", path = at, key }: { severity?: Severity; path?: readonly PathSegment[]; key?: string } = {},
): Problem {
  const { line, col } = "doc" in where ? locate(where, at, key) : where;
  return { severity, code, file: where.file, line, col, path: formatPath(path), message, hint: hint || PROBLEM_CODES[code].hint };
}

/** Where a field path points in the file, as an offset, and the node found there. */
export function locateOffset(source: SourceFile, path: readonly PathSegment[], keyOf?: string): { offset: number; node: unknown; found: boolean } {
  const listed = source.listItems;
  const item = listed && path[0] === listed.field && typeof path[1] === "number" ? listed.item(path[1]) : undefined;
  let node: unknown = item ?? source.doc.contents;
  let found = true;
  let offset = rangeStart(node) ?? 0;
  for (const segment of item ? path.slice(2) : path) {
    const child = childNode(node, segment);
    if (child === undefined) {
      found = false;
      break;
    }
    node = child.value;
    offset = rangeStart(child.value) ?? rangeStart(child.key) ?? offset;
  }
  if (keyOf !== undefined && isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === keyOf);
    offset = rangeStart(pair?.key) ?? offset;
  }
  return { offset, node, found };
}

function childNode(node: unknown, segment: PathSegment): { key?: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
    // A key with no value ("heading:") still has a place: point at the key.
    return pair ? { key: pair.key, value: pair.value ?? pair.key } : undefined;
  }
  if (isSeq(node) && typeof segment === "number") {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}

const guesses = new WeakMap<readonly string[], Map<string, string | undefined>>();

/** Closest candidate by edit distance, if it is close enough to be a likely typo. */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  // A mistake repeated across a large site (the same missing route on every copy of a page) is looked up once.
  let known = guesses.get(candidates);
  if (!known) guesses.set(candidates, (known = new Map()));
  if (known.has(input)) return known.get(input);
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: skip candidates that could not be accepted or beat the best.
    const gap = Math.abs(candidate.length - needle.length);
    if (gap >= bestDistance || gap > acceptable(candidate)) continue;
    const d = editDistance(needle, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  const guess = best !== undefined && bestDistance <= acceptable(best) ? best : undefined;
  known.set(input, guess);
  return guess;
}

const acceptable = (candidate: string) => Math.max(2, Math.floor(candidate.length / 3));

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
