/**
 * The site search's index: Pagefind reads every built page and writes /pagefind/, the index
 * the search window (src/ui/search/search-dialog.ts) asks in the browser. One index per language,
 * by each page's <html lang>, so a page in Spanish finds Spanish pages. Only a page's main
 * content is read (App.tsx marks <main> with data-pagefind-body): not its menu, footer or
 * banner, and not the 404 page. Drafts are never built, so never indexed.
 *
 * The index is a function of what it reads of the pages (their language, title and main
 * content: each route's `searched` fact) and of the engine: it is kept in .cache/search by
 * those, so a build that changes none of it (no page rendered again, or only colours, menus or
 * footers changed) takes it from there, and one that does indexes the site again (a second or
 * two at a thousand pages).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { settle, touch } from "./keyed-cache.mjs";
import { keyOf, listFiles, reuseFiles } from "./incremental.ts";
import type { SiteFileStep } from "./site-files.ts";

/** Where the index is served from: the search window loads `${SEARCH_FOLDER}/pagefind.js`. */
export const SEARCH_FOLDER = "pagefind";

/** Pagefind's files for its own interfaces, which the site's search window replaces: not shipped. */
const UNUSED = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/;

export const searchStep: SiteFileStep = {
  name: "search",
  async run({ dist, cacheDir, engine, content: { site, pages }, routes }) {
    if (!site.search) return;
    const cache = join(cacheDir, "search");
    // What each page holds that the index reads, and the engine (this code, the locked packages, Pagefind among them):
    // a change of colours or of the menu, which renders every page again, indexes nothing again.
    const key = keyOf(engine, ...pages.map((page) => `${page.path} ${routes[page.path]!.facts.searched}`));
    const dir = join(cache, key);
    const entry = join(dir, "pagefind.js");
    if (existsSync(entry)) touch(dir);
    else {
      const making = `${dir}.${process.pid}`;
      rmSync(making, { recursive: true, force: true });
      mkdirSync(making, { recursive: true });
      await indexPages(dist, making);
      // Every site built here keeps its own (the tests build several): a few more than the bundles' three.
      settle(making, dir, entry, cache, KEPT);
    }
    // Linked, not copied (a thousand articles make some 2,000 files): nothing writes into a kept index.
    // Pruned meanwhile by a build running beside this one, it is made again, in the build folder itself.
    if (!linkedInto(dist, dir)) {
      rmSync(join(dist, SEARCH_FOLDER), { recursive: true, force: true });
      await indexPages(dist, join(dist, SEARCH_FOLDER));
    }
  },
};

const KEPT = 8;

/** Links the kept index `dir` into the build; false when it went (pruned by another build) before or while it was linked. */
function linkedInto(dist: string, dir: string): boolean {
  try {
    return reuseFiles(dir, join(dist, SEARCH_FOLDER), listFiles(dir));
  } catch {
    return false;
  }
}

/** Indexes the pages built in `dist` into `out`, with Pagefind's own program (it ships in the package). */
async function indexPages(dist: string, out: string) {
  const pagefind = await import("pagefind");
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(errors.join("\n"));
    const added = await index.addDirectory({ path: dist });
    if (added.errors.length) throw new Error(added.errors.join("\n"));
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length) throw new Error(written.errors.join("\n"));
  } catch (error) {
    throw new Error(`The site search could not be indexed: ${(error as Error).message}`);
  } finally {
    await pagefind.close();
  }
  for (const file of listFiles(out)) if (UNUSED.test(file)) rmSync(join(out, file));
}
