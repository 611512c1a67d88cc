import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Longest first. Vitest runs one project's files before the next project's, in the order of
 * the projects' names: the unit files that build a site or start a dev server then began after
 * every browser file, and one worker went on alone for a minute at the end. Here the project
 * whose longest file is the longest goes first, and within a project the longest file first.
 * A project's files stay together: a worker that keeps its modules from file to file
 * (isolate: false) loads them again when it moves to another project, which cost more than
 * the tail it saved.
 *
 * The times are those of the last run (Vitest's cache). Among files never timed (a fresh
 * clone: CI), those under tests/ go first, the larger before the smaller: they drive whole
 * tools (a browser, a build, a dev server) and take seconds to minutes, where a file beside
 * the code tests one module in milliseconds.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    /** A file's place: its last time, or, never timed, an estimate that sorts before every timed file. */
    const weight = new Map(
      files.map((file) => {
        const path = relative(root, file.moduleId);
        const key = `${file.project.name}:${path}`;
        const results = cache.getFileTestResults(key);
        if (results) return [file, results.duration] as const;
        const size = cache.getFileStats(key)?.size ?? 0;
        return [file, Number.MAX_SAFE_INTEGER / 2 + (path.startsWith("tests/") ? Number.MAX_SAFE_INTEGER / 4 : 0) + size] as const;
      }),
    );
    const longestOfProject = new Map<string, number>();
    for (const [file, time] of weight) longestOfProject.set(file.project.name, Math.max(longestOfProject.get(file.project.name) ?? 0, time));
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      // Files that need a module registry of their own run first, as Vitest runs them.
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      if (a.project.name !== b.project.name)
        return longestOfProject.get(b.project.name)! - longestOfProject.get(a.project.name)! || (a.project.name < b.project.name ? -1 : 1);
      return weight.get(b)! - weight.get(a)!;
    });
  }
}
