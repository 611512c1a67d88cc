import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (one project after another; within a project, files that failed last time,
 * then the longest), but for files never timed: on a fresh clone (CI) Vitest runs the larger
 * first, which left the small file that scaffolds and builds a block (about 90 s) for last,
 * one worker going on alone with it. Here, among files never timed, those under tests/ go
 * first: they drive whole tools (a browser, a build, a dev server) and take seconds to
 * minutes, where a file beside the code tests one module in milliseconds.
 *
 * A project's files stay together: a worker that keeps its modules from file to file
 * (isolate: false) loads them again when it moves to another project; interleaving the
 * projects longest file first took the import time from 62 s to 173 s.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const untimedTool = (file: TestSpecification) =>
      !cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`) && relative(root, file.moduleId).startsWith("tests/");
    // A stable sort: within a project, the untimed files under tests/ move ahead, and everything else keeps Vitest's order.
    const position = new Map(sorted.map((file, index) => [file, index]));
    const projectStart = new Map<string, number>();
    sorted.forEach((file, index) => projectStart.set(file.project.name, Math.min(projectStart.get(file.project.name) ?? index, index)));
    return [...sorted].sort(
      (a, b) =>
        projectStart.get(a.project.name)! - projectStart.get(b.project.name)! ||
        Number(untimedTool(b)) - Number(untimedTool(a)) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
