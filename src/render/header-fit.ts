/**
 * Where the header's links fit: worked out from the labels when the page is
 * rendered, so the prerendered CSS already shows the links or the menu button
 * and nothing moves when scripts run. Widths are in rem, the unit of every
 * length in the bar, so the result holds at any browser text size.
 */

/**
 * Advance widths of the printable ASCII characters (space to ~) in hundredths of
 * an em, in DejaVu Sans, the widest of the common system interface fonts (macOS,
 * Windows, Android and most Linux desktops draw narrower), so an estimate from it
 * errs on the side of switching to the menu button early.
 */
// prettier-ignore
const REGULAR = [
  32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53,
  100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50,
  50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
];
// prettier-ignore
const BOLD = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58,
  100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50,
  50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
];
/** Typographic punctuation common in labels; any other character counts as a full em (as wide as CJK). */
const PUNCTUATION: Record<string, number> = { "‘": 32, "’": 32, "“": 52, "”": 52, "–": 50, "—": 100, "…": 100, "·": 32, "•": 59 };
/** Fonts draw a little differently from their advance widths (hinting, rounding, a medium weight drawn from a wider face). */
const SAFETY = 1.05;

/** The estimated width of `text` in em at the given weight: regular up to medium (500), bold from semibold (600). */
export function textWidth(text: string, weight: "regular" | "bold"): number {
  const table = weight === "bold" ? BOLD : REGULAR;
  let hundredths = 0;
  // Accented letters count as their base letter; the accents themselves take no room.
  for (const char of text.normalize("NFD")) {
    const code = char.codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue;
    hundredths += code >= 32 && code < 127 ? table[code - 32]! : (PUNCTUATION[char] ?? 100);
  }
  return (hundredths / 100) * SAFETY;
}

/** The bar's measurements (rem), as Header.tsx draws it. */
export const BAR = {
  /** The bar's side padding, and the header width from which the wider one applies. */
  padding: 1,
  widePadding: 2,
  widePaddingFrom: 48,
  /** The column the bar's content shares with the page. */
  maxWidth: 80,
  /** How far the bar may widen beyond the column to keep its links in the bar on wide screens. */
  widestWidth: 96,
  gap: 1,
  logo: 2,
  logoGap: 0.5,
  brandSize: 1.125,
  linkSize: 1,
  linkPadding: 0.5,
  linkGap: 0.25,
  ctaSize: 0.875,
  ctaPadding: 1,
  menuButtonPadding: 0.75,
  menuIcon: 1.25,
  menuIconGap: 0.5,
  /** The search button (a square fingertip target) and the gap between it and the button or menu beside it. */
  searchButton: 2.75,
  searchGap: 0.5,
  border: 0.0625,
  /** Slack for rounding, so a row never fits by a fraction of a pixel only. */
  slack: 0.5,
} as const;

export interface HeaderLabels {
  name: string;
  shortName?: string;
  hasLogo: boolean;
  links: string[];
  cta: string;
  menuLabel: string;
  /** Whether the bar holds the search button (site.yaml, search:). */
  hasSearch?: boolean;
}

export interface HeaderFit {
  /** The narrowest header (rem) that holds the links and the button beside the short name; Infinity when none does. */
  inline: number;
  /** The same beside the full name. */
  inlineFullName: number;
  /** The narrowest header that holds the full name beside the menu button. */
  menuFullName: number;
  /** The narrowest header that holds the search button beside the short name and the menu button (0 without search): below it the button is left out. */
  search: number;
  /** The widest the bar's content box grows (rem), the padding included. */
  maxWidth: number;
}

/** The header width (rem) a row of content this wide needs, padding and slack included. */
function headerWidth(content: number): number {
  const narrow = content + BAR.slack + 2 * BAR.padding;
  return narrow < BAR.widePaddingFrom ? narrow : Math.max(BAR.widePaddingFrom, content + BAR.slack + 2 * BAR.widePadding);
}

/** Where the header switches between its links and its menu button, and between the full and the short name. */
export function headerFit(labels: HeaderLabels): HeaderFit {
  const brand = (name: string) => (labels.hasLogo ? BAR.logo + BAR.logoGap : 0) + textWidth(name, "bold") * BAR.brandSize;
  const full = brand(labels.name);
  const short = brand(labels.shortName ?? labels.name);
  const links =
    labels.links.reduce((sum, label) => sum + textWidth(label, "regular") * BAR.linkSize + 2 * BAR.linkPadding, 0) + (labels.links.length - 1) * BAR.linkGap;
  const cta = textWidth(labels.cta, "bold") * BAR.ctaSize + 2 * BAR.ctaPadding + 2 * BAR.border;
  const menuButton = 2 * BAR.menuButtonPadding + 2 * BAR.border + BAR.menuIcon + BAR.menuIconGap + textWidth(labels.menuLabel, "regular");
  // Beside the button in a row of links, beside the menu button otherwise.
  const search = labels.hasSearch ? BAR.searchButton + BAR.searchGap : 0;

  const inline = headerWidth(short + links + search + cta + 2 * BAR.gap);
  const inlineFullName = headerWidth(full + links + search + cta + 2 * BAR.gap);
  // Beyond the page's column the bar widens, up to a point, rather than hide links a wide screen has room for;
  // it stays in line with the page for the full name alone, which gives way to the short one.
  const maxWidth = Math.min(BAR.widestWidth, Math.max(BAR.maxWidth, inline));
  const fits = (width: number) => (width <= maxWidth ? round(width) : Infinity);
  return {
    inline: fits(inline),
    inlineFullName: fits(inlineFullName),
    menuFullName: round(headerWidth(full + search + menuButton + BAR.gap)),
    search: search ? round(headerWidth(short + search + menuButton + BAR.gap)) : 0,
    maxWidth: round(maxWidth),
  };
}

/** Up to the next sixteenth of a rem (a pixel at the usual text size), so the CSS stays short. */
const round = (rem: number) => Math.ceil(rem * 16) / 16;
