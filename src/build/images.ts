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
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import sharp from "sharp";
import type { ImageData } from "../content/fields.ts";
import { IMAGE_SLOTS, widthsFor, type ImageSlot } from "../content/image-slots.ts";
import { imagePath, MAX_IMAGE_BYTES, sniffFormat, unsafeSvgCheck, type ImageCheck, type ImageRoots } from "../content/images.ts";
import type { Problem } from "../content/problems.ts";
import type { ImageUse } from "../content/resolve.ts";
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
  /** Only decode and measure every picture, for `npm run validate`: no files are made. */
  checkOnly?: boolean;
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
    return { bytes, hash: hashOf(bytes), name: slug(basename(path, extname(path))) };
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
  return { bytes, hash: hashOf(bytes), name: slug(basename(new URL(src).pathname, extname(new URL(src).pathname)) || "remote") };
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
    if (!next || next.protocol !== "https:" || !remoteHosts.has(next.hostname)) {
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
