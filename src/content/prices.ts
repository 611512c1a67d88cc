/**
 * Named prices: each price is written once, in content/site.yaml under `prices:`, and named
 * wherever it is shown: a price field (`price: course`, price()) or a text
 * (`Enroll today for {prices.course}`). A price may be on sale: `salePrice` shows, with the
 * regular `price` struck through, until `saleUntil` passes; from the first build after it, the
 * offer and every text show the regular price again (nothing is hidden). Which price holds is
 * decided at the build's clock, when the content is resolved (src/site/resolve.ts).
 */
import { z } from "zod";
import { FIELD_KINDS, fieldKinds } from "./field-kinds.ts";
import { valuesOfKind, type JsonSchema } from "./json-schema-lookup.ts";
import { dollars as amount } from "./fields.ts";
import { didYouMean, locate, problemAt, type Problem, type SourceFile } from "./problems.ts";
import { locateInText } from "./scalar-position.ts";
import { isLive, momentOf, nextChange, stateOf, type ScheduledItem } from "./schedule.ts";

/** A price's name: lowercase letters, digits and -, like course or tax-bundle. */
export const PRICE_NAME = /^[a-z][a-z0-9-]*$/;

/** A price as content/site.yaml declares it, once read: the regular price, and a sale if there is one. */
export interface PriceEntry {
  price: number;
  salePrice?: number;
  saleUntil?: string;
}

/** The last moment of a sale: a day (through its end, UTC) or a moment with its offset, as a schedule's until. */
const saleEnd = () =>
  z
    .string()
    .superRefine((value, ctx) => {
      try {
        momentOf(value, "until");
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: (error as Error).message,
          params: {
            code: "bad-date",
            hint: "Write year-month-day (2026-12-31, the sale holds through that day); for a time, add its offset from UTC: 2026-12-31T17:00-05:00.",
          },
          input: value,
        });
      }
    })
    .meta({
      description:
        "The last day of the sale, like 2026-12-31 (through its end, UTC), or the moment it ends, like 2026-12-31T17:00-05:00. From the first build after it, the regular price shows again.",
    });

const onSale = z
  .strictObject({
    price: amount("The regular price in dollars, like 2997."),
    salePrice: amount("The price while the sale runs, in dollars, below price, like 497: the regular price shows struck through beside it.").optional(),
    saleUntil: saleEnd().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.saleUntil !== undefined && entry.salePrice === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["saleUntil"],
        message: "saleUntil ends a sale, but this price has no salePrice.",
        params: { code: "invalid-combination", hint: "Add salePrice: with the price during the sale, or remove saleUntil." },
        input: entry.saleUntil,
      });
    }
    if (entry.salePrice !== undefined && entry.salePrice >= entry.price) {
      ctx.addIssue({
        code: "custom",
        path: ["salePrice"],
        message: `The sale price (${entry.salePrice}) is not below the regular price (${entry.price}): the page would strike through a price that is not higher.`,
        params: {
          code: "sale-price-not-lower",
          hint: "Write the regular price under price: and the lower price under salePrice:, or remove salePrice to sell at price.",
        },
        input: entry.salePrice,
      });
    }
  });

/** content/site.yaml's `prices:`: each price by its name, a number or { price, salePrice, saleUntil }. */
export const pricesSchema = () =>
  z
    .record(
      z.string().regex(PRICE_NAME, { message: "A price's name uses lowercase letters, digits and -, like course or tax-bundle." }),
      z
        .union([amount("The price in dollars, like 1997."), onSale], {
          error: "Expected a price in dollars (1997), or price:, salePrice: and saleUntil: on the lines below, indented two more spaces.",
        })
        .transform((value): PriceEntry => (typeof value === "number" ? { price: value } : value))
        .meta({
          title: "Price",
          description: "A price in dollars (1997), or a price with a sale: price (the regular price), salePrice and saleUntil (its last day).",
        }),
    )
    .meta({
      description:
        "The site's prices, each written once under a name: an offer shows one with price: course, a text with {prices.course}. A number (bundle: 1997), or { price: 2997, salePrice: 497, saleUntil: 2026-12-31 } for a sale that ends back at the regular price.",
    });

/** A price named in the content, until resolution puts the price at the build's moment in its place. */
export type PriceRef = { $price: string };

/** A named price as pages receive it, at the build's moment. */
export interface PriceData {
  /** Its name under prices: in content/site.yaml. */
  name: string;
  /** What it costs now: the sale price while the sale runs, else the regular price. */
  amount: number;
  /** The regular price, struck through, while a sale runs. */
  originalAmount?: number;
  /** The sale's last day or moment, as written, while it runs: how long the amount holds. */
  saleUntil?: string;
}

/**
 * An amount in dollars (497), or the name of a price in content/site.yaml (course). Whether the
 * name is declared is checked once, by the loader (unknownPrices below), at its line.
 */
export const price = (description: string) =>
  z
    .union(
      [
        amount("An amount in dollars, like 497."),
        z
          .string()
          .superRefine((value, ctx) => {
            if (PRICE_NAME.test(value)) return;
            // "$397", "1,500", "397 dollars": an amount written as it is shown, not a name.
            const digits = value.replace(/[$,\s%]/g, () => "");
            const amount = /\d/.test(value);
            ctx.addIssue({
              code: "custom",
              message: amount
                ? `Expected a number, got ${JSON.stringify(value)}.`
                : `${JSON.stringify(value)} is not a price's name: names use lowercase letters, digits and -, like course.`,
              params: {
                code: amount ? "wrong-type" : "invalid-format",
                hint: amount
                  ? /^\d+(\.\d+)?$/.test(digits)
                    ? `Write the number only: ${digits}`
                    : "Write the number in digits, like 397."
                  : "Name a price from content/site.yaml (prices:), like course, or write an amount like 497.",
              },
              input: value,
            });
          })
          .transform((name): PriceRef => ({ $price: name }))
          .meta({ description: "The name of a price in content/site.yaml (prices:), like course." }),
      ],
      { error: "Expected an amount like 497, or the name of a price in content/site.yaml (prices:), like course." },
    )
    .meta({ title: "Price", description })
    .register(fieldKinds, { kind: FIELD_KINDS.price });

/**
 * The check for an object with a price field and a struck-through former price beside it: a named
 * price brings its own regular price and sale, so the former price is refused, at its line.
 */
export const noFormerBesideNamed =
  <P extends string, F extends string>(priceField: P, formerField: F) =>
  (value: { [K in P]?: unknown } & { [K in F]?: unknown }, ctx: z.RefinementCtx): void => {
    const named = value[priceField];
    if (!named || typeof named !== "object" || !isPriceRef(named) || value[formerField] === undefined) return;
    ctx.addIssue({
      code: "custom",
      path: [formerField],
      message: `The price ${named.$price} comes from content/site.yaml, with its regular price and its sale: ${formerField} cannot be added to it.`,
      params: {
        code: "invalid-combination",
        hint: `Remove ${formerField}; to strike a regular price through, give ${named.$price} a salePrice in content/site.yaml (prices:).`,
      },
      input: value[formerField],
    });
  };

export function isPriceRef(value: object): value is PriceRef {
  return "$price" in value && typeof value.$price === "string" && Object.keys(value).length === 1;
}

/** The price that holds at `now`: the sale price while its sale runs, else the regular price. */
export function priceAt(name: string, entry: PriceEntry, now: number): PriceData {
  if (entry.salePrice === undefined || !isLive({ until: entry.saleUntil }, now)) return { name, amount: entry.price };
  return { name, amount: entry.salePrice, originalAmount: entry.price, ...(entry.saleUntil === undefined ? {} : { saleUntil: entry.saleUntil }) };
}

/**
 * Every sale with an end, for npm run validate's listing of scheduled changes: live while it
 * runs, ended once the regular price is back. `format` writes an amount as the site's language does.
 */
export function scheduledSales(
  prices: Readonly<Record<string, PriceEntry>>,
  source: SourceFile,
  now: number,
  format: (amount: number) => string,
): ScheduledItem[] {
  return Object.entries(prices).flatMap(([name, entry]) => {
    if (entry.salePrice === undefined || entry.saleUntil === undefined) return [];
    const window = { until: entry.saleUntil };
    return [
      {
        file: source.file,
        ...locate(source, ["prices", name, "saleUntil"]),
        label: `the sale of price "${name}" (${format(entry.salePrice)}, then ${format(entry.price)})`,
        until: entry.saleUntil,
        state: stateOf(window, now),
        next: nextChange(window, now),
      },
    ];
  });
}

/**
 * `{prices.course}` in a text: the name's place, from the brace. A near miss (`{price.course}`)
 * is found too, so that it is reported rather than shown as written.
 */
const PLACEHOLDER = /\{(prices?)\.([^{}]*)\}/g;

/** The price placeholders of a text, each with its name and where it starts. */
export function pricePlaceholders(text: string): { name: string; index: number; written: string; wellFormed: boolean }[] {
  if (!text.includes("{price")) return [];
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({
    name: match[2]!,
    index: match.index,
    written: match[0],
    wellFormed: match[1] === "prices",
  }));
}

/** A text with each `{prices.name}` of a known price replaced by `written(name)`; the same string when it has none. */
export function fillPrices(text: string, written: (name: string) => string | undefined): string {
  if (!text.includes("{prices.")) return text;
  return text.replace(PLACEHOLDER, (whole, prefix: string, name: string) => (prefix === "prices" ? (written(name) ?? whole) : whole));
}

export function unknownPrice(name: string, names: readonly string[]): { message: string; hint: string } {
  const guess = didYouMean(name, names);
  return {
    message: `"${name}" is not a price declared in content/site.yaml.`,
    hint: guess
      ? `Did you mean "${guess}"? Prices in content/site.yaml (prices:): ${names.join(", ")}.`
      : `Prices in content/site.yaml (prices:): ${names.join(", ") || "none"}. Declare it there (${PRICE_NAME.test(name) ? name : "course"}: 497), then name it here.`,
  };
}

/**
 * Every price a file names that content/site.yaml does not declare: in a price field
 * (price: cours) at its value, and in a text ({prices.cours}) at the placeholder's own line
 * and column. Run whether or not the rest of the file is valid, like the named targets' check.
 */
export function unknownPrices(source: SourceFile, json: JsonSchema, data: unknown, names: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (const found of valuesOfKind(FIELD_KINDS.price, json, data)) {
    const { value } = found;
    // A name of the wrong form is reported by the schema already.
    if (names.includes(value) || !PRICE_NAME.test(value)) continue;
    const path = found.path;
    problems.push(problemAt(locateInText(source, path, 0), path, { code: "unknown-price", ...unknownPrice(value, names) }));
  }
  for (const found of valuesOfKind(FIELD_KINDS.text, json, data)) {
    for (const placeholder of pricePlaceholders(found.value)) {
      if (placeholder.wellFormed && names.includes(placeholder.name)) continue;
      const known = unknownPrice(placeholder.name, names);
      const path = found.path;
      problems.push(
        problemAt(locateInText(source, path, placeholder.index), path, {
          code: "unknown-price",
          ...(placeholder.wellFormed
            ? known
            : {
                message: `${placeholder.written} is not a price's placeholder: prices are written {prices.name}.`,
                hint: `Write {prices.${placeholder.name}}. ${known.hint}`,
              }),
        }),
      );
    }
  }
  return problems;
}
