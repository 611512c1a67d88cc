/**
 * The checks a picture's file must pass when the content is read: it exists
 * (with the nearest name when it does not), it is an image of a format the build
 * can make the page's versions from, it is not too large, and an SVG is plain
 * drawing (src/content/svg.ts). Decoding every pixel is the build's part
 * (src/build/images.ts), which reports a corrupt file at the same line.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
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
