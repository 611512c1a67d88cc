/**
 * What two people changed in one file since they read it, and where their changes meet:
 * the editor's draft against the file as it is now on disk, both from the version the
 * editor read.
 */
import { formatPath, type PathSegment } from "../content/problems.ts";
import { isRecord } from "../content/records.ts";

export interface Conflict {
  /** Like routes[0].sections[1].heading. */
  path: string;
  segments: PathSegment[];
  /** The value in the editor's draft, and on disk. */
  yours: unknown;
  theirs: unknown;
}

/** The places where two values differ, as deep as both have the same shape. */
export function changedPaths(before: unknown, after: unknown, at: PathSegment[] = []): PathSegment[][] {
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return [at];
    return before.flatMap((item, index) => changedPaths(item, after[index], [...at, index]));
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => changedPaths(before[key], after[key], [...at, key]));
  }
  return Object.is(before, after) ? [] : [at];
}

const startsWith = (path: PathSegment[], prefix: PathSegment[]) => prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);

function valueAt(value: unknown, path: PathSegment[]): unknown {
  return path.reduce<unknown>(
    (node, segment) => (node !== null && typeof node === "object" ? (node as Record<PathSegment, unknown>)[segment] : undefined),
    value,
  );
}

/** Each place both changed, to different values: one of them would be lost by writing the other. */
export function conflicts(base: unknown, yours: unknown, theirs: unknown): Conflict[] {
  const mine = changedPaths(base, yours);
  const other = changedPaths(base, theirs);
  const found = new Map<string, Conflict>();
  for (const path of mine) {
    for (const their of other) {
      if (!startsWith(path, their) && !startsWith(their, path)) continue;
      const at = path.length <= their.length ? path : their;
      const conflict = { path: formatPath(at), segments: at, yours: valueAt(yours, at), theirs: valueAt(theirs, at) };
      if (JSON.stringify(conflict.yours) !== JSON.stringify(conflict.theirs)) found.set(conflict.path, conflict);
    }
  }
  return [...found.values()];
}
