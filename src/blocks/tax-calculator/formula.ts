import { wholeDollars } from "../../ui/format.ts";

/**
 * Taxes and revenue of a managed service provider, now and with tax planning, in
 * whole dollars. Pure, for any finite inputs. Each figure is derived from the
 * figures shown before it, rounded as shown, so the page's figures agree with
 * each other: savings are exactly the current tax minus the tax with planning.
 */
export interface TaxInputs {
  clients: number;
  /** Monthly recurring revenue per client, in dollars. */
  mrr: number;
  /** Effective tax rate, in percent. */
  taxRate: number;
  /** Share of the current tax still paid with planning (0.4 = 40%). */
  optimizedTaxShare: number;
  /** Revenue with planning, as a multiple of current revenue. */
  revenueMultiplier: number;
}

export interface TaxProjection {
  annualRevenue: number;
  currentTax: number;
  optimizedTax: number;
  savings: number;
  optimizedRevenue: number;
}

const MONTHS_PER_YEAR = 12;

export function projectTaxes({ clients, mrr, taxRate, optimizedTaxShare, revenueMultiplier }: TaxInputs): TaxProjection {
  const annualRevenue = wholeDollars(clients * mrr * MONTHS_PER_YEAR);
  const currentTax = wholeDollars((annualRevenue * taxRate) / 100);
  const optimizedTax = wholeDollars(currentTax * optimizedTaxShare);
  return {
    annualRevenue,
    currentTax,
    optimizedTax,
    savings: currentTax - optimizedTax,
    optimizedRevenue: wholeDollars(annualRevenue * revenueMultiplier),
  };
}
