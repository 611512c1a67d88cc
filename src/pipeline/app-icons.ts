/**
 * The favicon and app icons, made at build from the brand's logo (content/site.yaml,
 * brand.logo): favicon.svg (an SVG logo as it is), apple-touch-icon.png (180 px),
 * icon-192.png and icon-512.png, and site.webmanifest naming them. Home screens show
 * icons on an opaque square, so the logo is centred on white with a margin.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { browserThemeColor } from "../content/brand.ts";
import type { SiteData } from "../site/types.ts";
// As new files: a public/ file of the same name in the build folder is a link into the cached client bundle, which a write through it would change.
import { writeNewFile } from "./incremental.ts";

const SIZES = { "apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512 } as const;

/** Writes the icons into `dist` and returns the tags every page's head gets: the browser's colour, and the icons when there is a logo. */
export async function writeAppIcons(dist: string, site: SiteData): Promise<string[]> {
  const themeColor = browserThemeColor(site.brand.colors);
  const colorTag = `<meta name="theme-color" content="${themeColor}" />`;
  const logo = site.brand.logo?.src;
  if (!logo) return [colorTag];
  // The logo as the build made it (its largest version), in dist/ already.
  const source = readFileSync(join(dist, logo.src));
  const isSvg = logo.src.endsWith(".svg");
  for (const [file, size] of Object.entries(SIZES)) {
    const inner = Math.round(size * 0.8);
    const mark = await sharp(source, { density: isSvg ? 72 * Math.ceil(inner / 32) : undefined })
      .resize(inner, inner, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer();
    const square = await sharp({ create: { width: size, height: size, channels: 4, background: "#ffffff" } })
      .composite([{ input: mark, gravity: "centre" }])
      .png()
      .toBuffer();
    // Flattened in a pass of its own: sharp composites after every other operation of a pipeline.
    writeNewFile(join(dist, file), await sharp(square).flatten({ background: "#ffffff" }).png().toBuffer());
  }
  if (isSvg) writeNewFile(join(dist, "favicon.svg"), source);
  const manifest = {
    name: site.brand.name,
    short_name: site.brand.shortName ?? site.brand.name,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: themeColor,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
  writeNewFile(join(dist, "site.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
  return [
    colorTag,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png" />`,
    `<link rel="manifest" href="/site.webmanifest" />`,
    ...(isSvg ? [] : [`<link rel="icon" href="/icon-192.png" type="image/png" />`]),
  ];
}
