import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { LATE_FONT_ATTRIBUTE } from "../../src/ui/fonts.ts";
import { drawEverySection } from "./draw-sections.ts";
import { ROOT } from "./fixture-site.ts";

/** The committed screenshots the visual suite compares against (npm run test:visual:update rewrites them). */
export const BASELINES = join(ROOT, "tests", "visual-baselines");
/** Where a failing comparison leaves the new screenshot and its difference image. */
export const DIFFS = join(ROOT, ".test-builds", "visual-diff");
/** Set by npm run test:visual:update: record the screenshots as the new baselines instead of comparing. */
export const UPDATING = process.env.VISUAL_UPDATE === "1";

/**
 * Tolerance. Baselines are recorded in the same Chromium build (chromium-headless-shell), without
 * GPU, so a page renders the same pixels from run to run; what remains is anti-aliasing at the
 * edges of text and shadows, which pixelmatch recognises and skips (includeAA: false).
 * - THRESHOLD: how far apart two colours may be (YIQ distance, 0 to 1) and still count as the
 *   same pixel: 0.1 ignores sub-pixel blending, yet a grey of another shade counts.
 * - MAX_RATIO: the share of pixels allowed to differ. One line of body copy re-wrapping or a
 *   button moving by a few pixels changes well over 0.05% of even the longest page, so any
 *   change a visitor could see fails; a few stray pixels do not.
 */
export const THRESHOLD = 0.1;
export const MAX_RATIO = 0.0005;

/** File name of a route's baseline at a width: "/" is root, "/tax-course" tax-course. */
export const baselineName = (route: string, width: number) => `${route === "/" ? "root" : route.slice(1).replaceAll("/", "_")}-${width}.png`;

/**
 * Brings the page to a state that does not change with time: every section drawn, every lazy
 * picture loaded and decoded, web fonts ready, no caret, transitions and animations stopped
 * (the context is also opened with reduced motion).
 */
export async function settle(page: Page) {
  await drawEverySection(page);
  await page.evaluate(async (lateFont) => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    // A typeface used only when it is there for the first paint (font-display: optional) misses that
    // moment now and then on a busy machine, and the page keeps its fallback (marked by lateFont). The
    // same faces, added again to wait for their files, draw every page as it is meant to look, whichever way it went.
    // After the page's own frames: its first script judges the typeface a frame after the first paint, and
    // would take the faces added here, still loading, for a late typeface.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    document.documentElement.removeAttribute(lateFont);
    const optional = [...document.styleSheets]
      .flatMap((sheet) => {
        try {
          return [...sheet.cssRules];
        } catch {
          return [];
        }
      })
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule && rule.style.getPropertyValue("font-display") === "optional");
    await Promise.all(
      optional.map((rule) => {
        const style = rule.style;
        const face = new FontFace(style.getPropertyValue("font-family").replace(/^["']|["']$/g, ""), style.getPropertyValue("src"), {
          style: style.getPropertyValue("font-style") || "normal",
          weight: style.getPropertyValue("font-weight") || "normal",
          ...(style.getPropertyValue("unicode-range") ? { unicodeRange: style.getPropertyValue("unicode-range") } : {}),
          display: "block",
        });
        document.fonts.add(face);
        return face.load().catch(() => undefined);
      }),
    );
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, LATE_FONT_ATTRIBUTE);
}

export async function screenshot(page: Page): Promise<Buffer> {
  return page.screenshot({ fullPage: true, animations: "disabled", caret: "hide", scale: "css" });
}

export type Comparison = { ok: true } | { ok: false; reason: string };

/** A PNG as RGBA pixels (sharp decodes natively, many times faster than a decoder in JavaScript). */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Compares a screenshot with its baseline; on a difference, writes the screenshot and a diff image into DIFFS. */
export async function compareWithBaseline(name: string, actual: Buffer): Promise<Comparison> {
  const file = join(BASELINES, name);
  if (!existsSync(file)) return { ok: false, reason: `no baseline ${file}: run npm run test:visual:update to record it.` };
  const baseline = readFileSync(file);
  // Chromium encodes the same pixels into the same bytes: the usual case needs no decoding.
  if (baseline.equals(actual)) return { ok: true };
  const [expected, got] = await Promise.all([pixels(baseline), pixels(actual)]);
  const keep = () => {
    mkdirSync(DIFFS, { recursive: true });
    writeFileSync(join(DIFFS, name.replace(/\.png$/, ".actual.png")), actual);
  };
  if (expected.width !== got.width || expected.height !== got.height) {
    keep();
    return {
      ok: false,
      reason: `${name}: the page is ${got.width}×${got.height} px, its baseline ${expected.width}×${expected.height} px. See ${DIFFS}; if the change is intended, run npm run test:visual:update.`,
    };
  }
  const diff = Buffer.alloc(got.width * got.height * 4);
  const differing = pixelmatch(expected.data, got.data, diff, got.width, got.height, { threshold: THRESHOLD, includeAA: false });
  const ratio = differing / (got.width * got.height);
  if (ratio <= MAX_RATIO) return { ok: true };
  keep();
  await sharp(diff, { raw: { width: got.width, height: got.height, channels: 4 } })
    .png()
    .toFile(join(DIFFS, name.replace(/\.png$/, ".diff.png")));
  return {
    ok: false,
    reason: `${name}: ${differing} pixels differ (${(ratio * 100).toFixed(3)}%, at most ${(MAX_RATIO * 100).toFixed(3)}% allowed). See ${DIFFS}; if the change is intended, run npm run test:visual:update.`,
  };
}

/** Before recording: clears the old baselines, so those of removed routes or widths do not linger. */
export function clearBaselines() {
  mkdirSync(BASELINES, { recursive: true });
  for (const file of readdirSync(BASELINES)) if (file.endsWith(".png")) rmSync(join(BASELINES, file));
  rmSync(DIFFS, { recursive: true, force: true });
}

export function writeBaseline(name: string, png: Buffer) {
  writeFileSync(join(BASELINES, name), png);
}
