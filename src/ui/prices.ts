import type { PriceData } from "../content/prices.ts";

/** A price as a block shows it: what it costs, the regular price struck through beside it, and until when it holds. */
export interface ShownPrice {
  amount: number;
  originalAmount?: number;
  /** The last day the amount holds (a sale's end), as year-month-day. */
  until?: string;
}

/**
 * What a price field holds, as shown: a named price (content/site.yaml, prices:) at the build's
 * moment, with its regular price struck through while its sale runs; or an amount, with the
 * former price the section writes beside it (originalPrice, the older way).
 */
export function shownPrice(price: number | PriceData, originalAmount?: number): ShownPrice {
  if (typeof price === "number") return { amount: price, ...(originalAmount === undefined ? {} : { originalAmount }) };
  return {
    amount: price.amount,
    ...(price.originalAmount === undefined ? {} : { originalAmount: price.originalAmount }),
    ...(price.saleUntil === undefined ? {} : { until: price.saleUntil.slice(0, 10) }),
  };
}
