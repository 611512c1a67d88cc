import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseDocument, stringify } from "yaml";
import { ARTICLES_ROUTE } from "../../src/content/article-route.ts";
import { blockTypes } from "../../src/blocks/registry.ts";
import { loadContent, type LoadOptions } from "../../src/site/load.ts";

export const ROOT = join(import.meta.dirname, "..", "..");
/** The content the product spec fixes, kept apart from the live content (see its README). */
export const SPEC_SITE = join(ROOT, "tests", "fixtures", "spec-site");

/**
 * The routes that pages.yaml under `root` declares, in its order, then the articles'
 * pages (content/articles.yaml); the 404 page's "*" is left out. Tests of a site take its routes from its content, never from a list of their own.
 */
export function routesOf(root: string): string[] {
  const { routes } = parse(readFileSync(join(root, "pages.yaml"), "utf8")) as { routes: { path: string }[] };
  return [...routes.map((route) => route.path).filter((path) => path !== "*"), ...articleRoutesOf(root)];
}

/** The pages of the articles in content/articles.yaml under `root`, if it has any. */
export function articleRoutesOf(root: string): string[] {
  const file = join(root, "content", "articles.yaml");
  if (!existsSync(file)) return [];
  const { items } = parse(readFileSync(file, "utf8")) as { items: { slug: string }[] };
  return items.map((item) => `${ARTICLES_ROUTE}/${item.slug}`);
}

/** The spec fixture site through the build's loader, with the given files (by path from its root) replaced. */
export function loadFixture(files: Record<string, string> = {}, options: Omit<LoadOptions, "read"> = {}) {
  return loadContent(SPEC_SITE, { ...options, read: (file) => files[file] ?? readFileSync(join(SPEC_SITE, file), "utf8") });
}

/** The build's clock for the fixture site (package.json's build:fixtures), so tests see what it shows. */
export const FIXTURE_NOW = new Date("2026-11-23T12:00Z");

/** The fixture site's pages as its build resolves them: shared sections placed, schedules applied. */
export function fixturePages() {
  const { content, problems } = loadFixture({}, { now: FIXTURE_NOW });
  if (!content) throw new Error(`The spec fixture site does not load:\n${problems.map((problem) => problem.message).join("\n")}`);
  return content.pages;
}

/** Every block's example.yaml as a plain object, the hero's first (a page starts with its hero). */
export function blockExampleSections(): Record<string, unknown>[] {
  const examples = blockTypes.map(
    (type) => parseDocument(readFileSync(join(ROOT, "src", "blocks", type, "example.yaml"), "utf8")).toJS() as Record<string, unknown>,
  );
  return examples.sort((a, b) => Number(b.type === "hero") - Number(a.type === "hero"));
}

/** pages.yaml of one page at / (plus the 404 page) holding the given sections. */
export function onePageSite(sections: unknown[], page: { title?: string; description?: string } = {}): string {
  return stringify(
    {
      routes: [
        { path: "/", title: page.title ?? "Every block", description: page.description ?? "Every block on one page.", sections },
        { path: "*", title: "Not found", description: "Not found.", sections: [{ type: "hero", heading: "Not found" }] },
      ],
    },
    // The same object twice is written out twice, never as an anchor and alias (which the loader refuses).
    { lineWidth: 0, aliasDuplicateObjects: false },
  );
}
