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
 * The text roles of the theme (theme.ts builds its fg.* tokens from this table): each a colour
 * on light surfaces and one on dark ones, in words a marketer knows, and the contrast it needs.
 */
export const TEXT_ROLES = {
  DEFAULT: { light: "navy.950", dark: "white", words: "text", min: 4.5 },
  muted: { light: "#4a5568", dark: "navy.100", words: "secondary text", min: 4.5 },
  accent: { light: "gold.800", dark: "gold.300", words: "small headings above headings", min: 4.5 },
  highlight: { light: "navy.700", dark: "gold.300", words: "figures, prices and highlighted icons", min: 4.5 },
  link: { light: "navy.700", dark: "white", words: "links and outline buttons", min: 4.5 },
  subtitle: { light: "navy.700", dark: "navy.100", words: "the line under a name", min: 4.5 },
  // A checklist's marks carry meaning as shapes, not text (WCAG 1.4.11).
  check: { light: "green.700", dark: "gold.300", words: "checklist marks", min: 3 },
} as const;

/** Colours of the theme that no brand colour changes (Chakra's own, as theme.ts uses them). */
const FIXED: Record<string, string> = { white: "#ffffff", "green.700": "#116932" };

type Surface = { words: string; color: (at: SurfaceColors) => string; depends: (colors: BrandColors) => string[] | undefined };
type SurfaceColors = ReturnType<typeof surfaces> & { band: string };

/** The surfaces text is drawn on: light ones take a role's light colour, dark ones its dark colour (theme.ts, tone). */
const SURFACES: { light: Surface[]; dark: Surface[] } = {
  light: [
    { words: "the white page", color: () => "#ffffff", depends: () => undefined },
    { words: "muted sections", color: (at) => at.muted, depends: (colors) => (colors.surfaces?.muted ? ["surfaces", "muted"] : undefined) },
  ],
  dark: [
    { words: "brand sections and the brand banner", color: (at) => at.dark, depends: (colors) => (colors.surfaces?.dark ? ["surfaces", "dark"] : ["brand"]) },
    // navy.solid: the panel of spotlight, modules and bonuses sections, emphasised figures, primary buttons.
    { words: "the dark band of spotlight, modules and bonuses sections", color: (at) => at.band, depends: () => ["brand"] },
    { words: "the footer", color: (at) => at.darkest, depends: (colors) => (colors.surfaces?.dark ? ["surfaces", "dark"] : ["brand"]) },
  ],
};

/**
 * Every text-on-background pair the theme makes of the brand's colours, with its ratio:
 * every text role on every surface of its kind (TEXT_ROLES × SURFACES), and the few pairs
 * painted outside the tones (buttons' labels, the muted banner, rating stars). A pair is
 * reported at the colour a marketer would change: the text's, when it is one of the brand's
 * colours and the surface is not a colour of its own; otherwise the surface's.
 */
export function textPairs(colors: BrandColors): ContrastPair[] {
  const { navy, gold } = palettes(colors);
  const n = { ...DEFAULT.navy, ...navy };
  const g = { ...DEFAULT.gold, ...gold };
  const at: SurfaceColors = { ...surfaces(colors), band: n[700] };
  const resolve = (token: string): string => {
    if (token.startsWith("#")) return token;
    const [scale, step] = token.split(".") as [string, string];
    if (scale === "navy") return n[Number(step) as keyof typeof n]!;
    if (scale === "gold") return g[Number(step) as keyof typeof g]!;
    return FIXED[token]!;
  };
  const owner = (token: string): string[] | undefined =>
    token.startsWith("navy.") && colors.brand ? ["brand"] : token.startsWith("gold.") && colors.accent ? ["accent"] : undefined;
  const pairs: ContrastPair[] = [];
  const add = (path: string[] | undefined, name: string, fg: string, bg: string, min: number) =>
    pairs.push({ path: path ?? [], value: path ? valueAt(colors, path) : undefined, name, ratio: contrast(fg, bg), min });
  for (const role of Object.values(TEXT_ROLES)) {
    for (const kind of ["light", "dark"] as const) {
      for (const surface of SURFACES[kind]) {
        const token = role[kind];
        const surfacePath = surface.depends(colors);
        const path = surfacePath?.[0] === "surfaces" ? surfacePath : (owner(token) ?? surfacePath);
        add(path, `${role.words} (${resolve(token)}) on ${surface.words} (${surface.color(at)})`, resolve(token), surface.color(at), role.min);
      }
    }
  }
  add(owner("navy.700"), `a primary button's label (white) on the brand colour (${n[700]})`, "#ffffff", n[700], AA_TEXT);
  add(owner("gold.400"), `an accent button's label (${n[950]}) on the accent colour (${g[400]})`, n[950], g[400], AA_TEXT);
  add(owner("navy.950"), `the muted banner's text (${n[950]}) on its background (${n[50]})`, n[950], n[50], AA_TEXT);
  add(owner("gold.600"), `rating stars (${g[600]}) on the white page`, g[600], "#ffffff", 3);
  // A pair that depends on no colour of the site's (path []) is the theme's own: measured, never reported.
  return pairs;
}

/**
 * The nearest colour to the one at `path` (darker or lighter, whichever is closer) with which
 * none of the pairs reported at it fails, and no other pair fails that passed: what a problem
 * suggests to try. Undefined when no shade of it passes.
 */
export function nearestPassing(colors: BrandColors, path: string[]): string | undefined {
  const value = valueAt(colors, path);
  if (!value) return undefined;
  const failing = (candidate: BrandColors) => textPairs(candidate).filter((pair) => pair.ratio < pair.min);
  const before = failing(colors).filter((pair) => pair.path.join(".") !== path.join(".")).length;
  const withValue = (hex: string): BrandColors => {
    const copy = structuredClone(colors) as Record<string, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[path.at(-1)!] = hex;
    return copy as BrandColors;
  };
  for (let step = 1; step <= 100; step++) {
    for (const toward of [BLACK, WHITE]) {
      const hex = toHex(mix(hexToRgb(value), toward, step / 100));
      const left = failing(withValue(hex));
      if (!left.some((pair) => pair.path.join(".") === path.join(".")) && left.length <= before) return hex;
    }
  }
  return undefined;
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
