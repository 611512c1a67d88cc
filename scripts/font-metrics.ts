/**
 * The metrics of each brand typeface (src/ui/fonts.ts) that its fallback face copies, read from
 * the package's Latin file: `npx tsx scripts/font-metrics.ts <Arial or LiberationSans-Regular.ttf>`
 * prints the overrides to write into BRAND_FONTS when a typeface is added or its package updated.
 *
 * The fallback is Arial (or its metric twin Liberation Sans) scaled so a paragraph of English
 * takes the typeface's width (size-adjust, measured in Chromium: a font's average advance is
 * skewed by its thousands of other glyphs), with the typeface's ascent, descent and line gap
 * (hhea), so text set in the fallback takes the room the typeface will take once it arrives.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliDecompressSync } from "node:zlib";
import { chromium } from "playwright-core";
import { BRAND_FONTS } from "../src/ui/fonts.ts";
import { chromiumPath } from "../tests/support/chromium.ts";

const require = createRequire(import.meta.url);

const arialFile = process.argv[2];
if (!arialFile) throw new Error("Name Arial's file or its metric twin's: npx tsx scripts/font-metrics.ts LiberationSans-Regular.ttf");

/** Text as the site's runs: the width of a line of it is what the fallback must match. */
const SAMPLE =
  "Tax planning, advisory and education for business owners and tax professionals. Keep more of what you earn with a plan for the whole year, not a scramble in April. Questions? Book a free call.";

/** The tables of a WOFF2 file, by tag (the few read here are never transformed). */
function woff2Tables(bytes: Buffer): Map<string, Buffer> {
  const KNOWN = ["cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT"];
  const count = bytes.readUInt16BE(12);
  const compressedLength = bytes.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = bytes[at++]!;
    const index = flags & 0x3f;
    const tag = index === 63 ? bytes.toString("latin1", at, (at += 4)) : (KNOWN[index] ?? `#${index}`);
    const version = flags >> 6;
    const original = base128();
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : original });
  }
  const data = brotliDecompressSync(bytes.subarray(at, at + compressedLength));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The width of SAMPLE at 100 px in each font file, measured by Chromium. */
async function sampleWidths(files: Record<string, Buffer>): Promise<Record<string, number>> {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const page = await browser.newPage();
    const sources = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.toString("base64")]));
    return await page.evaluate(
      async ({ sources, sample }) => {
        const widths: Record<string, number> = {};
        const context = document.createElement("canvas").getContext("2d")!;
        for (const [name, base64] of Object.entries(sources)) {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const face = await new FontFace(`measured-${name}`, bytes).load();
          document.fonts.add(face);
          context.font = `400 100px "measured-${name}"`;
          widths[name] = context.measureText(sample).width;
        }
        return widths;
      },
      { sources, sample: SAMPLE },
    );
  } finally {
    await browser.close();
  }
}

const latinFiles = Object.fromEntries(
  Object.values(BRAND_FONTS).map((font) => [font.slug, readFileSync(require.resolve(`${font.package}/files/${font.slug}-latin-wght-normal.woff2`))]),
);
const widths = await sampleWidths({ ...latinFiles, arial: readFileSync(arialFile) });

for (const [family, font] of Object.entries(BRAND_FONTS)) {
  const tables = woff2Tables(latinFiles[font.slug]!);
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const unitsPerEm = head.readUInt16BE(18);
  const sizeAdjust = widths[font.slug]! / widths.arial!;
  const metric = (offset: number) => Math.abs(hhea.readInt16BE(offset)) / unitsPerEm / sizeAdjust;
  console.log(
    `${family}: { sizeAdjust: "${percent(sizeAdjust)}", ascent: "${percent(metric(4))}", descent: "${percent(metric(6))}", lineGap: "${percent(metric(8))}" }`,
  );
}
