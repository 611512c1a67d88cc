/**
 * Reads, validates and resolves every content file. Build and dev-server time only;
 * the result is plain data that the client receives as JSON.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { SectionData } from "../blocks/schemas.ts";
import type { PageData, SiteData } from "../app/types.ts";
import { withLinkTargets } from "./link.ts";
import type { Problem, SourceFile } from "./problems.ts";
import { resolveContent } from "./resolve.ts";
import { collectionFileSchema, collections, pagesFileSchema, siteSchema, type CollectionName } from "./schema.ts";
import { formatBytes, MAX_CONTENT_BYTES, parseYaml } from "./yaml.ts";
import { zodProblems } from "./zod-problems.ts";

export const CONTENT_FILES = {
  pages: "pages.yaml",
  site: "content/site.yaml",
  collection: (name: string) => `content/${name}.yaml`,
};

/** Every content file, relative to the root. */
export function contentFileList(): string[] {
  return [CONTENT_FILES.pages, CONTENT_FILES.site, ...Object.keys(collections).map(CONTENT_FILES.collection)];
}

export interface LoadedContent {
  site: SiteData;
  pages: PageData[];
}

export type LoadResult = { content?: LoadedContent; problems: Problem[] };

export interface LoadOptions {
  maxBytes?: number;
  /** Today, as 2026-11-23, for checking dates in the content; tests fix it. */
  today?: string;
  /** Read a file; tests pass fixtures in memory. */
  read?: (file: string) => string;
}

/** Every problem in every file, at once; content only when there is no error. */
export function loadContent(root: string, options: LoadOptions = {}): LoadResult {
  const maxBytes = options.maxBytes ?? MAX_CONTENT_BYTES;
  const read = options.read ?? ((file: string) => readCapped(join(root, file), maxBytes));
  const problems: Problem[] = [];

  const validate = <S extends z.ZodType>(file: string, schema: S): { data: z.output<S>; source: SourceFile } | undefined => {
    let text: string;
    try {
      text = read(file);
    } catch (error) {
      problems.push(readProblem(file, error));
      return undefined;
    }
    const parsed = parseYaml(file, text, maxBytes);
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      return undefined;
    }
    let raw: unknown;
    try {
      raw = parsed.source.doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      problems.push({ severity: "error", file, line: 1, col: 1, path: "", message: `The file could not be read as YAML (${(error as Error).message}).` });
      return undefined;
    }
    const result = schema.safeParse(raw, { reportInput: true });
    if (!result.success) {
      problems.push(...zodProblems(parsed.source, schema, raw, result.error.issues));
      return undefined;
    }
    return { data: result.data, source: parsed.source };
  };

  const site = validate(CONTENT_FILES.site, siteSchema);
  const targets = site ? Object.keys(site.data.targets) : undefined;
  const validateWithTargets = <S extends z.ZodType>(file: string, schema: S) =>
    targets ? withLinkTargets(targets, () => validate(file, schema)) : validate(file, schema);
  const loadedCollections = Object.fromEntries(
    Object.entries(collections).map(([name, item]) => {
      const loaded = validateWithTargets(CONTENT_FILES.collection(name), collectionFileSchema(name, item));
      return [name, loaded && { items: loaded.data.items as unknown[], source: loaded.source }];
    }),
  ) as { [K in CollectionName]?: { items: unknown[]; source: SourceFile } };
  const pages = validateWithTargets(CONTENT_FILES.pages, pagesFileSchema);

  if (!site || !pages || problems.some((p) => p.severity === "error")) return { problems };

  const resolved = resolveContent({
    site: site.data,
    siteSource: site.source,
    routes: pages.data.routes,
    pagesSource: pages.source,
    collections: loadedCollections,
    today: options.today ?? new Date().toISOString().slice(0, 10),
  });
  problems.push(...resolved.problems);
  if (problems.some((p) => p.severity === "error")) return { problems };
  return {
    content: {
      site: resolved.site,
      pages: resolved.routes.map((route) => ({ ...route, sections: route.sections as SectionData[] })),
    },
    problems,
  };
}

class FileTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`The file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit.`);
  }
}

function readCapped(path: string, maxBytes: number): string {
  // Check the size before reading, so an oversized file never reaches memory or the parser.
  const size = statSync(path).size;
  if (size > maxBytes) throw new FileTooLarge(size, maxBytes);
  return readFileSync(path, "utf8");
}

function readProblem(file: string, error: unknown): Problem {
  if (error instanceof FileTooLarge) {
    return { severity: "error", file, line: 1, col: 1, path: "", message: error.message, hint: "Split the content, or move long text out of it." };
  }
  const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
  return {
    severity: "error",
    file,
    line: 1,
    col: 1,
    path: "",
    message: missing ? "The file is missing." : `The file could not be read (${(error as Error).message}).`,
    hint: missing ? "Restore it from version control." : undefined,
  };
}
