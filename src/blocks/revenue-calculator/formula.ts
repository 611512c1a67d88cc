import { wholeDollars } from "../../ui/format.ts";

/**
 * Revenue of a tax-preparation practice, now and with the system, in whole dollars.
 * Pure, for any finite inputs. Each figure is derived from the figures shown before
 * it, rounded as shown: 7 clients × $99.99 × 4 months shows $2,800 now, so "with the
 * system" shows $8,400 (3 × $2,800), not $8,399 (3 × $2,799.72).
 */
export interface RevenueInputs {
  clients: number;
  fee: number;
  months: number;
  /** How many times current revenue the system is projected to bring. */
  systemMultiplier: number;
}

export interface RevenueProjection {
  current: number;
  withSystem: number;
  increase: number;
}

export function projectRevenue({ clients, fee, months, systemMultiplier }: RevenueInputs): RevenueProjection {
  const current = wholeDollars(clients * fee * months);
  const withSystem = wholeDollars(current * systemMultiplier);
  return { current, withSystem, increase: withSystem - current };
}
