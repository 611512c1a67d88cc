/**
 * Vite plugin of the dev server (npm run dev, npm run edit): validates pages.yaml and
 * content/ and hands the dev client plain data as virtual modules. Validation code (yaml,
 * zod) stays here; the browser receives only the validated result. The production build
 * (scripts/build.ts) reads the content itself and bundles the code without this plugin, so
 * its bundles hold no content.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { blockExamples } from "../site/block-examples.ts";
import { buildImages, formatImageReport, IMAGE_OUTPUT, stopBackgroundVersions, withPictures } from "./images.ts";
import { contentFileList, loadContent, readContentFile, type LoadResult } from "../site/load.ts";
import { formatProblems, problemAt, sortProblems, type Problem } from "../content/problems.ts";
import type { ProblemCode } from "../content/problem-codes.ts";

const MODULE_ID = "virtual:content";
/** Dev server only: the event that tells the open page its content changed, and where it fetches the new content. */
export const CONTENT_UPDATE_EVENT = "site-content:update";
export const CONTENT_ENDPOINT = "/__site-content";
/** Dev server only: every block's example, for the /blocks page. */
const BLOCKS_MODULE_ID = "virtual:content-blocks";
const PAGE_PREFIX = "virtual:content/page/";

/** File-name-safe name of a route's data chunk. */
export function pageSlug(path: string): string {
  return path === "/" ? "index" : path === "*" ? "404" : path.slice(1).replaceAll("/", "_");
}

/** An error that prints as the content report alone: no plugin stack for authors to wade through. */
export class ContentError extends Error {
  constructor(report: string) {
    super(report);
    this.stack = report;
  }

  // Vite's CLI prints a failed build's error with util.inspect: show the report alone.
  [Symbol.for("nodejs.util.inspect.custom")]() {
    return this.message;
  }
}

/**
 * Where pages.yaml and content/ are read from: the project, unless SITE_CONTENT_ROOT
 * names another folder (tests build and serve fixture sites this way).
 */
export function contentRootOf(projectRoot: string): string {
  const override = process.env.SITE_CONTENT_ROOT;
  return override ? resolve(projectRoot, override) : projectRoot;
}

/**
 * What the dev server's content offers the page editor (a plugin's `api`): the editor has
 * validated a save before writing it, so the dev server takes that result instead of waiting
 * for the file watcher and validating the same texts again.
 */
export interface ContentPluginApi {
  /** The editor wrote a file: its validation (`texts` are every file it read, by path in the content root). */
  saved(file: string, texts: Record<string, string>, loaded: LoadResult): Promise<void>;
}

export const CONTENT_PLUGIN_NAME = "site-content";

export interface ContentPluginOptions {
  /** Replaces the content loader (tests give one that throws, as a parser out of stack would). */
  loader?: typeof loadContent;
}

export function contentPlugin(options: ContentPluginOptions = {}): Plugin<ContentPluginApi> {
  let root = process.cwd();
  let contentRoot = root;
  let result: LoadResult = { problems: [] };
  let isDev = false;
  let isServerBuild = false;
  let logger: { info: (message: string) => void; warn: (message: string) => void } = console;
  /** The dev server's picture files, served from memory. */
  const devImages = new Map<string, Buffer>();
  /** Set by the dev server: takes in the versions of pictures that the background worker has made. */
  let takeVersions = () => {};
  /** One function for every run of the pipeline, which tells it once per picture made. */
  const versionsMade = () => takeVersions();
  /** The text of each content file the current result was made from, by path in the content root. */
  let loadedTexts: Record<string, string> = {};
  /**
   * Counted up each time the open pages are told of new content, and written into the content's
   * module: a page compares it with the server's once it has started, so a save that came while
   * it loaded (too early for it to hear of) is not lost.
   */
  let contentVersion = 0;
  /** Set by the dev server: tells the open page the content changed. */
  let takeUpdate: (file: string, hadErrors: boolean) => Promise<void> = async () => {};

  /**
   * Validates the content as it is on disk; `changed` is the file whose change asked for it.
   * Whatever a file holds, the dev server stays up: a validation that throws is reported as
   * an error at that file, like any other content error.
   */
  const load = (changed?: string, changedText?: string) => {
    const texts: Record<string, string> = {};
    const changedFile = changed && relative(contentRoot, changed);
    // The changed file as the watcher's check just read it (a large pages.yaml is not read twice); the others from disk.
    const read = changedText === undefined ? undefined : (file: string) => (file === changedFile ? changedText : readContentFile(join(contentRoot, file)));
    try {
      result = (options.loader ?? loadContent)(contentRoot, {
        projectRoot: root,
        drafts: isDev,
        onRead: (file, text) => (texts[file] = text),
        ...(read ? { read } : {}),
      });
    } catch (error) {
      result = { problems: [checkFailed(changed && isContentFile(contentRoot, changed) ? relative(contentRoot, changed) : "pages.yaml", error)] };
    }
    loadedTexts = texts;
    return result;
  };

  /**
   * Makes the content's pictures (cached by content hash) and takes the content with their data in.
   * A picture the build cannot make is a content error at its line, like any other. The dev server
   * does not wait for a new picture's versions: it shows the picture's own file until the background
   * worker has made them, then takes them in as one more update. False when the content was read
   * again meanwhile: that newer content's own run reports it.
   */
  const makeImages = async (emit: (fileName: string, bytes: Buffer) => void) => {
    const made = result;
    if (!made.content) return true;
    const report = await buildImages(made.content.images, {
      roots: { content: contentRoot, project: root },
      cacheDir: process.env.IMAGE_CACHE_DIR ? resolve(root, process.env.IMAGE_CACHE_DIR) : join(root, ".cache", "images"),
      emit,
      ...(isDev ? { background: { onReady: versionsMade } } : {}),
    });
    if (result !== made) return false;
    result = { ...made, content: withPictures(made.content, report.filled) };
    if (report.problems.length) result = { ...result, problems: [...result.problems, ...report.problems] };
    if (report.problems.some((problem) => problem.severity === "error")) result = { problems: result.problems };
    // The build runs quietly (warnings only); its summary lines go to the terminal directly.
    if (!isServerBuild) (isDev ? logger.info : console.log)(formatImageReport(report));
    const warnings = report.problems.filter((problem) => problem.severity === "warning");
    if (warnings.length && !isServerBuild) logger.warn(`\n${formatProblems(warnings)}\n`);
    return true;
  };
  const errors = () => result.problems.filter((p) => p.severity === "error");

  return {
    name: CONTENT_PLUGIN_NAME,
    enforce: "pre",

    api: {
      async saved(file, texts, loaded) {
        const hadErrors = errors().length > 0;
        result = loaded;
        // As a load reads them (readContentFile drops a byte order mark, which the editor keeps in what it writes),
        // so the watcher's news of this very save is told from a change.
        loadedTexts = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, text.replace(/^\uFEFF/, "")]));
        await takeUpdate(join(contentRoot, file), hadErrors);
      },
    },

    configResolved(config) {
      root = config.root;
      contentRoot = contentRootOf(root);
      isDev = config.command === "serve";
      isServerBuild = Boolean(config.build.ssr);
      logger = config.logger;
      // Validate before the bundler starts: an error thrown here reaches the author
      // as the report alone, where the bundler would wrap it in its own stack trace.
      load();
      // The server build of the same content has nothing new to report.
      if (result.problems.length === 0 || config.build.ssr) return;
      const report = formatProblems(result.problems);
      if (errors().length > 0 && !isDev) throw new ContentError(`Content errors:\n\n${report}\n`);
      config.logger.warn(`\n${report}\n`);
    },

    async buildStart() {
      for (const file of contentFiles(contentRoot)) this.addWatchFile(file);
      const emitted = new Set<string>();
      await makeImages((fileName, bytes) => {
        if (isDev) devImages.set(fileName, bytes);
        else if (!isServerBuild && !emitted.has(fileName)) {
          emitted.add(fileName);
          this.emitFile({ type: "asset", fileName: `${IMAGE_OUTPUT}/${fileName}`, source: bytes });
        }
      });
      if (!isDev && errors().length > 0) throw new ContentError(`Content errors:\n\n${formatProblems(result.problems)}\n`);
    },

    resolveId(id) {
      if (id === MODULE_ID || id.startsWith(PAGE_PREFIX) || id === BLOCKS_MODULE_ID) return `\0${id}`;
      return undefined;
    },

    load(id) {
      if (id === `\0${BLOCKS_MODULE_ID}`) {
        if (!isDev) throw new Error(`${BLOCKS_MODULE_ID} is for the dev server's /blocks page only.`);
        return `export default ${JSON.stringify(blockExamples(root))};`;
      }
      if (id === `\0${MODULE_ID}`) {
        if (!result.content) {
          return `export const site = undefined; export const pageLoaders = {}; export const contentErrors = ${JSON.stringify(formatProblems(result.problems))}; export const contentVersion = ${contentVersion};`;
        }
        // A production page carries its own data in its HTML, and its islands need only the site: the page
        // data stays out of the client's bundle, which then depends on no page. Only the dev server's app loads pages.
        const pages = isDev || isServerBuild ? result.content.pages : [];
        const loaders = pages.map((page) => `${JSON.stringify(page.path)}: () => import(${JSON.stringify(PAGE_PREFIX + pageSlug(page.path))})`).join(",\n  ");
        return `export const site = ${JSON.stringify(result.content.site)};\nexport const contentErrors = undefined;\nexport const contentVersion = ${contentVersion};\nexport const pageLoaders = {\n  ${loaders}\n};\n`;
      }
      if (id.startsWith(`\0${PAGE_PREFIX}`)) {
        const slug = id.slice(PAGE_PREFIX.length + 1);
        const page = result.content?.pages.find((p) => pageSlug(p.path) === slug);
        return `export default ${JSON.stringify(page ?? null)};`;
      }
      return undefined;
    },

    configureServer(server) {
      const files = contentFiles(contentRoot);
      server.watcher.add(files);
      /** Tells the open page about the content now in `result`, made after a change to `file`. */
      const reloaded = async (file: string, started: number, hadErrors: boolean) => {
        if (!(await makeImages((fileName, bytes) => devImages.set(fileName, bytes)))) return;
        invalidate(server);
        const took = Math.round(performance.now() - started);
        if (errors().length > 0) {
          server.config.logger.error(`\n${formatProblems(result.problems)}\n`, { timestamp: true });
          server.ws.send({ type: "full-reload" });
          // The reloaded page renders the report too; the overlay points at the first error.
          setTimeout(() => sendOverlay(server, contentRoot, result.problems), 300);
        } else {
          if (result.problems.length) server.config.logger.warn(`\n${formatProblems(result.problems)}\n`, { timestamp: true });
          server.config.logger.info(`content reloaded in ${took} ms (${relative(contentRoot, file)})`, { timestamp: true });
          // After errors, a reload clears the overlay and the report; otherwise the open page
          // swaps in its new content without reloading the app's modules.
          contentVersion++;
          server.ws.send(hadErrors ? { type: "full-reload" } : { type: "custom", event: CONTENT_UPDATE_EVENT, data: { version: contentVersion } });
        }
      };
      takeUpdate = (file, hadErrors) => reloaded(file, performance.now(), hadErrors);
      /** A content file's text as a load reads it; undefined when it cannot be read so (the load then reports why). */
      const textOf = (file: string) => {
        try {
          return readContentFile(file);
        } catch {
          return undefined;
        }
      };
      /** Whether a watched file's text is the one the current content was made from (a touch, or the editor's own save). */
      const unchanged = (file: string, text = textOf(file)) => text !== undefined && text === loadedTexts[relative(contentRoot, file)];
      const onChange = async (file: string) => {
        const isImage = file.startsWith(join(contentRoot, "content", "images")) || file.startsWith(join(root, "public", "images"));
        if (!isImage && !files.includes(file) && !isContentFile(contentRoot, file)) return;
        const text = isImage ? undefined : textOf(file);
        if (!isImage && unchanged(file, text)) return;
        const started = performance.now();
        const hadErrors = errors().length > 0;
        load(file, text);
        await reloaded(file, started, hadErrors);
      };
      /** A change the dev server could not take in is reported on the page and in the terminal; the server keeps serving. */
      const onChangeSafely = (file: string) =>
        onChange(file).catch((error: unknown) => {
          result = { problems: [checkFailed(isContentFile(contentRoot, file) ? relative(contentRoot, file) : "pages.yaml", error)] };
          server.config.logger.error(`\n${formatProblems(result.problems)}\n`, { timestamp: true });
          try {
            invalidate(server);
            server.ws.send({ type: "full-reload" });
            setTimeout(() => sendOverlay(server, contentRoot, result.problems), 300);
          } catch (reportError) {
            server.config.logger.error(String(reportError));
          }
        });
      // The pictures the pipeline made, from memory (the build writes them into dist/ instead).
      server.middlewares.use(`/${IMAGE_OUTPUT}/`, (req, res, next) => {
        const name = decodeURIComponent((req.url ?? "").replace(/^\//, "").split("?")[0]!);
        const bytes = devImages.get(name);
        if (!bytes) return next();
        const type = { svg: "image/svg+xml", avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png", gif: "image/gif" }[
          name.split(".").pop()!
        ];
        res.setHeader("Content-Type", type ?? "application/octet-stream");
        res.setHeader("Cache-Control", "no-cache");
        res.end(bytes);
      });
      // The open page's new content, for the update above; at /version, which content the server has now.
      server.middlewares.use(CONTENT_ENDPOINT, (req, res) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        if (url.pathname === "/version") {
          res.setHeader("Content-Type", "application/json");
          res.setHeader("Cache-Control", "no-store");
          res.end(JSON.stringify({ version: contentVersion }));
          return;
        }
        const path = url.searchParams.get("path") ?? "/";
        const pages = result.content?.pages ?? [];
        const page = pages.find((candidate) => candidate.path === path && path !== "*") ?? pages.find((candidate) => candidate.path === "*");
        let body: string | undefined;
        try {
          if (result.content && page)
            body = JSON.stringify({ site: result.content.site, routes: pages.map((candidate) => candidate.path), page, version: contentVersion });
        } catch {
          // Content too deep to write out: the page reloads and shows the report instead.
        }
        if (body === undefined) {
          res.statusCode = 409;
          res.end();
          return;
        }
        res.setHeader("Content-Type", "application/json");
        res.end(body);
      });
      server.watcher.add([join(contentRoot, "content", "images"), join(root, "public", "images")]);
      // Versions the background worker made are taken in as a changed picture is: the page swaps them in.
      let versionsTimer: ReturnType<typeof setTimeout> | undefined;
      takeVersions = () => {
        clearTimeout(versionsTimer);
        versionsTimer = setTimeout(() => void onChangeSafely(join(contentRoot, "content", "images")), 100);
      };
      server.httpServer?.once("close", () => {
        takeVersions = () => {};
        clearTimeout(versionsTimer);
        stopBackgroundVersions();
      });
      /**
       * The watcher drops a change to a file that follows another change to it within 50 ms
       * (chokidar's throttle): a save undone at once, a tool that writes twice. So a while after
       * the last change, the files are compared with the texts the content was made from, and
       * the content is read again if one differs, or if a file the content could not be made
       * from (not UTF-8, gone for a moment) can be read now; otherwise the page would keep a
       * state that is no longer on disk until the next save.
       */
      let settleTimer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(settleTimer);
        settleTimer = setTimeout(() => {
          const unread = result.problems
            .filter((problem) => READ_PROBLEMS.includes(problem.code) && !(problem.file in loadedTexts))
            .map((problem) => join(contentRoot, problem.file));
          const stale =
            Object.keys(loadedTexts)
              .map((file) => join(contentRoot, file))
              .find((file) => !unchanged(file)) ?? unread.find((file) => textOf(file) !== undefined);
          if (stale) void onChangeSafely(stale);
        }, SETTLE_MS);
      };
      server.httpServer?.once("close", () => clearTimeout(settleTimer));
      for (const event of ["change", "add"] as const)
        server.watcher.on(event, (file) => {
          void onChangeSafely(file);
          // A change to the code (the watcher sees the whole project) leaves the content's files unread.
          if (files.includes(file) || isContentFile(contentRoot, file)) settle();
        });
      server.ws.on("connection", () => {
        if (errors().length > 0) sendOverlay(server, contentRoot, result.problems);
      });
    },
  };
}

/** Longer than the watcher's 50 ms throttle of changes to one file, short enough to go unnoticed. */
const SETTLE_MS = 200;
/** The problems of a file the load could not read: read again at the settle check once it can be. */
const READ_PROBLEMS: readonly ProblemCode[] = ["file-encoding", "file-too-large", "file-missing", "file-unreadable"];

/** Whether `file` is one of the content's YAML files (pages.yaml, content/*.yaml). */
function isContentFile(root: string, file: string): boolean {
  return contentFiles(root).includes(file) || (file.startsWith(join(root, "content")) && file.endsWith(".yaml"));
}

/** The problem that stands for a validation that threw: the file that changed, and what went wrong, at its first line. */
export function checkFailed(file: string, error: unknown): Problem {
  const reason = error instanceof Error ? error.message : String(error);
  return problemAt({ file, line: 1, col: 1 }, [], {
    code: "file-unreadable",
    message: `The content could not be checked after this file changed (${reason}).`,
    hint: "Undo the last change to this file, or simplify it (text nested very deep, a very long run of marks), and save: the page reloads.",
  });
}

function contentFiles(root: string): string[] {
  return contentFileList().map((file) => join(root, file));
}

function invalidate(server: ViteDevServer) {
  const graph = server.environments.client.moduleGraph;
  for (const module of graph.idToModuleMap.values()) {
    if (module.id?.startsWith(`\0${MODULE_ID}`)) graph.invalidateModule(module);
  }
}

function sendOverlay(server: ViteDevServer, root: string, problems: Problem[]) {
  const first = sortProblems(problems).find((p) => p.severity === "error");
  if (!first) return;
  const file = join(root, first.file);
  server.ws.send({
    type: "error",
    err: {
      message: `Content errors: fix them and save, the page reloads.\n\n${formatProblems(problems)}`,
      stack: "",
      id: file,
      plugin: "site-content",
      loc: { file, line: first.line, column: first.col },
      frame: codeFrame(file, first.line, first.col),
    },
  });
}

function codeFrame(file: string, line: number, col: number): string {
  let lines: string[];
  try {
    lines = readFileSync(file, "utf8").split("\n");
  } catch {
    return "";
  }
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, col - 1))}^`);
  }
  return out.join("\n");
}
