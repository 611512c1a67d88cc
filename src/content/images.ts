/**
 * The checks a picture's file must pass when the content is read: it exists
 * (with the nearest name when it does not), it is an image of a format the build
 * can make the page's versions from, it is not too large, and an SVG is plain
 * drawing (src/content/svg.ts). A raster file's structure (findDamage: every
 * part its header announces is there, up to its end marker) is checked by
 * reading it, not decoding it, so a cut-off upload is reported in milliseconds;
 * decoding every pixel is the production build's part (src/pipeline/images.ts),
 * which reports a file damaged inside its picture data at the same line.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { crc32 } from "node:zlib";
import type { ImageRef } from "./fields.ts";
import type { ProblemCode } from "./problem-codes.ts";
import { didYouMean } from "./problems.ts";
import { findUnsafeSvg, type SvgFinding } from "./svg.ts";

/** Where /images/<file> is looked for: the content's own folder first, then the site's public folder. */
export const IMAGE_FOLDERS = [
  { root: "content", folder: join("content", "images") },
  { root: "project", folder: join("public", "images") },
] as const;

/** Over this, a file is a camera original no page needs: the limit is named in the problem. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

export interface ImageRoots {
  /** Where pages.yaml and content/ are. */
  content: string;
  /** Where public/ is (the project). */
  project: string;
}

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "svg";

/** The file behind /images/<name>, if there is one. */
export function imagePath(roots: ImageRoots, src: string): string | undefined {
  const name = src.replace(/^\/images\//, "");
  for (const { root, folder } of IMAGE_FOLDERS) {
    const path = join(roots[root], folder, name);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** Every picture there is, as /images/<name>, for suggestions. */
export function listImages(roots: ImageRoots): string[] {
  const found = new Set<string>();
  for (const { root, folder } of IMAGE_FOLDERS) {
    const base = join(roots[root], folder);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found.add(`/images/${relative(base, join(entry.parentPath, entry.name)).split(sep).join("/")}`);
    }
  }
  return [...found].sort();
}

/** What the first bytes say the file is. */
export function sniffFormat(head: Buffer, text: () => string): ImageFormat | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.subarray(0, 4).toString("latin1") === "GIF8") return "gif";
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (head.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]/.test(head.subarray(8, 12).toString("latin1"))) return "avif";
  if (/^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text())) return "svg";
  return undefined;
}

/**
 * What reading each SVG found, by its path and last change: a page of press logos names each file
 * once per logo, and the dev server and the editor read the content again on every change.
 */
const svgChecks = new Map<string, { stamp: string; finding: SvgFinding | undefined }>();

export interface ImageCheck {
  code: ProblemCode;
  message: string;
  hint?: string;
  severity?: "error" | "warning";
}

/** What is wrong with a picture's file, if anything: one problem, the first found. */
export function checkImageFile(ref: ImageRef, roots: ImageRoots, hosts: readonly string[], known: () => string[]): ImageCheck | undefined {
  if (ref.src.startsWith("https:")) {
    const host = new URL(ref.src).hostname;
    if (hosts.includes(host)) return undefined;
    return {
      code: "image-external",
      message: `Pictures from ${host} are not allowed: it is not listed under media.imageHosts in content/site.yaml.`,
      hint: hosts.length
        ? `Hosts listed: ${hosts.join(", ")}. Add ${host} there if the site may use its pictures (the build fetches them), or download the picture into content/images/.`
        : `Add media: { imageHosts: [${host}] } to content/site.yaml if the site may use its pictures (the build fetches them), or download the picture into content/images/.`,
    };
  }
  const path = imagePath(roots, ref.src);
  if (!path) {
    const guess = didYouMean(ref.src, known());
    return {
      code: "image-missing",
      message: `There is no picture ${ref.src}: no such file in content/images/ or public/images/.`,
      hint: guess ? `Did you mean ${guess}?` : "Put the file in content/images/, or check the spelling and the folder.",
    };
  }
  const stat = statSync(path);
  const size = stat.size;
  if (size > MAX_IMAGE_BYTES) {
    return {
      code: "image-too-large",
      message: `The picture ${ref.src} is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_IMAGE_BYTES / 1024 / 1024} MiB limit.`,
      hint: "Export it at a smaller size (3,000 pixels wide is plenty): the build makes every size a page needs from it.",
    };
  }
  const head = Buffer.alloc(64);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, 64, 0);
  } finally {
    closeSync(fd);
  }
  const format = sniffFormat(head, () => readFileSync(path, "utf8").slice(0, 4096));
  if (!format) {
    return {
      code: "image-not-image",
      message: `The file ${ref.src} is not a picture the site can use (JPEG, PNG, WebP, AVIF, GIF or SVG).`,
      hint: "Export it again as JPEG (photos) or PNG or SVG (logos, drawings).",
    };
  }
  if (format === "svg") {
    const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    let checked = svgChecks.get(path);
    if (checked?.stamp !== stamp) svgChecks.set(path, (checked = { stamp, finding: findUnsafeSvg(readFileSync(path, "utf8")) }));
    if (checked.finding) return unsafeSvgCheck(ref.src, checked.finding);
  }
  return undefined;
}

/** The problem for an SVG that is more than plain drawing; the build reports a fetched SVG the same way. */
export function unsafeSvgCheck(src: string, finding: SvgFinding): ImageCheck {
  const where = finding.line ? ` (line ${finding.line} of the file)` : "";
  if (finding.malformed)
    return {
      code: "image-corrupt",
      message: `The SVG ${src} cannot be read as XML: ${finding.what}${where}.`,
      hint: "Export it again from the drawing tool as plain SVG, or use PNG.",
    };
  return {
    code: "image-unsafe",
    message: `The SVG ${src} contains ${finding.what}${where}. A picture may hold only drawing: opened on its own, this could run a script or load something from another site.`,
    hint: "Export it again as plain SVG (most tools have a plain or optimised SVG option, without scripts, links or embedded pictures), or use PNG.",
  };
}

/**
 * What is wrong with a raster file's structure, if anything, found without decoding a pixel: a
 * part that runs past the end of the file (a size its header declares that the file does not
 * have), a missing end marker (a copy or upload cut off), a PNG chunk whose checksum does not
 * match. Data after the end marker is allowed (cameras append previews and motion clips there).
 * Damage inside the compressed pixels themselves shows only when they are decoded, at build.
 */
export function findDamage(bytes: Buffer, format: Exclude<ImageFormat, "svg">): string | undefined {
  switch (format) {
    case "jpeg":
      return jpegDamage(bytes);
    case "png":
      return pngDamage(bytes);
    case "gif":
      return gifDamage(bytes);
    case "webp":
      return webpDamage(bytes);
    case "avif":
      return boxDamage(bytes);
  }
}

const CUT_OFF = "the file ends before the picture does: it was cut off, as an interrupted copy or upload leaves it";
const shorterThanDeclared = (declared: number, actual: number) =>
  `the file is ${actual.toLocaleString("en-US")} bytes, shorter than the ${declared.toLocaleString("en-US")} its header declares: it was cut off`;

/** Segments from the start marker to the end marker (EOI); after a scan's header, its entropy-coded data up to the next marker. */
function jpegDamage(bytes: Buffer): string | undefined {
  let at = 2;
  let frame = false;
  while (at < bytes.length) {
    // Encoders may pad with 0xff before a marker; anything else between segments is skipped, as decoders do.
    const next = bytes.indexOf(0xff, at);
    if (next < 0) break;
    at = next;
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) break;
    const marker = bytes[at]!;
    at++;
    if (marker === 0xd9) return frame ? undefined : "it has no picture in it (no frame header before its end marker)";
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (at + 2 > bytes.length) break;
    const end = at + bytes.readUInt16BE(at);
    if (end > bytes.length) break;
    // Start-of-frame markers, which carry the size: C0–CF less DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    at = end;
    if (marker === 0xda) {
      // Entropy-coded data: 0xff is followed by 0x00 (a stuffed byte) or a restart marker inside it; anything else ends it.
      for (;;) {
        const ff = bytes.indexOf(0xff, at);
        if (ff < 0 || ff + 1 >= bytes.length) return CUT_OFF;
        const after = bytes[ff + 1]!;
        if (after === 0x00 || (after >= 0xd0 && after <= 0xd7) || after === 0xff) {
          at = ff + (after === 0xff ? 1 : 2);
          continue;
        }
        at = ff;
        break;
      }
    }
  }
  return CUT_OFF;
}

/** Chunks from the signature to IEND, each within the file and with its checksum. */
function pngDamage(bytes: Buffer): string | undefined {
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (first && type !== "IHDR") return "it does not start with its header chunk (IHDR)";
    first = false;
    const end = at + 12 + length;
    if (end > bytes.length) return CUT_OFF;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      return `its data is damaged: the checksum of its ${type} chunk at byte ${at.toLocaleString("en-US")} does not match`;
    if (type === "IEND") return undefined;
    at = end;
  }
  return CUT_OFF;
}

/** Blocks from the screen descriptor to the trailer: images with their colour tables and data, extensions. */
function gifDamage(bytes: Buffer): string | undefined {
  if (bytes.length < 13) return CUT_OFF;
  const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + table(bytes[10]!);
  let images = 0;
  /** Skips data sub-blocks (a length byte, that many bytes) up to the empty one; -1 when the file ends first. */
  const subBlocks = (from: number) => {
    let position = from;
    while (position < bytes.length) {
      const size = bytes[position]!;
      position += 1 + size;
      if (size === 0) return position;
    }
    return -1;
  };
  while (at < bytes.length) {
    const block = bytes[at]!;
    if (block === 0x3b) return images ? undefined : "it has no picture in it";
    if (block === 0x2c) {
      if (at + 10 > bytes.length) return CUT_OFF;
      at = subBlocks(at + 10 + table(bytes[at + 9]!) + 1);
      images++;
    } else if (block === 0x21) at = subBlocks(at + 2);
    else return `its data is damaged: an unknown block at byte ${at.toLocaleString("en-US")}`;
    if (at < 0) return CUT_OFF;
  }
  // Some encoders leave out the trailer byte after a complete last picture; every decoder accepts that.
  return images ? undefined : CUT_OFF;
}

/** The RIFF container's declared size, then each chunk within it. */
function webpDamage(bytes: Buffer): string | undefined {
  const declared = bytes.readUInt32LE(4) + 8;
  if (declared > bytes.length) return shorterThanDeclared(declared, bytes.length);
  let at = 12;
  while (at + 8 <= declared) {
    const end = at + 8 + bytes.readUInt32LE(at + 4);
    if (end > declared) return shorterThanDeclared(end, declared);
    at = end + (end % 2);
  }
  return undefined;
}

/** AVIF (ISO base media): every top-level box within the file, and the boxes a picture needs (its description and its data). */
function boxDamage(bytes: Buffer): string | undefined {
  const seen = new Set<string>();
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (size === 1) {
      if (at + 16 > bytes.length) return CUT_OFF;
      size = Number(bytes.readBigUInt64BE(at + 8));
    } else if (size === 0) size = bytes.length - at;
    if (size < 8) return `its data is damaged: a box of ${size} bytes at byte ${at.toLocaleString("en-US")}`;
    if (at + size > bytes.length) return shorterThanDeclared(at + size, bytes.length);
    seen.add(type);
    at += size;
  }
  if (at !== bytes.length && bytes.length - at < 8) return CUT_OFF;
  return seen.has("meta") ? undefined : "it has no picture description (no meta box)";
}
