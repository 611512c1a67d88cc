/**
 * The brand typefaces the site can host itself: Inter unless content/site.yaml names another as
 * the first font of brand.font (`font: "'Source Sans 3', Georgia, serif"`). Every page carries
 * the typeface's @font-face rules, preloads its Latin file and sets every text in it. Any other
 * first name is a font of the visitor's device, as before, and loads no file.
 *
 * The files come from the typefaces' Fontsource packages (variable weight, upright only: the
 * site sets no italics bigger than a line), served from the site's own origin under fonts/
 * (src/pipeline/brand-fonts.ts), named with the package's version so they can be cached forever.
 */

export const FONT_DIRECTORY = "fonts";

/** A fallback face's overrides: a local font scaled and spaced to take the typeface's room (scripts/font-metrics.ts). */
interface FallbackMetrics {
  sizeAdjust: string;
  ascent: string;
  descent: string;
  lineGap: string;
}

export interface BrandFont {
  family: string;
  package: string;
  version: string;
  /** The files' prefix in the package: inter-latin-wght-normal.woff2. */
  slug: string;
  /** The character sets the package has a file for. */
  subsets: readonly Subset[];
  fallback: FallbackMetrics;
}

/** The characters of each file, as Fontsource cuts them. */
const UNICODE_RANGES = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  vietnamese: "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB",
  cyrillic: "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116",
  greek: "U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF",
} as const;
type Subset = keyof typeof UNICODE_RANGES;

const ALL_SUBSETS = Object.keys(UNICODE_RANGES) as Subset[];

/** The short list. Fallback metrics: `npx tsx scripts/font-metrics.ts LiberationSans-Regular.ttf`. */
export const BRAND_FONTS: Record<string, BrandFont> = {
  Inter: {
    family: "Inter",
    package: "@fontsource-variable/inter",
    version: "5.3.0",
    slug: "inter",
    subsets: ALL_SUBSETS,
    fallback: { sizeAdjust: "106.61%", ascent: "90.87%", descent: "22.63%", lineGap: "0.00%" },
  },
  "Source Sans 3": {
    family: "Source Sans 3",
    package: "@fontsource-variable/source-sans-3",
    version: "5.3.0",
    slug: "source-sans-3",
    subsets: ALL_SUBSETS,
    fallback: { sizeAdjust: "92.99%", ascent: "110.13%", descent: "43.02%", lineGap: "0.00%" },
  },
  "Public Sans": {
    family: "Public Sans",
    package: "@fontsource-variable/public-sans",
    version: "5.3.0",
    slug: "public-sans",
    subsets: ["latin", "latin-ext", "vietnamese"],
    fallback: { sizeAdjust: "103.70%", ascent: "91.61%", descent: "21.70%", lineGap: "0.00%" },
  },
};

/** The character sets a language's text needs beyond Latin's (Latin covers English, Spanish, French, German...). */
const EXTRA_SUBSETS: Record<string, Subset[]> = {
  cs: ["latin-ext"],
  hr: ["latin-ext"],
  hu: ["latin-ext"],
  lt: ["latin-ext"],
  lv: ["latin-ext"],
  pl: ["latin-ext"],
  ro: ["latin-ext"],
  sk: ["latin-ext"],
  sl: ["latin-ext"],
  tr: ["latin-ext"],
  vi: ["vietnamese", "latin-ext"],
  ru: ["cyrillic"],
  uk: ["cyrillic"],
  bg: ["cyrillic"],
  sr: ["cyrillic", "latin-ext"],
  el: ["greek"],
};

/** The subsets the site's languages need, of those the typeface has. */
export function subsetsFor(font: BrandFont, languages: readonly string[]): Subset[] {
  const wanted = new Set<Subset>(["latin", ...languages.flatMap((lang) => EXTRA_SUBSETS[lang.toLowerCase().split("-")[0]!] ?? [])]);
  return font.subsets.filter((subset) => wanted.has(subset));
}

/** Each file of a typeface: its address under the site's root and its name in the package. */
export function fontFiles(font: BrandFont, subsets: readonly Subset[] = font.subsets): { subset: Subset; fileName: string; packageFile: string }[] {
  return subsets.map((subset) => ({
    subset,
    fileName: `${FONT_DIRECTORY}/${font.slug}-${subset}-wght-normal-${font.version}.woff2`,
    packageFile: `${font.slug}-${subset}-wght-normal.woff2`,
  }));
}

/** The first family a font stack names, unquoted. */
const firstFamily = (stack: string) =>
  stack
    .split(",")[0]!
    .trim()
    .replace(/^(["'])(.*)\1$/, "$2");

/** The typeface of a site whose brand.font says nothing. */
export const DEFAULT_FONT = "Inter";

/** The hosted typeface a font stack starts with, if any; a site without a font stack has the default. */
export function hostedFont(stack: string | undefined): BrandFont | undefined {
  const name = firstFamily(stack ?? DEFAULT_FONT);
  return Object.values(BRAND_FONTS).find((font) => font.family.toLowerCase() === name.toLowerCase());
}

const SYSTEM_SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The stack the page sets: the hosted typeface, then its metric-matched fallback, then what the
 * content wrote after it (or the system's sans-serif fonts). A device font's stack is kept as written.
 */
export function fontStack(stack: string | undefined): string | undefined {
  const font = hostedFont(stack);
  if (!font) return stack;
  const rest = (stack ?? "").split(",").slice(1).join(",").trim();
  return `'${font.family}', '${font.family} Fallback', ${rest || SYSTEM_SANS}`;
}

/**
 * The @font-face rules of the hosted typeface: one per subset the site's languages need (the
 * browser fetches a file only when the page holds one of its characters), and the fallback face.
 * font-display: optional: the preloaded file is used when it is there for the first paint (and,
 * cached, on every page after); a file that comes later is never swapped in, since the fallback's
 * metrics match the regular text but not the heavy, tightly set headings, which would rewrap
 * and push the page down under the visitor's eyes.
 *
 * The browser keeps that promise only for the text it has laid out: text styled again later (every
 * element, once a stylesheet is added as an island wakes) takes the file that has come meanwhile.
 * So a page whose typeface was still loading when it was first drawn is marked by the page's
 * first script (index.html: `data-font-late`), and the fonts' tokens then leave the typeface out
 * for the rest of the page's life. A file that came between the first layout and that check is
 * caught before the theme's stylesheet is added, by measuring a word the page shows
 * (src/render/drawn-typeface.ts).
 */
export function fontFaceCss(stack: string | undefined, languages: readonly string[]): string {
  const font = hostedFont(stack);
  if (!font) return "";
  const faces = fontFiles(font, subsetsFor(font, languages)).map(
    ({ subset, fileName }) =>
      `@font-face{font-family:'${font.family}';font-style:normal;font-display:optional;font-weight:100 900;src:url(/${fileName}) format('woff2');unicode-range:${UNICODE_RANGES[subset]}}`,
  );
  const { sizeAdjust, ascent, descent, lineGap } = font.fallback;
  faces.push(
    `@font-face{font-family:'${font.family} Fallback';src:local('Arial'),local('ArialMT'),local('Liberation Sans');size-adjust:${sizeAdjust};ascent-override:${ascent};descent-override:${descent};line-gap-override:${lineGap}}`,
  );
  const withoutTypeface = fontStack(stack)!.split(",").slice(1).join(",").trim();
  // Outweighs the brand's :root and the theme's :where(html), whichever style comes first.
  faces.push(`:root[${LATE_FONT_ATTRIBUTE}]{--chakra-fonts-body:${withoutTypeface};--chakra-fonts-heading:${withoutTypeface}}`);
  return faces.join("");
}

/** Set on the root by index.html's first script when the typeface was not there for the first paint. */
export const LATE_FONT_ATTRIBUTE = "data-font-late";

/** The preload of the typeface's Latin file, which every page's first screen draws with. */
export function fontPreloadTag(stack: string | undefined): string | undefined {
  const font = hostedFont(stack);
  if (!font) return undefined;
  const [latin] = fontFiles(font, ["latin"]);
  return `<link rel="preload" href="/${latin!.fileName}" as="font" type="font/woff2" crossorigin />`;
}
