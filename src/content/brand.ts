/**
 * Brand colours and font from content/site.yaml: the two colour scales the theme's
 * semantic tokens are built on (src/ui/theme.ts: navy for the brand, gold for the accent),
 * derived from one colour each, the surfaces sections are painted on, and the WCAG contrast
 * of every text and background pair the theme makes of them. Pure functions: the loader
 * checks, the page applies.
 */

export type Rgb = [number, number, number];
export const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Step = (typeof STEPS)[number];

export const hexToRgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
const mix = (a: Rgb, b: Rgb, amount: number): Rgb => a.map((channel, index) => channel + (b[index]! - channel) * amount) as Rgb;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(hexToRgb(a)), luminance(hexToRgb(b))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * A scale of eleven steps around one colour, which takes step `at`: lighter steps mix it
 * with white, darker ones with black, in the proportions of the theme's own scales.
 */
function scale(hex: string, at: Step): Record<Step, string> {
  const base = hexToRgb(hex);
  const index = STEPS.indexOf(at);
  return Object.fromEntries(
    STEPS.map((step, i) => {
      if (i === index) return [step, hex.toLowerCase()];
      // Lighter: from 93% white at 50 down to a little at the step before the base; darker: up to 70% black at 950.
      const amount = i < index ? 0.93 * ((index - i) / index) ** 0.8 : 0.7 * ((i - index) / (STEPS.length - 1 - index)) ** 0.9;
      return [step, toHex(mix(base, i < index ? WHITE : BLACK, amount))];
    }),
  ) as Record<Step, string>;
}

export interface BrandColors {
  brand?: string;
  accent?: string;
  /** The surfaces sections are painted on, when not the theme's own (surface.* in theme.ts). */
  surfaces?: { muted?: string; dark?: string };
}

/** The default surfaces: the light grey of muted sections, and the brand scale's two darkest steps. */
const DEFAULT_MUTED = "#f4f6fa";

/**
 * The surfaces the theme paints (theme.ts, surface.*): muted sections and panels, brand
 * sections and the brand banner (dark), the footer and the phone menu's backdrop (darkest,
 * a shade under dark, as navy.950 is under navy.900).
 */
export function surfaces(colors: BrandColors): { muted: string; dark: string; darkest: string } {
  const navy = { ...DEFAULT.navy, ...palettes(colors).navy };
  const dark = colors.surfaces?.dark;
  return {
    muted: colors.surfaces?.muted?.toLowerCase() ?? DEFAULT_MUTED,
    dark: dark?.toLowerCase() ?? navy[900],
    darkest: dark ? toHex(mix(hexToRgb(dark), BLACK, 0.35)) : navy[950],
  };
}

/** The theme's two scales with the brand's colours in place: brand at navy.700, accent at gold.400 (as the default theme). */
export function palettes(colors: BrandColors): { navy?: Record<Step, string>; gold?: Record<Step, string> } {
  return {
    ...(colors.brand ? { navy: scale(colors.brand, 700) } : {}),
    ...(colors.accent ? { gold: scale(colors.accent, 400) } : {}),
  };
}

/** The default theme's steps that text pairs use, for a colour the brand leaves as it is. */
const DEFAULT = {
  navy: { 50: "#eef3fa", 100: "#d7e2f2", 200: "#b0c5e3", 700: "#1b3866", 900: "#0d1d38", 950: "#081326" },
  gold: { 300: "#efc05a", 400: "#e8ab35", 600: "#b07414", 800: "#774c14" },
};

/**
 * The colour a phone's browser paints its own bar in (the theme-color meta and the web
 * app manifest): the dark surface, as the brand sections and banner under it.
 */
export function browserThemeColor(colors: BrandColors | undefined): string {
  return surfaces(colors ?? {}).dark;
}

export interface ContrastPair {
  /** Which colour of content/site.yaml it depends on, as its path under brand.colors: ["brand"], ["surfaces", "muted"]. */
  path: string[];
  /** That colour as written (undefined when the pair uses the theme's own). */
  value: string | undefined;
  name: string;
  ratio: number;
  /** What it needs: 4.5 for text, 3 for a mark that carries meaning (WCAG 1.4.11). */
  min: number;
}

/**
 * Every text-on-background pair the theme makes of the brand's colours (theme.ts), with its
 * ratio. Body text and button labels are small, so each needs 4.5:1 (WCAG 1.4.3, AA).
 */
export function textPairs(colors: BrandColors): ContrastPair[] {
  const { navy, gold } = palettes(colors);
  const n = { ...DEFAULT.navy, ...navy };
  const g = { ...DEFAULT.gold, ...gold };
  const surface = surfaces(colors);
  // A pair on a surface the brand sets is that surface's; on the theme's own surface, the colour's.
  const on = (kind: "muted" | "dark", otherwise: "brand" | "accent"): string[] => (colors.surfaces?.[kind] ? ["surfaces", kind] : [otherwise]);
  const pairs: [string[], string, string, string, number?][] = [
    [["brand"], "text (navy.950) on the white page", n[950], "#ffffff"],
    [["brand"], "links and figures (navy.700) on the white page", n[700], "#ffffff"],
    [on("muted", "brand"), `links and figures (navy.700) on a muted section (${surface.muted})`, n[700], surface.muted],
    [on("muted", "brand"), `text (navy.950) on a muted section (${surface.muted})`, n[950], surface.muted],
    [on("muted", "brand"), `muted text (#4a5568) on a muted section (${surface.muted})`, "#4a5568", surface.muted],
    [on("muted", "accent"), `eyebrows (gold.800) on a muted section (${surface.muted})`, g[800], surface.muted],
    [["brand"], "a primary button's label (white) on the brand colour (navy.700)", "#ffffff", n[700]],
    [on("dark", "brand"), `white text on a brand section (${surface.dark})`, "#ffffff", surface.dark],
    [on("dark", "brand"), `muted text (navy.100) on a brand section (${surface.dark})`, n[100], surface.dark],
    [["brand"], "the muted banner's text (navy.950) on navy.50", n[950], n[50]],
    [["accent"], "an accent button's label (navy.950) on the accent colour (gold.400)", n[950], g[400]],
    [["accent"], "eyebrows (gold.800) on the white page", g[800], "#ffffff"],
    [on("dark", "accent"), `eyebrows and figures (gold.300) on a brand section (${surface.dark})`, g[300], surface.dark],
    [on("dark", "brand"), `the footer's small print (navy.200) on the footer (${surface.darkest})`, n[200], surface.darkest],
    [["accent"], "rating stars (gold.600) on the white page", g[600], "#ffffff", 3],
  ];
  return pairs.map(([path, name, fg, bg, min = AA_TEXT]) => ({ path, value: valueAt(colors, path), name, ratio: contrast(fg, bg), min }));
}

const valueAt = (colors: BrandColors, path: string[]): string | undefined =>
  path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], colors) as string | undefined;

/** A colour as content/site.yaml writes it: # and six hexadecimal digits. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The colours that are well formed, the others left out (as if not given): a colour that
 * is not one is reported once, by its format, and its contrast cannot be measured.
 */
export function wellFormedColors(colors: BrandColors): BrandColors {
  const ok = (value: unknown) => (typeof value === "string" && HEX_COLOR.test(value) ? value : undefined);
  const muted = ok(colors.surfaces?.muted);
  const dark = ok(colors.surfaces?.dark);
  return {
    ...(ok(colors.brand) ? { brand: colors.brand } : {}),
    ...(ok(colors.accent) ? { accent: colors.accent } : {}),
    ...(muted || dark ? { surfaces: { ...(muted ? { muted } : {}), ...(dark ? { dark } : {}) } } : {}),
  };
}

/** Family names a stylesheet reserves: unquoted, they are not a font but a rule about the value. */
const RESERVED_FONT_WORDS = ["inherit", "initial", "unset", "revert", "revert-layer", "default"];
/** One word of a family name written without quotes: a CSS identifier (no leading digit). */
const FONT_WORD = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * What is wrong with a font stack as CSS reads a font-family list, if anything: names
 * separated by commas, each a quoted name ('Times New Roman') or words that need no quotes
 * (Georgia, sans-serif, -apple-system). A stylesheet drops a list it cannot read whole, and
 * the page would fall back to the browser's default font.
 */
export function fontStackProblem(stack: string): string | undefined {
  const names: string[] = [];
  let quote: string | undefined;
  let current = "";
  for (const char of stack) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ",") {
      names.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  if (quote) return `A ${quote === '"' ? "double" : "single"} quote opens in "${current.trim()}" and never closes.`;
  names.push(current);
  for (const written of names) {
    const name = written.trim();
    if (!name) return "A font name is missing between two commas, or at the start or end.";
    const quoted = /^(["'])(.*)\1$/.exec(name);
    if (quoted) {
      if (/["']/.test(quoted[2]!)) return `Quotes go around a whole font name, like 'Times New Roman': ${name} has more.`;
      if (!quoted[2]!.trim()) return "A quoted font name is empty.";
      continue;
    }
    if (/["']/.test(name)) return `Quotes go around a whole font name, like 'Times New Roman': not inside ${name}.`;
    const words = name.split(/\s+/);
    const odd = words.find((word) => !FONT_WORD.test(word));
    if (odd) return `"${name}" needs quotes, like '${name}': without them, each word of a font name starts with a letter (here "${odd}" does not).`;
    if (words.length === 1 && RESERVED_FONT_WORDS.includes(name.toLowerCase())) return `"${name}" is a CSS keyword, not a font.`;
  }
  return undefined;
}

export const AA_TEXT = 4.5;

/** The page's overrides of the theme's CSS variables, or nothing for the default brand. */
export function brandCss(colors: BrandColors | undefined, font: string | undefined): string {
  const { navy, gold } = palettes(colors ?? {});
  const surface = surfaces(colors ?? {});
  const declarations = [
    ...Object.entries(navy ?? {}).map(([step, hex]) => `--chakra-colors-navy-${step}:${hex}`),
    ...Object.entries(gold ?? {}).map(([step, hex]) => `--chakra-colors-gold-${step}:${hex}`),
    ...(colors?.surfaces?.muted ? [`--chakra-colors-surface-muted:${surface.muted}`] : []),
    ...(colors?.surfaces?.dark ? [`--chakra-colors-surface-dark:${surface.dark}`, `--chakra-colors-surface-darkest:${surface.darkest}`] : []),
    ...(font ? [`--chakra-fonts-body:${font}`, `--chakra-fonts-heading:${font}`] : []),
  ];
  // :root outweighs the theme's :where(:root), whichever style comes first.
  return declarations.length ? `:root{${declarations.join(";")}}` : "";
}
