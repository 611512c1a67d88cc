/**
 * Reads, validates and resolves every content file. Build and dev-server time only;
 * the result is plain data that the client receives as JSON.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { SectionData } from "../blocks/schemas.ts";
import type { PageData, SiteData } from "./types.ts";
import { contentJsonSchemas } from "./json-schema.ts";
import type { JsonSchema } from "./schema-fields.ts";
import { unknownTargets, unknownVideos } from "./targets.ts";
import { unknownEvents } from "./events.ts";
import { append, limitProblems, type Problem, type SourceFile } from "./problems.ts";
import { resolveContent, type ImageUse } from "./resolve.ts";
import { buildClock, type ScheduledItem } from "./schedule.ts";
import {
  collectionFileSchema,
  collections,
  OPTIONAL_COLLECTIONS,
  pagesFileSchema,
  sharedSectionsFileSchema,
  siteSchema,
  type CollectionName,
} from "./schema.ts";
import { placeSharedSections, usedOn, type SharedUse } from "./shared-sections.ts";
import { formatBytes, MAX_CONTENT_BYTES, parseYaml } from "./yaml.ts";
import { parseOptions, zodProblems } from "./zod-problems.ts";

interface Validated<T> {
  data?: T;
  raw?: unknown;
  source?: SourceFile;
  json?: JsonSchema;
}

export const CONTENT_FILES = {
  pages: "pages.yaml",
  site: "content/site.yaml",
  /** Sections defined once, placed by name (optional: a site may have none). */
  sections: "content/sections.yaml",
  collection: (name: string) => `content/${name}.yaml`,
};

/** Every content file, relative to the root. */
export function contentFileList(): string[] {
  return [CONTENT_FILES.pages, CONTENT_FILES.site, CONTENT_FILES.sections, ...Object.keys(collections).map(CONTENT_FILES.collection)];
}

export interface LoadedContent {
  site: SiteData;
  pages: PageData[];
  /** Every picture, each an object of the content the build fills in (src/build/images.ts). */
  images: ImageUse[];
  /** Every item with a schedule (from, until), live or not, for npm run validate's listing. */
  schedule: ScheduledItem[];
}

export type LoadResult = { content?: LoadedContent; problems: Problem[] };

export interface LoadOptions {
  maxBytes?: number;
  /**
   * The build's clock: what is scheduled shows only inside its window at this moment.
   * By default SITE_NOW, else the machine's clock (schedule.ts); tests fix it.
   */
  now?: Date;
  /** Today, as 2026-11-23, for checking dates in the content; by default the day of `now` (UTC). */
  today?: string;
  /** Problems listed per file before the rest are only counted (MAX_PROBLEMS_PER_FILE); tests that check every field raise it. */
  maxProblemsPerFile?: number;
  /**
   * Where public/ is, when the content is elsewhere (a fixture site): by default the content
   * root when it has a public/ folder, else the working folder (the project, for npm scripts).
   */
  projectRoot?: string;
  /** Read a file; tests pass fixtures in memory. */
  read?: (file: string) => string;
  /** Told each file's text as it is read: the dev server keeps them to tell a real change from a touch. */
  onRead?: (file: string, text: string) => void;
}

/** Every problem in every file, at once; content only when there is no error. */
export function loadContent(root: string, options: LoadOptions = {}): LoadResult {
  const maxBytes = options.maxBytes ?? MAX_CONTENT_BYTES;
  const now = options.now ?? buildClock();
  const read = options.read ?? ((file: string) => readCapped(join(root, file), maxBytes));
  const problems: Problem[] = [];

  const schemas = contentJsonSchemas();

  /** Parses and validates one file; `raw` is there whenever the file is YAML at all. */
  const validate = <S extends z.ZodType>(
    file: string,
    schema: S,
    json: JsonSchema,
    { optional = false, prepare }: { optional?: boolean; prepare?: (raw: unknown, source: SourceFile) => unknown } = {},
  ): Validated<z.output<S>> => {
    let text: string;
    try {
      text = read(file);
      options.onRead?.(file, text);
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === "ENOENT") return {};
      problems.push(readProblem(file, error));
      return {};
    }
    const parsed = parseYaml(file, text, maxBytes);
    append(problems, parsed.problems);
    if (!parsed.source) return {};
    let raw: unknown;
    try {
      raw = parsed.source.doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      problems.push({
        severity: "error",
        code: "yaml-syntax",
        file,
        line: 1,
        col: 1,
        path: "",
        message: `The file could not be read as YAML (${(error as Error).message}).`,
      });
      return {};
    }
    if (prepare) raw = prepare(raw, parsed.source);
    const result = schema.safeParse(raw, parseOptions);
    if (!result.success) {
      append(problems, zodProblems(parsed.source, json, raw, result.error.issues));
      return { raw, source: parsed.source, json };
    }
    return { data: result.data, raw, source: parsed.source, json };
  };

  const siteFile = validate(CONTENT_FILES.site, siteSchema, schemas.site);
  const collectionFiles = Object.fromEntries(
    Object.entries(collections).map(([name, item]) => [
      name,
      validate(CONTENT_FILES.collection(name), collectionFileSchema(name, item), schemas[name]!, {
        optional: OPTIONAL_COLLECTIONS.includes(name as CollectionName),
      }),
    ]),
  );
  const sharedFile = validate(CONTENT_FILES.sections, sharedSectionsFileSchema, schemas.sections, { optional: true });
  let placed: ReturnType<typeof placeSharedSections> = { raw: undefined, uses: [], places: [], problems: [] };
  const pagesFile = validate(CONTENT_FILES.pages, pagesFileSchema, schemas.pages, {
    // Each `- use: <name>` becomes its shared section, so the page's own rules (a hero first, ids) see it.
    prepare: (raw, source) => (placed = placeSharedSections(raw, sharedFile.raw, source)).raw,
  });
  const uses: SharedUse[] = placed.uses;
  if (siteFile.data) {
    const targets = Object.keys(siteFile.data.targets);
    for (const file of [siteFile, sharedFile, ...Object.values(collectionFiles), pagesFile]) {
      if (file.source && file.json) append(problems, unknownTargets(file.source, file.json, file.raw, targets));
    }
    const videos = Object.keys(siteFile.data.videos ?? {});
    for (const file of [...Object.values(collectionFiles), pagesFile]) {
      if (file.source && file.json) append(problems, unknownVideos(file.source, file.json, file.raw, videos));
    }
  }
  // Checked whenever site.yaml is readable, even if something else in it is wrong: the list of events may still be right.
  if (siteFile.raw && typeof siteFile.raw === "object") {
    const analytics = (siteFile.raw as { analytics?: { events?: unknown } }).analytics;
    const declared = Array.isArray(analytics?.events)
      ? analytics.events.map((event: { name?: unknown }) => event?.name).filter((name): name is string => typeof name === "string")
      : [];
    for (const file of [...Object.values(collectionFiles), pagesFile]) {
      // Most files name no event: skip the walk over their whole schema then.
      if (file.source && file.json && JSON.stringify(file.raw ?? null).includes('"track"'))
        append(problems, unknownEvents(file.source, file.json, file.raw, declared, analytics !== undefined && analytics !== null));
    }
  }
  // A problem inside a shared section is reported once, in content/sections.yaml, with the pages that use it.
  const reported = usedOn(problems, placed, CONTENT_FILES.pages, CONTENT_FILES.sections);
  problems.length = 0;
  append(problems, reported);
  append(problems, placed.problems);
  const site = siteFile.data && siteFile.source && { data: siteFile.data, source: siteFile.source };
  const pages = pagesFile.data && pagesFile.source && { data: pagesFile.data, source: pagesFile.source };
  const loadedCollections = Object.fromEntries(
    Object.entries(collectionFiles).map(([name, file]) => [
      name,
      file.data && file.source && { items: (file.data as { items: unknown[] }).items, source: file.source },
    ]),
  ) as { [K in CollectionName]?: { items: unknown[]; source: SourceFile } };

  if (!site || !pages || problems.some((p) => p.severity === "error")) return { problems: limitProblems(problems, options.maxProblemsPerFile) };

  const resolved = resolveContent({
    site: site.data,
    siteSource: site.source,
    routes: pages.data.routes,
    pagesSource: pages.source,
    collections: loadedCollections,
    shared: sharedFile.data && sharedFile.source ? { sections: sharedFile.data.sections, source: sharedFile.source, uses } : undefined,
    now: now.getTime(),
    today: options.today ?? now.toISOString().slice(0, 10),
    imageRoots: { content: root, project: options.projectRoot ?? (existsSync(join(root, "public")) ? root : process.cwd()) },
  });
  append(problems, resolved.problems);
  if (problems.some((p) => p.severity === "error")) return { problems: limitProblems(problems, options.maxProblemsPerFile) };
  return {
    content: {
      site: resolved.site,
      pages: resolved.routes.map((route) => ({ ...route, sections: route.sections as SectionData[] })),
      images: resolved.images,
      schedule: resolved.schedule,
    },
    problems: limitProblems(problems, options.maxProblemsPerFile),
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
    return {
      severity: "error",
      code: "file-too-large",
      file,
      line: 1,
      col: 1,
      path: "",
      message: error.message,
      hint: "Split the content, or move long text out of it.",
    };
  }
  const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
  return {
    severity: "error",
    code: missing ? "file-missing" : "file-unreadable",
    file,
    line: 1,
    col: 1,
    path: "",
    message: missing ? "The file is missing." : `The file could not be read (${(error as Error).message}).`,
    hint: missing ? "Restore it from version control." : undefined,
  };
}
