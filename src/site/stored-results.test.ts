/**
 * Each unchanged item's check kept between command-line runs (stored-results.ts): a load that
 * takes the kept checks gives the content and the problems a load without them gives; a changed
 * page, or a page whose placed shared section changed, is checked again; and what another
 * version of the code kept is not taken.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument, stringify } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_NOW, loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { MIN_PIECED_BYTES } from "../content/yaml-pieces.ts";

type Route = { path: string; translationOf?: string; redirectFrom?: unknown; [field: string]: unknown };

/** The fixture's pages and numbered copies of them at routes of their own: a pages.yaml large enough to be read by item. */
function largePages(): string {
  const routes = (parseDocument(readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")).toJS() as { routes: Route[] }).routes;
  const pages = routes.filter((route) => route.path !== "*");
  const copies: Route[] = [];
  for (let copy = 2; copies.length * 900 < MIN_PIECED_BYTES * 1.1; copy++)
    for (const { redirectFrom: _, ...page } of pages) {
      const copied = (path: string) => `${path === "/" ? "/index" : path}-${copy}`;
      copies.push({ ...page, path: copied(page.path), ...(page.translationOf ? { translationOf: copied(page.translationOf) } : {}) });
    }
  const text = stringify({ routes: [...routes, ...copies] }, { lineWidth: 0, aliasDuplicateObjects: false });
  expect(text.length).toBeGreaterThan(MIN_PIECED_BYTES);
  return text;
}

const cacheDir = mkdtempSync(join(tmpdir(), "stored-results-test-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const PAGES = largePages();
const load = (files: Record<string, string>, storedResultsKey?: string) =>
  loadFixture(files, { now: FIXTURE_NOW, ...(storedResultsKey ? { itemCacheDir: cacheDir, storedResultsKey } : {}) });
/** A load's content as data: its functions (a picture's place, found when a problem asks for it) are new in every load. */
const plain = (value: unknown) => JSON.stringify(value, (_, field: unknown) => (typeof field === "function" ? "a function" : field));
/** The kept checks of pages.yaml, by file: the one folder the last load's code left for it. */
function kept(): Map<string, string> {
  const root = join(cacheDir, "results");
  const folders = readdirSync(root).filter((name) => readdirSync(join(root, name)).length > 0);
  expect(folders).toHaveLength(1);
  const folder = join(root, folders[0]!);
  return new Map(readdirSync(folder).map((name) => [join(folder, name), readFileSync(join(folder, name), "utf8")]));
}
const headings = (content: ReturnType<typeof load>["content"], path: string) =>
  content!.pages.find((page) => page.path === path)!.sections.map((section) => (section as { heading?: string }).heading);

describe("each unchanged item's check, kept between runs", () => {
  it("gives the content and problems a load that checks every item gives", () => {
    const fresh = load({ "pages.yaml": PAGES });
    expect(fresh.content).toBeDefined();
    const first = load({ "pages.yaml": PAGES }, "code-a");
    // Every page of the file, those that place a shared section too.
    expect(kept().size).toBe((parseDocument(PAGES).toJS() as { routes: unknown[] }).routes.length);
    const second = load({ "pages.yaml": PAGES }, "code-a");
    for (const run of [first, second]) {
      expect(plain(run.content)).toEqual(plain(fresh.content));
      expect(run.problems).toEqual(fresh.problems);
    }
  });

  it("is taken by the same code only", () => {
    load({ "pages.yaml": PAGES }, "code-a");
    // A kept check altered by hand shows that a load takes it, and that another version of the code does not.
    const [file, json] = [...kept()].find(([, value]) => value.includes('"path":"/services-3"'))!;
    const altered = JSON.parse(json) as { sections: { heading?: string }[] };
    const real = altered.sections[0]!.heading;
    altered.sections[0]!.heading = "Altered by hand";
    writeFileSync(file, JSON.stringify(altered));
    expect(headings(load({ "pages.yaml": PAGES }, "code-a").content, "/services-3")[0]).toBe("Altered by hand");
    expect(headings(load({ "pages.yaml": PAGES }, "code-b").content, "/services-3")[0]).toBe(real);
  });

  it("checks a changed page again, and a page whose placed shared section changed", () => {
    load({ "pages.yaml": PAGES }, "code-c");
    const routes = (parseDocument(PAGES).toJS() as { routes: Route[] }).routes;
    const placing = routes.find((route) => JSON.stringify(route.sections).includes('"use"') && route.path.endsWith("-3"))!;
    const sections = readFileSync(join(SPEC_SITE, "content", "sections.yaml"), "utf8");
    const heading = /^ {4}heading: (.+)$/m.exec(sections)![1]!;
    const changedSections = sections.replace(`    heading: ${heading}`, () => "    heading: A heading changed since");
    expect(headings(load({ "pages.yaml": PAGES, "content/sections.yaml": changedSections }, "code-c").content, placing.path)).toContain(
      "A heading changed since",
    );
    // The page is shown with the shared file's section (resolve.ts); what is kept of the page's own check holds the new one too.
    const placed = [...kept().values()].filter((json) => json.includes(`"path":"${placing.path}"`));
    // Only the check of the page as it is now: the one made with the section before is removed.
    expect(placed).toHaveLength(1);
    expect(placed[0]).toContain("A heading changed since");

    // A field the page's schema does not know, written into one copy: reported at its line, as by a load that keeps nothing.
    const broken = PAGES.replace("  - path: /services-3\n", () => "  - path: /services-3\n    subtitle: Not a field\n");
    expect(broken).not.toBe(PAGES);
    const checked = load({ "pages.yaml": broken }, "code-c");
    const fresh = load({ "pages.yaml": broken });
    expect(checked.content).toBeUndefined();
    expect(checked.problems).toEqual(fresh.problems);
    expect(checked.problems.some((problem) => problem.severity === "error" && problem.message.includes("subtitle"))).toBe(true);
  });
});
