import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Starts the longest test files first, whichever project they belong to. Vitest's own order runs
 * one project's files before the next project's: the unit files that build a site or start a
 * dev server then began after every browser file, and one worker went on alone for a minute at
 * the end. The times are those of the last run (Vitest's cache); a file never timed goes first.
 * Among files never timed (a fresh clone: CI), those under tests/ go before those beside the
 * code, the larger before the smaller: they drive whole tools (a browser, a build, a dev server)
 * and take seconds to minutes, where a file beside the code tests one module in milliseconds.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const facts = new Map(
      files.map((file) => {
        const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
        const results = cache.getFileTestResults(key);
        const drivesTools = relative(this.ctx.config.root, file.moduleId).startsWith("tests/");
        return [file, { results, drivesTools, size: cache.getFileStats(key)?.size ?? 0 }] as const;
      }),
    );
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      // Files that need a module registry of their own run first, as Vitest runs them.
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const first = facts.get(a)!;
      const second = facts.get(b)!;
      if (!first.results && second.results) return -1;
      if (first.results && !second.results) return 1;
      if (!first.results || !second.results) {
        if (first.drivesTools !== second.drivesTools) return first.drivesTools ? -1 : 1;
        return second.size - first.size;
      }
      if (first.results.failed !== second.results.failed) return first.results.failed ? -1 : 1;
      return second.results.duration - first.results.duration;
    });
  }
}
