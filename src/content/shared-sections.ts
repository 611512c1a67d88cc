/**
 * Shared sections: defined once in content/sections.yaml by name, placed on any page
 * with `- use: <name>`. The loader puts each shared section in its place before the
 * page is validated, so the page's rules (a hero first, one of each id) see it; a
 * problem inside one is reported once, at its own line in content/sections.yaml, with
 * the pages that use it.
 */
import { didYouMean, formatPath, type PathSegment, type Problem, type SourceFile, problemAt } from "./problems.ts";
import { isRecord } from "./records.ts";
import { itemKey, setItemKey } from "./yaml-pieces.ts";

/** One `- use: <name>` in pages.yaml. */
export interface SharedUse {
  route: number;
  section: number;
  name: string;
  /** The page's path, for reports. */
  page: string;
}

/** pages.yaml's data with every known `use:` replaced by a copy of its section, the uses, and the problems with them. */
export function placeSharedSections(pagesRaw: unknown, sharedRaw: unknown, source: SourceFile): PlacedSections {
  const shared = isRecord(sharedRaw) && isRecord(sharedRaw.sections) ? sharedRaw.sections : {};
  const names = Object.keys(shared);
  const uses: SharedUse[] = [];
  const places: string[] = [];
  const problems: Problem[] = [];
  if (!isRecord(pagesRaw) || !Array.isArray(pagesRaw.routes)) return { raw: pagesRaw, uses, places, problems };
  const problem = (path: PathSegment[], code: Problem["code"], message: string, hint: string, key?: string): Problem =>
    problemAt(source, path, { code, message, hint }, key ? { key, path: [...path, key] } : {});
  const routes = pagesRaw.routes.map((route: unknown, routeIndex: number) => {
    // A page that places none stays the same value, so what was worked out from it is kept (load.ts).
    if (!isRecord(route) || !Array.isArray(route.sections) || !route.sections.some((section) => isRecord(section) && "use" in section)) return route;
    const page = typeof route.path === "string" ? route.path : `routes[${routeIndex}]`;
    const placedNames: string[] = [];
    const sections = route.sections.map((section: unknown, sectionIndex: number) => {
      if (!isRecord(section) || !("use" in section)) return section;
      const path = ["routes", routeIndex, "sections", sectionIndex];
      places.push(formatPath(path));
      for (const key of Object.keys(section).filter((key) => key !== "use"))
        problems.push(
          problem(
            path,
            "unknown-field",
            `A placed shared section has only use: (here also "${key}").`,
            "Change the section in content/sections.yaml (every page that uses it changes), or copy it here as a section of this page alone.",
            key,
          ),
        );
      const name = section.use;
      if (typeof name !== "string" || !Object.hasOwn(shared, name)) {
        const guess = typeof name === "string" ? didYouMean(name, names) : undefined;
        problems.push(
          problem(
            [...path, "use"],
            "unknown-section",
            `No shared section is named ${JSON.stringify(name)} in content/sections.yaml.`,
            [
              guess && `Did you mean "${guess}"?`,
              names.length ? `Shared sections: ${names.join(", ")}.` : "Define it in content/sections.yaml, under sections:.",
            ]
              .filter(Boolean)
              .join(" "),
          ),
        );
        return section;
      }
      uses.push({ route: routeIndex, section: sectionIndex, name, page });
      placedNames.push(name);
      return structuredClone(shared[name]);
    });
    const placed = { ...route, sections };
    // Made from the page as written and the sections placed in it, alone: named by them, so that
    // its check is kept across runs as an unchanged page's is (yaml-pieces.ts, itemKey).
    const from = itemKey(route);
    if (from !== undefined) setItemKey(placed, from, ...placedNames.map((name) => JSON.stringify(shared[name])));
    return placed;
  });
  return { raw: { ...pagesRaw, routes }, uses, places, problems };
}

export interface PlacedSections {
  raw: unknown;
  uses: SharedUse[];
  /** Every `- use:` item's path in pages.yaml, known name or not. */
  places: string[];
  /** Problems with the `use:` items themselves. */
  problems: Problem[];
}

/** Problems with a placed section's id that depend on the page it is placed on: its other sections' ids and schedules. */
const ABOUT_THE_PAGE: readonly Problem["code"][] = ["duplicate-id", "reserved-id"];

/**
 * The problems to report: those pages.yaml's check found inside a `- use:` item (the
 * placed section, or an unknown name's leftover) are dropped (content/sections.yaml reports them at their own line), except what is about
 * the section's place on the page (a hero that is not first, an id another section of the page has),
 * and each problem in a shared section names the pages that use it.
 */
export function usedOn(problems: readonly Problem[], { uses, places }: PlacedSections, pagesFile: string, sectionsFile: string): Problem[] {
  const pagesOf = (name: string) => [...new Set(uses.filter((use) => use.name === name).map((use) => use.page))];
  return problems.flatMap((problem) => {
    const place =
      problem.file === pagesFile ? places.find((prefix) => problem.path.startsWith(`${prefix}.`) || problem.path.startsWith(`${prefix}[`)) : undefined;
    if (place !== undefined) {
      // The placed section's id beside the page's other sections is about this page: kept, at the - use: line.
      const use = uses.find((candidate) => formatPath(["routes", candidate.route, "sections", candidate.section]) === place);
      if (!use || !ABOUT_THE_PAGE.includes(problem.code) || problem.path !== `${place}.id`) return [];
      const note = `The section placed here takes its id from content/sections.yaml (${use.name}).`;
      return [{ ...problem, hint: `${problem.hint} ${note}` }];
    }
    if (problem.file !== sectionsFile) return [problem];
    const name = /^sections\.([a-z0-9-]+)/.exec(problem.path)?.[1];
    const pages = name ? pagesOf(name) : [];
    if (!pages.length) return [problem];
    const note = `Used on ${pages.join(", ")}.`;
    return [{ ...problem, hint: `${problem.hint} ${note}` }];
  });
}
