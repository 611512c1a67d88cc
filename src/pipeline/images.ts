/**
 * The image pipeline: every picture of the content becomes the files its place
 * on the page needs (AVIF, WebP and its own format, at the widths of its slot,
 * never wider than the source) and the page gets their srcset, its size and its
 * average colour. Results are cached by content hash in a folder a CI cache can
 * keep (IMAGE_CACHE_DIR, .cache/images by default), so an unchanged picture
 * costs a file copy. Pictures on listed hosts are fetched here, once, so a page
 * never loads from another site. Build-time only.
 *
 * What a picture is (its size, whether it has transparency, whether its file is whole) is read
 * from its header and structure, cached by content hash: checking the content decodes nothing.
 * The production build waits for every version and decodes every pixel on the way; the dev
 * server and the editor do not wait: a picture whose versions are not made yet shows as its own
 * file, and a background worker (image-worker.ts, a child process) makes them.
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, setPriority } from "node:os";
import { basename, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp, { type Sharp } from "sharp";
import type { ImageData } from "../content/fields.ts";
import { cropOf, frameName, IMAGE_SLOTS, widthsFor, type ImageSlot } from "../content/image-slots.ts";
import { findDamage, imagePath, MAX_IMAGE_BYTES, sniffFormat, unsafeSvgCheck, type ImageCheck, type ImageFormat, type ImageRoots } from "../content/images.ts";
import { problemAt, type Problem } from "../content/problems.ts";
import type { ImageUse } from "../site/resolve.ts";
import { findUnsafeSvg } from "../content/svg.ts";

/** Bumped when the encoder settings change, so cached files made with the old ones are not reused. */
const RECIPE = "v1";
const QUALITY = { avif: 55, webp: 78, jpeg: 80 } as const;
/** The public path of every file the pipeline makes. */
export const IMAGE_OUTPUT = "images/_";
/** For the whole fetch of one picture, redirects and body included: a host that stalls cannot hold the build. */
const FETCH_TIMEOUT_MS = 15_000;
/** Hosts move pictures (a CDN's canonical address, a resized copy); more hops than this is a loop. */
const MAX_REDIRECTS = 5;

export interface ImagePipelineOptions {
  roots: ImageRoots;
  cacheDir: string;
  /** Receives every file a page refers to (name under IMAGE_OUTPUT, bytes). */
  emit: (fileName: string, bytes: Buffer) => void;
  /**
   * Only check and measure every picture, for `npm run validate`: from its header and structure
   * (cached by content hash, in memory and in cacheDir), without decoding it; no files are made.
   */
  checkOnly?: boolean;
  /**
   * For the dev server and the editor: a picture whose versions are not all in the cache is not
   * waited for. It is shown as its own file at once (emitted under its own name, at the size its
   * slot shows), a background worker makes its versions, and `onReady` is called when it has, so
   * that running the pipeline again swaps them in. Pass the same function every time: a picture
   * asked for again calls it once. Without this option (the production build) every version is
   * made before buildImages returns.
   */
  background?: { onReady: () => void };
  /** How pictures on other hosts are requested (the global fetch by default); tests pass their own. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** How long one picture's fetch may take in all, FETCH_TIMEOUT_MS by default; tests pass a shorter one. */
  fetchTimeoutMs?: number;
}

export interface ImageReport {
  pictures: number;
  files: number;
  made: number;
  fromCache: number;
  sourceBytes: number;
  /** What a visitor on a wide screen fetches at most: the largest AVIF (or the SVG) of each picture. */
  largestBytes: number;
  /** With `background`: pictures shown as their own file while the worker makes their versions. */
  pending: number;
  problems: Problem[];
  /**
   * Each picture's data with its files filled in (addresses, size, versions, colour), by the
   * data resolving handed out for it (ImageUse.data), which stays as it was: withPictures()
   * puts these in place of those in a copy of the content.
   */
  filled: Map<ImageData, ImageData>;
}

interface Source {
  bytes: Buffer;
  hash: string;
  name: string;
  /** Where the bytes are on disk (a remote picture's kept copy): what the background worker reads. */
  path: string;
}

export async function buildImages(uses: readonly ImageUse[], options: ImagePipelineOptions): Promise<ImageReport> {
  const report: ImageReport = { pictures: 0, files: 0, made: 0, fromCache: 0, sourceBytes: 0, largestBytes: 0, pending: 0, problems: [], filled: new Map() };
  mkdirSync(options.cacheDir, { recursive: true });
  const bySource = new Map<string, ImageUse[]>();
  for (const use of uses) bySource.set(use.source, [...(bySource.get(use.source) ?? []), use]);
  const problem = (use: ImageUse, code: Problem["code"], message: string, hint?: string, severity: Problem["severity"] = "error") =>
    report.problems.push(problemAt(use.where(), use.path, { code, message, ...(hint ? { hint } : {}) }, { severity }));

  // Every remote picture here passed the content check, so its host is listed under media.imageHosts:
  // a redirect may lead to any of these hosts, and nowhere else.
  const remoteHosts = new Set([...bySource.keys()].filter((src) => src.startsWith("https:")).map((src) => new URL(src).hostname));

  for (const [src, sharing] of bySource) {
    let source: Source;
    try {
      source = await readSource(src, options, remoteHosts);
    } catch (error) {
      if (error instanceof RefusedPicture) {
        for (const use of sharing) problem(use, error.check.code, error.check.message, error.check.hint);
        continue;
      }
      for (const use of sharing)
        problem(
          use,
          "image-unreachable",
          `The picture ${src} could not be fetched: ${(error as Error).message}.`,
          "Check the address in a browser, or download the picture into content/images/ and write its path.",
        );
      continue;
    }
    report.pictures++;
    report.sourceBytes += source.bytes.length;
    const format = sniffFormat(source.bytes.subarray(0, 64), () => source.bytes.subarray(0, 4096).toString("utf8"));
    try {
      if (format === "svg")
        await vector(source, sharing, options, report, (use) =>
          problem(
            use,
            "image-svg-text",
            `The picture ${src} writes its words as live text (<text>): a page lays them out again in every copy of the picture, which slows a page of logos, and a visitor without its font sees another.`,
            'Export it again with its text outlined (converted to paths): "Outline text" or "Convert to outlines" in most design tools.',
            "warning",
          ),
        );
      else if (!format) throw new Error("it is not a JPEG, PNG, WebP, AVIF, GIF or SVG file");
      else
        await raster(
          source,
          format,
          sharing,
          options,
          report,
          (use, width, wanted) =>
            problem(
              use,
              "image-too-small",
              `The picture ${src} is ${width} pixels wide; here it is shown up to ${wanted / 2} pixels wide, so it will look blurry on sharp screens.`,
              `Use a source at least ${wanted} pixels wide.`,
              "warning",
            ),
          (use, width, height) => {
            const crop = cropOf(use.data.slot, width, height)!;
            problem(
              use,
              "image-cropped",
              `The picture ${src} is ${width}×${height}; here it fills a ${frameName(crop.frame)} frame, which cuts off ${Math.round(crop.cut * 100)}% of it (at the ${crop.sides}).`,
              `Crop the photo to about ${frameName(crop.frame)} yourself, or, where the picture is written with src: and alt:, add focus: to choose what stays in frame (top, left, or a point like 50% 20%).`,
              "warning",
            );
          },
        );
    } catch (error) {
      for (const use of sharing)
        problem(
          use,
          "image-corrupt",
          `The picture ${src} cannot be decoded: ${(error as Error).message.replace(/\s+/g, " ").trim()}.`,
          "Export it again from the original, as JPEG, PNG or SVG.",
        );
    }
  }
  return report;
}

/** A remote picture the build fetched, or would have, and will not use: reported with its own code, not as unreachable. */
class RefusedPicture extends Error {
  constructor(readonly check: ImageCheck) {
    super(check.message);
  }
}

async function readSource(src: string, options: ImagePipelineOptions, remoteHosts: ReadonlySet<string>): Promise<Source> {
  if (!src.startsWith("https:")) {
    const path = imagePath(options.roots, src);
    if (!path) throw new Error("the file is missing");
    const bytes = readFileSync(path);
    return { bytes, hash: hashOf(bytes), name: slug(basename(path, extname(path))), path };
  }
  // Fetched once: the copy is kept by address, so a later build works without the network. A copy an
  // earlier build kept over the limit is fetched again, and refused.
  const cached = join(options.cacheDir, `remote-${hashOf(Buffer.from(src))}`);
  const kept = existsSync(cached) && statSync(cached).size <= MAX_IMAGE_BYTES;
  const bytes = kept ? readFileSync(cached) : await fetchRemote(src, remoteHosts, options);
  // The content check reads only local files: a fetched SVG is held to the same rule here, before it is kept.
  if (sniffFormat(bytes.subarray(0, 64), () => bytes.subarray(0, 4096).toString("utf8")) === "svg") {
    const finding = findUnsafeSvg(bytes.toString("utf8"));
    if (finding) throw new RefusedPicture(unsafeSvgCheck(src, finding));
  }
  if (!kept) writeCached(cached, bytes);
  return { bytes, hash: hashOf(bytes), name: slug(basename(new URL(src).pathname, extname(new URL(src).pathname)) || "remote"), path: cached };
}

/**
 * One picture from a listed host. Redirects are followed by hand, each to an https: address on a
 * listed host only, so a listed host cannot hand the build a picture from anywhere else; the body is
 * read up to the size limit and no further, so a huge or endless answer costs at most that much memory.
 */
async function fetchRemote(src: string, remoteHosts: ReadonlySet<string>, options: ImagePipelineOptions): Promise<Buffer> {
  const request = options.fetch ?? fetch;
  const timeoutMs = options.fetchTimeoutMs ?? FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const failed = (error: Error): never => {
    if (error instanceof RefusedPicture) throw error;
    if (error.name === "TimeoutError" || signal.aborted) throw new Error(`the host did not send it within ${timeoutMs / 1000} s`);
    throw new Error((error.cause as Error | undefined)?.message ?? error.message);
  };
  let address = src;
  for (let hops = 0; ; hops++) {
    const response = await request(address, { redirect: "manual", signal }).catch(failed);
    const location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
    if (location === null) {
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`the host answered ${response.status}`);
      }
      return readCapped(src, response).catch(failed);
    }
    await response.body?.cancel().catch(() => {});
    if (hops === MAX_REDIRECTS) throw new Error(`the host redirected more than ${MAX_REDIRECTS} times`);
    const next = URL.canParse(location, address) ? new URL(location, address) : undefined;
    // The default port only: another port on a listed host is another service.
    if (!next || next.protocol !== "https:" || next.port !== "" || !remoteHosts.has(next.hostname)) {
      throw new RefusedPicture({
        code: "image-external",
        message: `The picture ${src} redirects to ${next ? next.href : location}, which is not an https: address on a host listed under media.imageHosts in content/site.yaml.`,
        hint: "Write the address the picture really comes from, if the site may use pictures from that host (list the host under media.imageHosts), or download the picture into content/images/.",
      });
    }
    address = next.href;
  }
}

/** The body of `response`, refused as soon as it is known to be over MAX_IMAGE_BYTES: by its Content-Length, or while it arrives. */
async function readCapped(src: string, response: Response): Promise<Buffer> {
  const tooLarge = (size: string) =>
    new RefusedPicture({
      code: "image-too-large",
      message: `The picture ${src} is ${size}, over the ${MAX_IMAGE_BYTES / 1024 / 1024} MiB limit.`,
      hint: "Use a smaller copy of it (3,000 pixels wide is plenty), or download it, export it at a smaller size and put it in content/images/.",
    });
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > MAX_IMAGE_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(`${(declared / 1024 / 1024).toFixed(1)} MiB`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_IMAGE_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`more than ${MAX_IMAGE_BYTES / 1024 / 1024} MiB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, received);
}

/** What a picture is, as far as its header and structure tell: enough to check it and lay it out. */
interface Inspection {
  /** Its size as shown, after its orientation (a portrait camera photo is stored on its side). */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** What is wrong with its structure (findDamage), if anything. */
  damage?: string;
}

/** Bumped when what an inspection finds changes, so cached inspections made by the old code are not reused. */
const INSPECTION = "i1";
/** Inspections by content hash: the dev server reads the content again on every change. */
const inspected = new Map<string, Inspection>();

/**
 * Reads a raster picture's header and walks its structure, without decoding a pixel (a 12-megapixel
 * photo in a few milliseconds, where decoding it takes a second). Kept by content hash in memory and
 * in the cache folder, so `npm run validate` from the command line reads it once.
 */
async function inspect(source: Source, format: Exclude<ImageFormat, "svg">, cacheDir: string): Promise<Inspection> {
  const known = inspected.get(source.hash);
  if (known) return known;
  const cached = join(cacheDir, `${source.hash}-${INSPECTION}-header.json`);
  let found: Inspection | undefined;
  if (existsSync(cached)) {
    try {
      found = JSON.parse(readFileSync(cached, "utf8")) as Inspection;
    } catch {
      // A cache entry that cannot be read is made again.
    }
  }
  if (!found) {
    const damage = findDamage(source.bytes, format);
    if (damage) found = { width: 0, height: 0, hasAlpha: false, damage };
    else {
      // A header the decoder cannot read throws here, and is reported as a file that cannot be decoded.
      const meta = await sharp(source.bytes).metadata();
      found = { width: meta.autoOrient.width, height: meta.autoOrient.height, hasAlpha: meta.hasAlpha };
    }
    writeCached(cached, JSON.stringify(found));
  }
  inspected.set(source.hash, found);
  return found;
}

/**
 * What decoding a source found, by its content hash: a production build that reads the content
 * again decodes each picture once.
 */
const measured = new Map<string, Measured>();
interface Measured {
  width: number;
  height: number;
  hasAlpha: boolean;
}

async function measure(source: Source, decode: () => Promise<Measured>): Promise<Measured> {
  const found = measured.get(source.hash) ?? (await decode());
  measured.set(source.hash, found);
  return found;
}

/** Decodes every pixel: what finds damage inside the picture data, which no header shows. */
async function decodeWhole(bytes: Buffer): Promise<Measured> {
  const [{ info }, meta] = await Promise.all([sharp(bytes, { failOn: "error" }).rotate().raw().toBuffer({ resolveWithObject: true }), sharp(bytes).metadata()]);
  return { width: info.width, height: info.height, hasAlpha: meta.hasAlpha };
}

type VersionFormat = "avif" | "webp" | "jpeg" | "png";
const versionFormats = (hasAlpha: boolean): VersionFormat[] => ["avif", "webp", hasAlpha ? "png" : "jpeg"];
const versionFile = (cacheDir: string, hash: string, target: number, format: VersionFormat) => join(cacheDir, `${hash}-${RECIPE}-${target}.${format}`);
const colourFile = (cacheDir: string, hash: string) => join(cacheDir, `${hash}-colour`);

/** One version of a decoded picture: the recipe the production build and the background worker share. */
async function encodeVersion(decoded: Sharp, target: number, format: VersionFormat): Promise<Buffer> {
  const resized = decoded.clone().resize({ width: target, withoutEnlargement: true });
  return format === "avif"
    ? await resized.avif({ quality: QUALITY.avif, effort: 4 }).toBuffer()
    : format === "webp"
      ? await resized.webp({ quality: QUALITY.webp, effort: 4 }).toBuffer()
      : format === "jpeg"
        ? await resized.jpeg({ quality: QUALITY.jpeg, mozjpeg: true, progressive: true }).toBuffer()
        : await resized.png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** An SVG is drawn at any size: one file, and its size from its own width and height (or viewBox). */
async function vector(source: Source, uses: ImageUse[], options: ImagePipelineOptions, report: ImageReport, liveText: (use: ImageUse) => void) {
  if (/<text[\s>]/.test(source.bytes.toString("utf8"))) uses.forEach(liveText);
  const meta = await measure(source, async () => {
    const { width, height, hasAlpha } = await sharp(source.bytes).metadata();
    return { width, height, hasAlpha };
  });
  if (options.checkOnly) return;
  const fileName = `${source.name}-${source.hash.slice(0, 10)}.svg`;
  options.emit(fileName, source.bytes);
  report.files++;
  report.fromCache++;
  report.largestBytes += source.bytes.length;
  for (const use of uses) report.filled.set(use.data, { ...use.data, src: `/${IMAGE_OUTPUT}/${fileName}`, width: meta.width, height: meta.height });
}

async function raster(
  source: Source,
  format: Exclude<ImageFormat, "svg">,
  uses: ImageUse[],
  options: ImagePipelineOptions,
  report: ImageReport,
  tooSmall: (use: ImageUse, width: number, wanted: number) => void,
  cropped: (use: ImageUse, width: number, height: number) => void,
) {
  const header = await inspect(source, format, options.cacheDir);
  if (header.damage) throw new Error(header.damage);
  const failure = failedVersions.get(source.hash);
  if (failure) throw new Error(failure);
  // The production build decodes every pixel, as it makes the versions from them anyway: what finds a
  // file damaged inside its picture data. Checking and the dev server go by the header.
  const decodes = !options.checkOnly && !options.background;
  const decoded = sharp(source.bytes, { failOn: "error" }).rotate();
  const { width, height, hasAlpha } = decodes ? await measure(source, () => decodeWhole(source.bytes)) : header;
  const widthsBySlot = new Map<ImageSlot, number[]>();
  for (const use of uses) {
    const wanted = IMAGE_SLOTS[use.data.slot].largest * 2;
    if (width < wanted) tooSmall(use, width, wanted);
    if (use.data.focus === undefined && (cropOf(use.data.slot, width, height)?.cut ?? 0) > 1 / 3) cropped(use, width, height);
    widthsBySlot.set(use.data.slot, widthsFor(use.data.slot, width));
  }
  if (options.checkOnly) return;
  const fallback = hasAlpha ? "png" : "jpeg";
  if (options.background) {
    const widths = [...new Set([...widthsBySlot.values()].flat())].sort((a, b) => a - b);
    const ready =
      existsSync(colourFile(options.cacheDir, source.hash)) &&
      widths.every((target) => versionFormats(hasAlpha).every((version) => existsSync(versionFile(options.cacheDir, source.hash, target, version))));
    if (!ready) {
      showUntilMade(source, format, uses, widthsBySlot, header, options, report);
      queueVersions({ path: source.path, hash: source.hash, widths, cacheDir: options.cacheDir }, options.background.onReady);
      report.pending++;
      return;
    }
  }
  const color = await averageColour(source, options.cacheDir);
  const made = new Map<string, { url: string; bytes: number }>();
  const variant = async (target: number, format: VersionFormat) => {
    const key = `${target}.${format}`;
    const existing = made.get(key);
    if (existing) return existing;
    const fileName = `${source.name}-${source.hash.slice(0, 10)}-${target}.${format === "jpeg" ? "jpg" : format}`;
    const cached = versionFile(options.cacheDir, source.hash, target, format);
    let bytes: Buffer;
    if (existsSync(cached)) {
      bytes = readFileSync(cached);
      report.fromCache++;
    } else {
      bytes = await encodeVersion(decoded, target, format);
      writeCached(cached, bytes);
      report.made++;
    }
    options.emit(fileName, bytes);
    report.files++;
    const result = { url: `/${IMAGE_OUTPUT}/${fileName}`, bytes: bytes.length };
    made.set(key, result);
    return result;
  };
  let largest = 0;
  // What a picture shows in a slot is the same in every place that slot is (a thousand pages show one photo thousands of times).
  const bySlot = new Map<ImageSlot, Pick<ImageData, "src" | "width" | "height" | "sources" | "srcset">>();
  for (const use of uses) {
    let shown = bySlot.get(use.data.slot);
    if (!shown) {
      const widths = widthsBySlot.get(use.data.slot)!;
      const srcset = async (format: VersionFormat) =>
        (await Promise.all(widths.map(async (target) => `${(await variant(target, format)).url} ${target}w`))).join(", ");
      const [avif, webp, own] = [await srcset("avif"), await srcset("webp"), await srcset(fallback)];
      const top = widths.at(-1)!;
      largest = Math.max(largest, made.get(`${top}.avif`)!.bytes);
      shown = {
        src: made.get(`${top}.${fallback}`)!.url,
        width: top,
        height: Math.round((height * top) / width),
        sources: [
          { type: "image/avif", srcset: avif },
          { type: "image/webp", srcset: webp },
        ],
        srcset: own,
      };
      bySlot.set(use.data.slot, shown);
    }
    report.filled.set(use.data, { ...use.data, ...shown, color });
  }
  report.largestBytes += largest;
}

/**
 * Until its versions are made, a picture is shown as its own file, in the box its versions will
 * fill (the slot's largest width), so nothing moves when they replace it.
 */
function showUntilMade(
  source: Source,
  format: Exclude<ImageFormat, "svg">,
  uses: ImageUse[],
  widthsBySlot: ReadonlyMap<ImageSlot, number[]>,
  header: Inspection,
  options: ImagePipelineOptions,
  report: ImageReport,
) {
  const fileName = `${source.name}-${source.hash.slice(0, 10)}.${format === "jpeg" ? "jpg" : format}`;
  options.emit(fileName, source.bytes);
  for (const use of uses) {
    const top = widthsBySlot.get(use.data.slot)!.at(-1)!;
    report.filled.set(use.data, {
      ...use.data,
      src: `/${IMAGE_OUTPUT}/${fileName}`,
      width: top,
      height: Math.round((header.height * top) / header.width),
    });
  }
}

/**
 * The content with each picture's data in place of what resolving handed out for it: a copy
 * along the way to each picture, everything else shared, the content given left as it was.
 * The one place where resolving's output and the pictures made from it are joined.
 */
export function withPictures<T extends { site: unknown; pages: unknown; images?: readonly { data: ImageData }[] }>(
  content: T,
  filled: ReadonlyMap<ImageData, ImageData>,
): T {
  if (filled.size === 0) return content;
  for (const picture of filled.keys()) handedOut.add(picture);
  for (const use of content.images ?? []) handedOut.add(use.data);
  /** Whether `value` holds no picture resolving handed out, and cannot come to: frozen, as is all it holds. */
  const settled = (value: unknown) => !value || typeof value !== "object" || pictureless.has(value);
  const join = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const picture = filled.get(value as ImageData);
    if (picture) return picture;
    if (pictureless.has(value)) return value;
    let joined: unknown;
    let children: unknown[];
    if (Array.isArray(value)) {
      const items = value.map(join);
      joined = items.some((item, index) => item !== value[index]) ? items : value;
      children = value;
    } else {
      let copy: Record<string, unknown> | undefined;
      for (const [key, child] of Object.entries(value)) {
        const made = join(child);
        if (made !== child) (copy ??= { ...(value as Record<string, unknown>) })[key] = made;
      }
      joined = copy ?? value;
      children = Object.values(value);
    }
    if (joined === value && Object.isFrozen(value) && !handedOut.has(value) && children.every(settled)) pictureless.add(value);
    return joined;
  };
  return { ...content, site: join(content.site), pages: join(content.pages) };
}

/**
 * Every picture resolving has handed out, and the frozen values found to hold none of them. The
 * dev server and the editor keep each unchanged section and collection item of a save as the very
 * object it was, frozen through and through (src/content/kept.ts): the join passes one by at the
 * next save rather than walk all it holds again. A value is marked only once its own walk found no
 * picture in it and every value inside it is marked, so nothing a later save hands out can be
 * inside one: a picture is handed out with what shows it, and a kept one's pictures were handed
 * out when it was made. The build's content is not frozen, and is walked whole.
 */
const handedOut = new WeakSet<object>();
const pictureless = new WeakSet<object>();

async function averageColour(source: { bytes: Buffer; hash: string }, cacheDir: string): Promise<string> {
  const cached = colourFile(cacheDir, source.hash);
  if (existsSync(cached)) return readFileSync(cached, "utf8");
  const { dominant } = await sharp(source.bytes).stats();
  const colour = `#${[dominant.r, dominant.g, dominant.b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
  writeCached(cached, colour);
  return colour;
}

/** One picture for the background worker: its file, what the file must hash to, and the widths its places need. */
export interface VersionRequest {
  path: string;
  hash: string;
  widths: number[];
  cacheDir: string;
}

/** The worker's answer: done, the file changed since it was asked for (a newer request follows), or why it could not. */
export type VersionAnswer = { done: true } | { stale: true } | { failed: string };

/**
 * Makes every version of one picture into the cache, as the production build makes them (same
 * recipe, same files): what the background worker runs. One at a time, so the worker keeps to one
 * of the machine's cores.
 */
export async function makeVersions(request: VersionRequest): Promise<VersionAnswer> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(request.path);
  } catch {
    return { stale: true };
  }
  if (hashOf(bytes) !== request.hash) return { stale: true };
  let hasAlpha: boolean;
  try {
    ({ hasAlpha } = await decodeWhole(bytes));
  } catch (error) {
    return { failed: (error as Error).message.replace(/\s+/g, " ").trim() };
  }
  await averageColour({ bytes, hash: request.hash }, request.cacheDir);
  const decoded = sharp(bytes, { failOn: "error" }).rotate();
  // The fallback format first, then WebP, then AVIF, the slowest to make.
  for (const format of versionFormats(hasAlpha).reverse()) {
    for (const target of request.widths) {
      const file = versionFile(request.cacheDir, request.hash, target, format);
      if (!existsSync(file)) writeCached(file, await encodeVersion(decoded, target, format));
    }
  }
  return { done: true };
}

/** Pictures waiting for the background worker or being made by it, by content hash, with who to tell when they are. */
const pendingVersions = new Map<string, { request: VersionRequest; listeners: Set<() => void> }>();
/** Pictures the worker could not decode, by content hash: reported as damaged from then on. */
const failedVersions = new Map<string, string>();
/** What the workers take next, newest first: the picture just added is the one someone is looking at. */
let versionQueue: string[] = [];
const versionWorkers: { child: ChildProcess; busy?: string; idle?: ReturnType<typeof setTimeout>; stopped?: boolean }[] = [];
/** One worker on a machine of two cores, so the server and the browser keep one; never more than two. */
const VERSION_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A worker with nothing to do stops after this long, and starts again (in about a second) when a picture comes. */
const WORKER_IDLE_MS = 60_000;

function queueVersions(request: VersionRequest, onReady: () => void) {
  const pending = pendingVersions.get(request.hash);
  if (pending) {
    pending.listeners.add(onReady);
    return;
  }
  pendingVersions.set(request.hash, { request, listeners: new Set([onReady]) });
  versionQueue.unshift(request.hash);
  dispatchVersions();
}

function dispatchVersions() {
  while (versionQueue.length) {
    let worker = versionWorkers.find((candidate) => !candidate.busy);
    if (!worker && versionWorkers.length < VERSION_WORKERS) worker = startVersionWorker();
    if (!worker) return;
    const hash = versionQueue.shift()!;
    const pending = pendingVersions.get(hash);
    if (!pending) continue;
    clearTimeout(worker.idle);
    worker.busy = hash;
    worker.child.send(pending.request);
  }
}

function finishVersions(hash: string, answer: VersionAnswer) {
  const pending = pendingVersions.get(hash);
  pendingVersions.delete(hash);
  if ("failed" in answer) failedVersions.set(hash, answer.failed);
  // A stale request needs no news: the changed file is read again, and asked for under its new hash.
  if (pending && !("stale" in answer)) for (const listener of pending.listeners) listener();
}

/**
 * A child process, not a worker thread: threads would share the server's pool for file reads (which
 * the encoders would fill, holding up every module the browser asks for) and its priority. It runs
 * at a lower priority, so the server and the browser come first on a busy machine.
 */
function startVersionWorker() {
  const script = fileURLToPath(new URL("./image-worker.ts", import.meta.url));
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const child = fork(script, [], { execArgv: ["--import", loader], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    setPriority(child.pid!, 10);
  } catch {
    // Where the priority cannot be lowered, the worker runs as it is.
  }
  // The worker never keeps the server's process alive; it stops with it (image-worker.ts).
  child.unref();
  child.channel?.unref();
  const worker: (typeof versionWorkers)[number] = { child };
  versionWorkers.push(worker);
  child.on("message", (answer: VersionAnswer) => {
    const hash = worker.busy!;
    worker.busy = undefined;
    worker.idle = setTimeout(() => child.disconnect(), WORKER_IDLE_MS).unref();
    finishVersions(hash, answer);
    dispatchVersions();
  });
  child.on("exit", (code, signal) => {
    versionWorkers.splice(versionWorkers.indexOf(worker), 1);
    clearTimeout(worker.idle);
    if (worker.busy && !worker.stopped)
      finishVersions(worker.busy, { failed: `the picture could not be processed (the worker stopped: ${signal ?? `exit code ${code}`})` });
    dispatchVersions();
  });
  return worker;
}

/**
 * Stops the background work: for a dev server that closes. What was waiting or being made is
 * dropped, not failed: a pipeline that asks for it again queues it again.
 */
export function stopBackgroundVersions() {
  versionQueue = [];
  pendingVersions.clear();
  for (const worker of versionWorkers) {
    worker.stopped = true;
    worker.child.kill();
  }
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "image";

export function formatImageReport(report: ImageReport): string {
  const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`);
  return `images: ${report.pictures} pictures, ${report.files} files (${report.made} made, ${report.fromCache} from cache); sources ${size(report.sourceBytes)}, largest versions ${size(report.largestBytes)} (${size(Math.max(0, report.sourceBytes - report.largestBytes))} saved)${report.pending ? `; ${report.pending} shown as their own file until their versions are made` : ""}`;
}

/**
 * Writes a cache entry whole or not at all: two builds sharing a cache (a CI cache, parallel
 * test builds) never read a file the other is half way through writing.
 */
function writeCached(path: string, data: Buffer | string) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, path);
}
