/**
 * Reads, validates and resolves every content file. Build and dev-server time only;
 * the result is plain data that the client receives as JSON.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { z } from "zod";
import type { SectionData } from "../blocks/registry.ts";
import type { PageData, SiteData } from "./types.ts";
import { contentJsonSchemas } from "./content-json-schemas.ts";
import { FIELD_KINDS, KIND_KEYWORD } from "../content/field-kinds.ts";
import type { JsonSchema } from "../content/json-schema-lookup.ts";
import { unknownTargets, unknownVideos } from "../content/targets.ts";
import { unknownEvents } from "../content/event-names.ts";
import { unknownPrices } from "../content/prices.ts";
import { deprecatedFields } from "../content/deprecated.ts";
import { append, limitProblems, type PathSegment, type Problem, type SourceFile, problemAt } from "../content/problems.ts";
import { resolveContent, type ImageUse } from "./resolve.ts";
import { buildClock, type ScheduledItem } from "../content/schedule.ts";
import type { KnownWarning } from "../content/known-warnings.ts";
import {
  collectionFileSchema,
  collections,
  listFiles,
  OPTIONAL_COLLECTIONS,
  pagesFileSchema,
  sharedSectionsFileSchema,
  siteSchema,
  type CollectionName,
  type ListFile,
} from "./schema.ts";
import { placeSharedSections, usedOn, type SharedUse } from "../content/shared-sections.ts";
import { formatBytes, MAX_CONTENT_BYTES, parseYaml } from "../content/yaml.ts";
import type { ImageRef } from "../content/fields.ts";
import { imageSrc } from "../content/fields.ts";
import { checkImageFile, listImages, type ImageRoots } from "../content/images.ts";
import { unknownTarget } from "../content/link.ts";
import type { MarkdownBlock, MarkdownInline } from "../content/markdown.ts";
import { locateInText } from "../content/scalar-position.ts";
import { branchFor } from "../content/json-schema-lookup.ts";
import { parseOptions, zodProblems } from "./zod-problems.ts";
import { isRecord } from "../content/records.ts";
import { isKept, keep } from "../content/kept.ts";
import { itemKey, savePlaces } from "../content/yaml-pieces.ts";
import { StoredResults } from "./stored-results.ts";

interface Validated<T> {
  data?: T;
  raw?: unknown;
  /** The file's value as written, before `prepare` (pages.yaml's placed sections are still `use:` there). */
  authored?: unknown;
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
  /** Every picture, each an object of the content the build puts its files' data in place of (withPictures, src/pipeline/images.ts). */
  images: ImageUse[];
  /** Every item with a schedule (from, until), live or not, for npm run validate's listing. */
  schedule: ScheduledItem[];
  /** The warnings site.yaml says the site keeps (settleKnownWarnings, once every check has run). */
  knownWarnings: KnownWarning[];
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
  /** Keep drafts (draft: true), marked: the dev server's and the editor preview's content. */
  drafts?: boolean;
  /** Read a file; tests pass fixtures in memory. */
  read?: (file: string) => string;
  /** Told each file's text as it is read: the dev server keeps them to tell a real change from a touch. */
  onRead?: (file: string, text: string) => void;
  /**
   * Where the items of large content files are kept between runs, by their text (yaml-pieces.ts):
   * the command line's build and validation, each a new process, parse only the items that
   * changed. Without it nothing is kept on disk.
   */
  itemCacheDir?: string;
  /**
   * The key of the code, under which each unchanged item's check is kept in `itemCacheDir` between
   * runs (stored-results.ts): the command line passes its bundle's (cliCodeKey). Without it nothing is kept.
   */
  storedResultsKey?: string;
}

/** The item cache of one content file, named by its absolute path. */
function itemCacheFile(dir: string, file: string): string {
  return join(dir, `${createHash("sha1").update(resolve(file)).digest("hex").slice(0, 16)}.json`);
}

/** Every problem in every file, at once; content only when there is no error. */
export function loadContent(root: string, options: LoadOptions = {}): LoadResult {
  const maxBytes = options.maxBytes ?? MAX_CONTENT_BYTES;
  const now = options.now ?? buildClock();
  const read = options.read ?? ((file: string) => readContentFile(join(root, file), maxBytes));
  const problems: Problem[] = [];

  const schemas = contentJsonSchemas();

  /** Parses and validates one file; `raw` is there whenever the file is YAML at all. */
  const validate = <S extends z.ZodType>(
    file: string,
    schema: S,
    json: JsonSchema,
    { optional = false, prepare, list }: { optional?: boolean; prepare?: (raw: unknown, source: SourceFile) => unknown; list?: ListFile } = {},
  ): Validated<z.output<S>> => {
    let text: string;
    try {
      text = read(file);
      // A text handed in (the editor's draft) never went through decodeContent: it is held to the rule a file on disk is.
      if (options.read && text.includes("\0")) decodeContent(Buffer.from(text, "utf8"));
      options.onRead?.(file, text);
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === "ENOENT") return {};
      problems.push(readProblem(file, error));
      return {};
    }
    const parsed = parseYaml(
      file,
      text,
      maxBytes,
      options.itemCacheDir ? { itemCache: itemCacheFile(options.itemCacheDir, join(root, file)), codeKey: options.storedResultsKey } : {},
    );
    append(problems, parsed.problems);
    if (!parsed.source) return {};
    let raw: unknown;
    try {
      raw = parsed.value !== undefined ? parsed.value : parsed.source.doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      problems.push(
        problemAt({ file, line: 1, col: 1 }, [], { code: "yaml-syntax", message: `The file could not be read as YAML (${(error as Error).message}).` }),
      );
      return {};
    }
    const authored = raw;
    if (prepare) raw = prepare(raw, parsed.source);
    // By item, the file's schema is `list`'s two schemas together: its data is the schema's output.
    const stored =
      list && options.itemCacheDir && options.storedResultsKey
        ? StoredResults.open(options.itemCacheDir, join(root, file), options.storedResultsKey)
        : undefined;
    const result = ((list && parseByItem(list, raw, stored)) ?? schema.safeParse(raw, parseOptions)) as z.ZodSafeParseResult<z.output<S>>;
    stored?.prune();
    if (!result.success) {
      append(problems, zodProblems(parsed.source, json, raw, result.error.issues));
      return { raw, authored, source: parsed.source, json };
    }
    return { data: result.data, raw, authored, source: parsed.source, json };
  };

  const siteFile = validate(CONTENT_FILES.site, siteSchema, schemas.site);
  const collectionFiles = Object.fromEntries(
    Object.entries(collections).map(([name, item]) => [
      name,
      validate(CONTENT_FILES.collection(name), collectionFileSchema(name, item), schemas[name]!, {
        optional: OPTIONAL_COLLECTIONS.includes(name as CollectionName),
        list: listFiles.collection(name, item),
      }),
    ]),
  );
  const sharedFile = validate(CONTENT_FILES.sections, sharedSectionsFileSchema, schemas.sections, { optional: true });
  let placed: ReturnType<typeof placeSharedSections> = { raw: undefined, uses: [], places: [], problems: [] };
  const pagesFile = validate(CONTENT_FILES.pages, pagesFileSchema, schemas.pages, {
    // Each `- use: <name>` becomes its shared section, so the page's own rules (a hero first, ids) see it.
    prepare: (raw, source) => (placed = placeSharedSections(raw, sharedFile.raw, source)).raw,
    list: listFiles.pages,
  });
  const uses: SharedUse[] = placed.uses;
  // What site.yaml names, from its data, or when it has an error elsewhere from what it says:
  // a link to a target written there is not unknown, whatever else is wrong in the file.
  const siteRaw = isRecord(siteFile.raw) ? siteFile.raw : undefined;
  const targets = siteFile.data ? Object.keys(siteFile.data.targets) : recordKeys(siteRaw?.targets);
  const videos = siteFile.data ? Object.keys(siteFile.data.videos ?? {}) : siteRaw && (recordKeys(siteRaw.videos) ?? []);
  const prices = siteFile.data ? Object.keys(siteFile.data.prices ?? {}) : siteRaw && (recordKeys(siteRaw.prices) ?? []);
  if (targets) {
    for (const file of [siteFile, sharedFile, ...Object.values(collectionFiles), pagesFile]) {
      if (file.source && file.json) append(problems, unknownTargets(file.source, file.json, file.raw, targets));
    }
  }
  if (videos) {
    for (const file of [...Object.values(collectionFiles), pagesFile]) {
      if (file.source && file.json) append(problems, unknownVideos(file.source, file.json, file.raw, videos));
    }
  }
  if (prices) {
    for (const file of [siteFile, sharedFile, ...Object.values(collectionFiles), pagesFile]) {
      // The walk by kind is the one the named targets' check made already (valuesOfKind keeps it).
      if (file.source && file.json) append(problems, unknownPrices(file.source, file.json, file.raw, prices));
    }
  }
  // Fields that still work but have a better replacement: a warning at each, with what to write instead.
  for (const file of [siteFile, sharedFile, ...Object.values(collectionFiles), pagesFile]) {
    if (file.source && file.json) append(problems, deprecatedFields(file.source, file.json, file.raw));
  }
  // Checked whenever site.yaml is readable, even if something else in it is wrong: the list of events may still be right.
  if (siteFile.raw && typeof siteFile.raw === "object") {
    const analytics = (siteFile.raw as { analytics?: { events?: unknown } }).analytics;
    const declared = Array.isArray(analytics?.events)
      ? analytics.events.map((event: { name?: unknown }) => event?.name).filter((name): name is string => typeof name === "string")
      : [];
    for (const file of [...Object.values(collectionFiles), pagesFile]) {
      // The walk by kind is the one the named targets' check made already (valuesOfKind keeps it).
      if (file.source && file.json) append(problems, unknownEvents(file.source, file.json, file.raw, declared, analytics !== undefined && analytics !== null));
    }
  }
  const imageRoots = { content: root, project: options.projectRoot ?? (existsSync(join(root, "public")) ? root : process.cwd()) };
  const isError = (problem: Problem) => problem.severity === "error";
  const resolves = siteFile.data && pagesFile.data && !problems.some(isError) && !placed.problems.some(isError);
  // Content with an error is not resolved (resolve.ts needs every file whole), yet its pictures and links are checked
  // on what each readable file says, so that one broken file does not hide the rest's errors. Links to routes are
  // left to the whole content: they are only warnings, and pages.yaml may be the broken file.
  if (!resolves) {
    const media = isRecord(siteRaw?.media) ? siteRaw.media : undefined;
    append(
      problems,
      referenceProblems([siteFile, sharedFile, ...Object.values(collectionFiles), pagesFile], {
        targets,
        imageHosts: siteRaw && (Array.isArray(media?.imageHosts) ? media.imageHosts.filter((host): host is string => typeof host === "string") : []),
        imageRoots,
      }),
    );
  }
  // A problem inside a shared section is reported once, in content/sections.yaml, with the pages that use it.
  const reported = usedOn(problems, placed, CONTENT_FILES.pages, CONTENT_FILES.sections);
  problems.length = 0;
  append(problems, reported);
  append(problems, placed.problems);
  const site = siteFile.data && siteFile.source && { data: siteFile.data, source: siteFile.source };
  const pages = pagesFile.data && pagesFile.source && { data: pagesFile.data, source: pagesFile.source, authored: pagesFile.authored as { routes: unknown[] } };
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
    authoredRoutes: pages.authored.routes,
    pagesSource: pages.source,
    schemas: { site: schemas.site, pages: schemas.pages },
    collections: loadedCollections,
    shared: sharedFile.data && sharedFile.source ? { sections: sharedFile.data.sections, source: sharedFile.source, uses } : undefined,
    now: now.getTime(),
    today: options.today ?? now.toISOString().slice(0, 10),
    imageRoots,
    drafts: options.drafts ?? false,
  });
  append(problems, resolved.problems);
  savePlaces();
  if (problems.some((p) => p.severity === "error")) return { problems: limitProblems(problems, options.maxProblemsPerFile) };
  return {
    content: {
      site: resolved.site,
      pages: resolved.routes.map((route) => ({ ...route, sections: route.sections as SectionData[] })),
      images: resolved.images,
      schedule: resolved.schedule,
      knownWarnings: resolved.knownWarnings,
    },
    problems: limitProblems(problems, options.maxProblemsPerFile),
  };
}

/** Each item's result by its value, per item schema: an item of a large file whose text is unchanged is the same value (yaml.ts). */
const itemResults = new WeakMap<z.ZodType, WeakMap<object, z.ZodSafeParseResult<unknown>>>();

/**
 * A file that is one list, validated item by item: an item's result is kept while its value is
 * the same, so a save that changes one page of a thousand validates that page and the file's own
 * rules. The result is the one the file's whole schema gives (listFiles, schema.ts); undefined
 * when the file is not a list of items at all, which the whole schema then reports.
 */
export function parseByItem(list: ListFile, raw: unknown, stored?: StoredResults): z.ZodSafeParseResult<unknown> | undefined {
  const items = isRecord(raw) ? raw[list.field] : undefined;
  if (!isRecord(raw) || !Array.isArray(items)) return undefined;
  let kept = itemResults.get(list.item);
  if (!kept) itemResults.set(list.item, (kept = new WeakMap()));
  const issues: z.core.$ZodIssue[] = [];
  const values = items.map((item: unknown, index) => {
    const known = isKept(item) ? kept.get(item) : undefined;
    const result = known ?? checkItem(list.item, item, stored);
    // An item yaml.ts keeps is handed to the next load while its text is unchanged; its result
    // goes with it, kept as well, since every later load shares it.
    if (!known && isKept(item)) {
      if (result.success) keep(result.data);
      kept.set(item, result);
    }
    if (result.success) return result.data;
    for (const issue of result.error.issues) issues.push({ ...issue, path: [list.field, index, ...issue.path] });
    return item;
  });
  const file = list.file.safeParse({ ...raw, [list.field]: values }, parseOptions);
  if (!file.success) {
    // A list too long or too short: the whole schema checks none of its items then, so neither does this.
    if (file.error.issues.some((issue) => (issue.code === "too_big" || issue.code === "too_small") && issue.path.length === 1)) return file;
    issues.push(...file.error.issues);
  }
  return issues.length ? { success: false, error: new z.ZodError(issues) } : file;
}

/** An item's check, or its value as the last command-line run's check of the same text gave it (stored-results.ts). */
function checkItem(schema: z.ZodType, item: unknown, stored: StoredResults | undefined): z.ZodSafeParseResult<unknown> {
  const hash = stored && itemKey(item);
  const earlier = hash === undefined ? undefined : stored!.get(hash);
  if (earlier !== undefined) return { success: true, data: earlier };
  const result = schema.safeParse(item, parseOptions);
  if (hash !== undefined && result.success) stored!.set(hash, result.data);
  return result;
}

const recordKeys = (value: unknown): string[] | undefined => (isRecord(value) ? Object.keys(value) : undefined);

interface ReferenceContext {
  /** The named targets site.yaml writes; undefined when it cannot be read. */
  targets?: readonly string[];
  /** The hosts pictures may come from; undefined when site.yaml cannot be read, so an https: picture is not judged. */
  imageHosts?: readonly string[];
  imageRoots: ImageRoots;
}

/**
 * The errors resolveContent reports about pictures and links, for content that is not
 * resolved because some file has an error: every picture's file, and the named targets of
 * links in Markdown, in each file that could be read, whether or not it validated.
 */
function referenceProblems(files: readonly Validated<unknown>[], context: ReferenceContext): Problem[] {
  const problems: Problem[] = [];
  let imageList: string[] | undefined;
  const knownImages = () => (imageList ??= listImages(context.imageRoots));

  for (const file of files) {
    const { source, json, raw, data } = file;
    if (!source || !json || raw === undefined) continue;
    for (const { path, src, at } of imageValues(json, raw)) {
      if (!IMAGE_SRC.safeParse(src).success || (context.imageHosts === undefined && src.startsWith("https:"))) continue;
      const problem = checkImageFile({ src } as ImageRef, context.imageRoots, context.imageHosts ?? [], knownImages);
      if (!problem || problem.severity === "warning") continue;
      problems.push(problemAt(source, at, { code: problem.code, message: problem.message, ...(problem.hint ? { hint: problem.hint } : {}) }, { path }));
    }
    // Links in Markdown are known once the text is parsed, which the file's validation does.
    const targets = context.targets;
    if (!targets) continue;
    for (const { path, blocks } of markdownFields(data)) {
      for (const node of markdownLinks(blocks)) {
        if (node.link.kind !== "target" || targets.includes(node.link.name)) continue;
        problems.push(problemAt(locateInText(source, path, node.at), path, { code: "unknown-target", ...unknownTarget(node.link.name, targets) }));
      }
    }
  }
  return problems;
}

const IMAGE_SRC = imageSrc();

/**
 * Every picture in a file the build makes into a page's picture, as it is written: its field's
 * path, its file or address, and where that is written (a picture with alt text is a group of
 * fields; src holds its file). A picture served as it is (the share picture) is not one of them.
 */
function imageValues(root: JsonSchema, data: unknown): { path: PathSegment[]; src: string; at: PathSegment[] }[] {
  const found: { path: PathSegment[]; src: string; at: PathSegment[] }[] = [];
  const walk = (schema: JsonSchema, value: unknown, path: PathSegment[]) => {
    const branches = schema.anyOf ?? schema.oneOf ?? [];
    const image = [schema, ...branches].find((option) => option[KIND_KEYWORD] === FIELD_KINDS.image || option[KIND_KEYWORD] === FIELD_KINDS.servedImage);
    if (image) {
      if (typeof value === "string" && image[KIND_KEYWORD] === FIELD_KINDS.image) found.push({ path, src: value, at: path });
      else if (isRecord(value) && typeof value.src === "string") found.push({ path, src: value.src, at: [...path, "src"] });
      return;
    }
    const branch = branchFor(schema, value);
    if (Array.isArray(value) && branch.items) value.forEach((item, index) => walk(branch.items!, item, [...path, index]));
    else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        const field = branch.properties?.[key] ?? (typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined);
        if (field) walk(field, child, [...path, key]);
      }
    }
  };
  walk(root, data, []);
  return found;
}

/** Every Markdown text in validated data, with its field's path. */
function markdownFields(data: unknown, path: PathSegment[] = []): { path: PathSegment[]; blocks: MarkdownBlock[] }[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => markdownFields(item, [...path, index]));
  if (!isRecord(data)) return [];
  if (Array.isArray(data.$markdown)) return [{ path, blocks: data.$markdown as MarkdownBlock[] }];
  return Object.entries(data).flatMap(([key, child]) => markdownFields(child, [...path, key]));
}

type MarkdownLink = Extract<MarkdownInline, { type: "link" }>;

/** Every link in a Markdown text, however deep in quotes and lists (walked without recursion). */
function markdownLinks(blocks: readonly MarkdownBlock[]): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  const pending: unknown[] = [...blocks];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (isRecord(node)) {
      if (node.type === "link" && isRecord(node.link)) links.push(node as unknown as MarkdownLink);
      for (const key of ["children", "items", "head", "rows"]) if (Array.isArray(node[key])) pending.push(node[key]);
    }
  }
  return links;
}

class FileTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`The file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit.`);
  }
}

/**
 * A content file's text, read as UTF-8. A byte that is not UTF-8 stops the read with
 * where it is (FileEncodingError): decoding it anyway would put U+FFFD in the pages, and a
 * save from the editor would write that over the author's original character for good.
 */
export function readContentFile(path: string, maxBytes = MAX_CONTENT_BYTES): string {
  // Check the size before reading, so an oversized file never reaches memory or the parser.
  const size = statSync(path).size;
  if (size > maxBytes) throw new FileTooLarge(size, maxBytes);
  const bytes = readFileSync(path);
  const last = lastReads.get(path);
  if (last?.bytes.equals(bytes)) return last.text;
  const text = decodeContent(bytes);
  lastReads.delete(path);
  lastReads.set(path, { bytes, text });
  // The oldest read goes first: a site has a few content files, and a process that reads several sites (the tests) keeps the last few.
  for (const [oldest] of lastReads) {
    if (lastReads.size <= KEPT_READS) break;
    lastReads.delete(oldest);
  }
  return text;
}

/**
 * Each file's last read. The dev server and the editor read every content file at each save, and
 * most are as they were: the same bytes are the same text, not decoded again (some 20 ms for a
 * file of a thousand pages), and the very string the last parse was given (yaml.ts), which it
 * knows at once.
 */
const lastReads = new Map<string, { bytes: Buffer; text: string }>();
const KEPT_READS = 32;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of a content file's bytes; a UTF-8 byte order mark is dropped (editors on Windows write one). */
export function decodeContent(bytes: Uint8Array): string {
  if (isUtf16(bytes)) throw new FileEncodingError(bytes, 0);
  const zero = bytes.indexOf(0);
  if (zero >= 0) throw new FileEncodingError(bytes, zero);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new FileEncodingError(bytes, firstInvalidUtf8(bytes));
  }
}

/** A UTF-16 byte order mark: bytes UTF-8 never starts with. */
const isUtf16 = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** A content file that is not UTF-8 text, and where its first byte that is not. */
export class FileEncodingError extends Error {
  readonly line: number;
  readonly col: number;
  readonly hint: string;
  constructor(
    bytes: Uint8Array,
    /** The first byte, from the file's start, that is not part of a UTF-8 character. */
    readonly offset: number,
  ) {
    const before = new TextDecoder("utf-8").decode(bytes.subarray(0, offset));
    const lineStart = before.lastIndexOf("\n") + 1;
    const line = before.slice(0, lineStart).split("\n").length;
    const col = [...before.slice(lineStart)].length + 1;
    const byte = bytes[offset]!;
    const hex = `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    const utf16 = isUtf16(bytes);
    const where = `line ${line}, column ${col} (byte ${offset} of the file)`;
    super(
      utf16
        ? "The file is not saved as UTF-8: it is saved as UTF-16."
        : byte === 0
          ? `The file is not saved as UTF-8 text: it holds a zero byte at ${where}, which text never has.`
          : `The file is not saved as UTF-8: the byte ${hex} at ${where} is not a UTF-8 character.`,
    );
    this.line = line;
    this.col = col;
    const shown = windows1252(byte);
    this.hint =
      utf16 || byte === 0
        ? "Save it as UTF-8 in your editor (in VS Code: the encoding in the status bar, then Save with Encoding, UTF-8); if it is not a text file, restore the file from version control."
        : `It was probably saved in another encoding, such as Windows-1252${shown ? ` (where this byte is "${shown}")` : ""}. Save it as UTF-8 in your editor (in VS Code: the encoding in the status bar, then Reopen with Encoding and the file's encoding, then Save with Encoding, UTF-8), and check the accented letters.`;
  }
}

/** The character a byte stands for in Windows-1252, the usual encoding of a file that is not UTF-8. */
function windows1252(byte: number): string | undefined {
  try {
    const char = new TextDecoder("windows-1252").decode(Uint8Array.of(byte));
    return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? char : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the first byte that does not start a well-formed UTF-8 character is (the Unicode
 * standard's table of well-formed sequences: no overlong forms, no surrogates, nothing past U+10FFFF).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    const following = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (following === 0) return at;
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    const second = bytes[at + 1];
    if (second === undefined || second < low || second > high) return at;
    for (let next = 2; next <= following; next++) {
      const byte = bytes[at + next];
      if (byte === undefined || (byte & 0xc0) !== 0x80) return at;
    }
    at += following + 1;
  }
  return -1;
}

function readProblem(file: string, error: unknown): Problem {
  if (error instanceof FileEncodingError)
    return problemAt({ file, line: error.line, col: error.col }, [], { code: "file-encoding", message: error.message, hint: error.hint });
  const start = { file, line: 1, col: 1 };
  if (error instanceof FileTooLarge)
    return problemAt(start, [], { code: "file-too-large", message: error.message, hint: "Split the content, or move long text out of it." });
  if ((error as NodeJS.ErrnoException).code === "ENOENT")
    return problemAt(start, [], { code: "file-missing", message: "The file is missing.", hint: "Restore it from version control." });
  return problemAt(start, [], { code: "file-unreadable", message: `The file could not be read (${(error as Error).message}).` });
}
