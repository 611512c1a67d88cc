/** Revenue of a tax-preparation practice, now and with the system. Pure, for any finite inputs. */
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
  const current = clients * fee * months;
  return {
    current,
    withSystem: current * systemMultiplier,
    // current × (multiplier − 1) equals withSystem − current without the rounding of a subtraction.
    increase: current * (systemMultiplier - 1),
  };
}
