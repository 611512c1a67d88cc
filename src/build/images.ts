/**
 * The image pipeline: every picture of the content becomes the files its place
 * on the page needs (AVIF, WebP and its own format, at the widths of its slot,
 * never wider than the source) and the page gets their srcset, its size and its
 * average colour. Results are cached by content hash in a folder a CI cache can
 * keep (IMAGE_CACHE_DIR, .cache/images by default), so an unchanged picture
 * costs a file copy. Pictures on listed hosts are fetched here, once, so a page
 * never loads from another site. Build-time only.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import sharp from "sharp";
import type { ImageData } from "../content/fields.ts";
import { IMAGE_SLOTS, widthsFor, type ImageSlot } from "../content/image-slots.ts";
import { imagePath, sniffFormat, type ImageRoots } from "../content/images.ts";
import type { Problem } from "../content/problems.ts";
import type { ImageUse } from "../content/resolve.ts";

/** Bumped when the encoder settings change, so cached files made with the old ones are not reused. */
const RECIPE = "v1";
const QUALITY = { avif: 55, webp: 78, jpeg: 80 } as const;
/** The public path of every file the pipeline makes. */
export const IMAGE_OUTPUT = "images/_";
const FETCH_TIMEOUT_MS = 20_000;

export interface ImagePipelineOptions {
  roots: ImageRoots;
  cacheDir: string;
  /** Receives every file a page refers to (name under IMAGE_OUTPUT, bytes). */
  emit: (fileName: string, bytes: Buffer) => void;
  /** Only decode and measure every picture, for `npm run validate`: no files are made. */
  checkOnly?: boolean;
  /** How pictures on other hosts are fetched; tests pass their own. */
  fetch?: (url: string) => Promise<Uint8Array>;
}

export interface ImageReport {
  pictures: number;
  files: number;
  made: number;
  fromCache: number;
  sourceBytes: number;
  /** What a visitor on a wide screen fetches at most: the largest AVIF (or the SVG) of each picture. */
  largestBytes: number;
  problems: Problem[];
}

interface Source {
  bytes: Buffer;
  hash: string;
  name: string;
}

export async function buildImages(uses: readonly ImageUse[], options: ImagePipelineOptions): Promise<ImageReport> {
  const report: ImageReport = { pictures: 0, files: 0, made: 0, fromCache: 0, sourceBytes: 0, largestBytes: 0, problems: [] };
  mkdirSync(options.cacheDir, { recursive: true });
  const bySource = new Map<string, ImageUse[]>();
  for (const use of uses) bySource.set(use.source, [...(bySource.get(use.source) ?? []), use]);
  const problem = (use: ImageUse, code: Problem["code"], message: string, hint?: string, severity: Problem["severity"] = "error") =>
    report.problems.push({ severity, code, file: use.file, line: use.line, col: use.col, path: use.path, message, ...(hint ? { hint } : {}) });

  for (const [src, sharing] of bySource) {
    let source: Source;
    try {
      source = await readSource(src, options);
    } catch (error) {
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
      else
        await raster(source, sharing, options, report, (use, width, wanted) =>
          problem(
            use,
            "image-too-small",
            `The picture ${src} is ${width} pixels wide; here it is shown up to ${wanted / 2} pixels wide, so it will look blurry on sharp screens.`,
            `Use a source at least ${wanted} pixels wide.`,
            "warning",
          ),
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

async function readSource(src: string, options: ImagePipelineOptions): Promise<Source> {
  if (!src.startsWith("https:")) {
    const path = imagePath(options.roots, src);
    if (!path) throw new Error("the file is missing");
    const bytes = readFileSync(path);
    return { bytes, hash: hashOf(bytes), name: slug(basename(path, extname(path))) };
  }
  // Fetched once: the copy is kept by address, so a later build works without the network.
  const cached = join(options.cacheDir, `remote-${hashOf(Buffer.from(src))}`);
  let bytes: Buffer;
  if (existsSync(cached)) bytes = readFileSync(cached);
  else {
    bytes = Buffer.from(await (options.fetch ?? fetchBytes)(src));
    writeCached(cached, bytes);
  }
  return { bytes, hash: hashOf(bytes), name: slug(basename(new URL(src).pathname, extname(new URL(src).pathname)) || "remote") };
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch((error: Error) => {
    throw new Error((error.cause as Error | undefined)?.message ?? error.message);
  });
  if (!response.ok) throw new Error(`the host answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * What decoding a source found, by its content hash: a dev server that takes in a change decodes
 * again only the pictures that changed, not every photo of the site.
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
  for (const use of uses) Object.assign(use.data, { src: `/${IMAGE_OUTPUT}/${fileName}`, width: meta.width, height: meta.height } satisfies Partial<ImageData>);
}

async function raster(
  source: Source,
  uses: ImageUse[],
  options: ImagePipelineOptions,
  report: ImageReport,
  tooSmall: (use: ImageUse, width: number, wanted: number) => void,
) {
  // Decoding the whole picture, not only its header, is what finds a truncated or corrupt file.
  const decoded = sharp(source.bytes, { failOn: "error" }).rotate();
  const { width, height, hasAlpha } = await measure(source, async () => {
    const [{ info }, meta] = await Promise.all([decoded.clone().raw().toBuffer({ resolveWithObject: true }), sharp(source.bytes).metadata()]);
    return { width: info.width, height: info.height, hasAlpha: meta.hasAlpha };
  });
  const widthsBySlot = new Map<ImageSlot, number[]>();
  for (const use of uses) {
    const wanted = IMAGE_SLOTS[use.data.slot].largest * 2;
    if (width < wanted) tooSmall(use, width, wanted);
    widthsBySlot.set(use.data.slot, widthsFor(use.data.slot, width));
  }
  if (options.checkOnly) return;
  const fallback = hasAlpha ? "png" : "jpeg";
  const color = await averageColour(source, options);
  const made = new Map<string, { url: string; bytes: number }>();
  const variant = async (target: number, format: "avif" | "webp" | "jpeg" | "png") => {
    const key = `${target}.${format}`;
    const existing = made.get(key);
    if (existing) return existing;
    const fileName = `${source.name}-${source.hash.slice(0, 10)}-${target}.${format === "jpeg" ? "jpg" : format}`;
    const cached = join(options.cacheDir, `${source.hash}-${RECIPE}-${key}`);
    let bytes: Buffer;
    if (existsSync(cached)) {
      bytes = readFileSync(cached);
      report.fromCache++;
    } else {
      const resized = decoded.clone().resize({ width: target, withoutEnlargement: true });
      bytes =
        format === "avif"
          ? await resized.avif({ quality: QUALITY.avif, effort: 4 }).toBuffer()
          : format === "webp"
            ? await resized.webp({ quality: QUALITY.webp, effort: 4 }).toBuffer()
            : format === "jpeg"
              ? await resized.jpeg({ quality: QUALITY.jpeg, mozjpeg: true, progressive: true }).toBuffer()
              : await resized.png({ compressionLevel: 9, palette: true }).toBuffer();
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
  for (const use of uses) {
    const widths = widthsBySlot.get(use.data.slot)!;
    const srcset = async (format: "avif" | "webp" | "jpeg" | "png") =>
      (await Promise.all(widths.map(async (target) => `${(await variant(target, format)).url} ${target}w`))).join(", ");
    const [avif, webp, own] = [await srcset("avif"), await srcset("webp"), await srcset(fallback)];
    const top = widths.at(-1)!;
    largest = Math.max(largest, made.get(`${top}.avif`)!.bytes);
    Object.assign(use.data, {
      src: made.get(`${top}.${fallback}`)!.url,
      width: top,
      height: Math.round((height * top) / width),
      sources: [
        { type: "image/avif", srcset: avif },
        { type: "image/webp", srcset: webp },
      ],
      srcset: own,
      color,
    } satisfies Partial<ImageData>);
  }
  report.largestBytes += largest;
}

async function averageColour(source: Source, options: ImagePipelineOptions): Promise<string> {
  const cached = join(options.cacheDir, `${source.hash}-colour`);
  if (existsSync(cached)) return readFileSync(cached, "utf8");
  const { dominant } = await sharp(source.bytes).stats();
  const colour = `#${[dominant.r, dominant.g, dominant.b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
  writeCached(cached, colour);
  return colour;
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "image";

export function formatImageReport(report: ImageReport): string {
  const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`);
  return `images: ${report.pictures} pictures, ${report.files} files (${report.made} made, ${report.fromCache} from cache); sources ${size(report.sourceBytes)}, largest versions ${size(report.largestBytes)} (${size(Math.max(0, report.sourceBytes - report.largestBytes))} saved)`;
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
