/**
 * Warnings the content accepts on purpose (site.yaml, knownWarnings:): a link the brief wants
 * to land on the 404 page, a photo cut as the designer chose. A warning listed there by its code
 * and place is counted, not printed, so a new warning stands out instead of joining a list that
 * never goes away; an entry that matches no warning any more is itself reported, so the list
 * does not keep stale excuses.
 */
import type { ProblemCode } from "./problem-codes.ts";
import { problemAt, type FilePosition, type PathSegment, type Problem } from "./problems.ts";

/** An entry of knownWarnings, with where it is written in site.yaml. */
export interface KnownWarning {
  code: ProblemCode;
  /** The file the warning is in, as validate prints it: pages.yaml, content/articles.yaml. */
  file: string;
  /** The field the warning is at, as validate prints it: routes[3].sections[3].action.to. */
  path: string;
  /** Where the entry itself is written (content/site.yaml), and its field there. */
  at: FilePosition & { path: PathSegment[] };
}

/**
 * The problems with each warning that an entry names marked as acknowledged, and a warning for
 * each entry that names none. Errors are never acknowledged: an entry naming one matches nothing.
 */
export function settleKnownWarnings(problems: readonly Problem[], known: readonly KnownWarning[]): Problem[] {
  const matches = (problem: Problem, entry: KnownWarning) =>
    problem.severity === "warning" && problem.code === entry.code && problem.file === entry.file && problem.path === entry.path;
  const settled = problems.map((problem) => (known.some((entry) => matches(problem, entry)) ? { ...problem, acknowledged: true as const } : problem));
  for (const entry of known) {
    if (problems.some((problem) => matches(problem, entry))) continue;
    settled.push(
      problemAt(
        entry.at,
        entry.at.path,
        {
          code: "known-warning-unused",
          message: `knownWarnings lists a ${entry.code} warning at ${entry.file} ${entry.path}, and there is none there now.`,
          hint: "Remove this entry if the warning was fixed; if it moved (a section was added or moved above it), write the place validate now prints.",
        },
        { severity: "warning" },
      ),
    );
  }
  return settled;
}
