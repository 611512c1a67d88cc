import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/sequencer.ts";

/**
 * Three files at a time on this 2-core machine, whichever project they belong to: most files
 * wait far more than they compute (on a page, a dev server's reload, a build in another
 * process), so two at a time kept the cores about 65% busy. A third took a whole run from about
 * 630 s to 540 s. (Projects with the same worker count run as one group, in one pool.)
 */
const WORKERS = 3;

/** Files that replace modules (vi.mock): each needs a module registry of its own. */
const REPLACING_MODULES = ["src/blocks/form/form.test.tsx"];

const UNIT = {
  environment: "jsdom" as const,
  include: ["src/**/*.test.tsx", "tests/unit/**/*.test.tsx"],
  setupFiles: ["tests/support/setup-dom.ts"],
  // Some files render every block or load a whole site; on a busy 2-core machine that
  // can take several seconds. A timeout is a hang detector here, not a speed target.
  testTimeout: 30_000,
  maxWorkers: WORKERS,
} satisfies ViteUserConfig["test"];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [react()],
        test: {
          ...UNIT,
          name: "unit",
          exclude: [...configDefaults.exclude, ...REPLACING_MODULES],
          // A worker keeps the modules it loaded from one file to the next: setting up React, Chakra
          // and jsdom again for each of some fifty files cost more than their tests.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          ...UNIT,
          name: "unit-node",
          // Files of plain modules run without a document: making a jsdom window for each cost
          // about a second of a busy worker's time, more than most of their tests. A .ts file
          // that needs one says so (// @vitest-environment jsdom).
          environment: "node",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...UNIT, name: "unit-mocks", include: REPLACING_MODULES },
      },
      {
        test: {
          name: "browser",
          isolate: false,
          environment: "node",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/support/serve-dist.ts"],
          // Each file has its own Chromium and its own temporary sites; the servers of the two built sites are shared.
          maxWorkers: WORKERS,
          // Tests marked concurrent (visits of every route) open this many pages at once.
          maxConcurrency: 3,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The email-box test on /links and /cap-services hangs until its timeout about once in eight runs of its
          // file, and no step of it did in a loop of twenty: a second try keeps that from failing a build while
          // it is found.
          retry: 1,
        },
      },
    ],
  },
});
