import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/sequencer.ts";

/**
 * Two files at a time, whichever project they belong to: a browser file mostly waits on
 * pages and builds, so it shares the machine well with a unit file or another browser file.
 * A third worker made a run whose builds were kept from the last one faster (628 s to 543 s
 * of Vitest) but a clean clone's, where the variant sites are built from nothing, slower
 * (690 s to 762 s): the builds then keep both cores busy, and a third file only adds
 * contention. (Projects with the same worker count run as one group, in one pool.)
 */
const WORKERS = 2;

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
