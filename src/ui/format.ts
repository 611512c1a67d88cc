/**
 * Number handling shared by the calculators. The rules, so that no output ever
 * shows NaN, Infinity or exponent notation whatever is typed:
 * - input text converts with Number(); empty or non-numeric text counts as 0;
 * - inputs beyond ±1 quadrillion count as ±1 quadrillion (the field keeps what was typed);
 * - money is shown in whole US dollars; amounts of $1 quadrillion or more show as
 *   "$999,999,999,999,999+" (with a minus sign when negative).
 */
export const INPUT_LIMIT = 1e15;
const DISPLAY_LIMIT = 1e15;

export function parseNumberInput(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(value)) return 0;
  return Math.max(-INPUT_LIMIT, Math.min(INPUT_LIMIT, value));
}

/** Replaces {name} placeholders (validated by the `template` field) with their values. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^{}]*)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Up to two initials from a name, for an avatar when there is no photo: "Jordan Avery, CPA" → "JA". */
export function initials(name: string): string {
  return name
    .split(/[\s,]+/)
    .filter((word) => /^\p{Lu}/u.test(word) && !/^\p{Lu}{2,}$/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
}

/**
 * A locale's formats, made once each: whole dollars (en-US and es-US write $2,997, es 2997 US$),
 * decimals (es-US writes 2.5 horas, es 2,5 horas) and plural rules.
 */
const formats = new Map<string, { dollars: Intl.NumberFormat; decimal: Intl.NumberFormat; plurals: Intl.PluralRules }>();
const formatFor = (locale: string) => {
  let format = formats.get(locale);
  if (!format)
    formats.set(
      locale,
      (format = {
        dollars: new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 }),
        decimal: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
        plurals: new Intl.PluralRules(locale),
      }),
    );
  return format;
};

/** Whole dollars as the page's locale writes them (see usePageLocale). */
export function formatUsd(amount: number, locale = "en-US"): string {
  const usd = formatFor(locale).dollars;
  if (Number.isNaN(amount)) return usd.format(0);
  const rounded = Math.round(amount);
  if (Math.abs(rounded) >= DISPLAY_LIMIT) return `${rounded < 0 ? "-" : ""}${usd.format(DISPLAY_LIMIT - 1)}+`;
  // -0 and amounts that round to zero read as $0, never "-$0".
  return usd.format(rounded === 0 ? 0 : rounded);
}

/** A number as the page's locale writes it, to two decimals at most: 2,500 in en-US, 2.5 in es-US, 2,5 in es. */
export function formatNumber(value: number, locale = "en-US"): string {
  return formatFor(locale).decimal.format(value);
}

/** A number in words of the page: formatCount(2.5, { one: "{count} hour", other: "{count} hours" }) → "2.5 hours". */
export function formatCount(count: number, label: { one: string; other: string }, locale = "en-US"): string {
  const { plurals, decimal } = formatFor(locale);
  // Sums of decimals (2.5 + 1.5 ...) can drift in binary; two decimals is all a page shows.
  const rounded = Math.round(count * 100) / 100;
  return fill(plurals.select(rounded) === "one" ? label.one : label.other, { count: decimal.format(rounded) });
}

/** 12:45 → PT12M45S, 1:05:30 → PT1H5M30S, for <time datetime>. */
export function isoDuration(duration: string): string {
  const parts = duration.split(":").map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s}S`;
}

/** Rounded to the dollar, as the page shows it (and never -0). */
export function wholeDollars(amount: number): number {
  return Math.round(amount) || 0;
}
