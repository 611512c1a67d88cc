import type { CalculatorModel } from "../../ui/calculator/model.ts";
import { projectTaxes } from "./formula.ts";
import type { TaxCalculatorProps } from "./schema.ts";

/** The MSP tax calculator as data: its fields, figures, two charts (taxes, revenue) and formula. */
export function taxModel({ clients, mrr, taxRate, optimizedTaxShare, revenueMultiplier, results, chartLabels, summary }: TaxCalculatorProps): CalculatorModel {
  return {
    fields: [
      { key: "clients", ...clients },
      { key: "mrr", ...mrr },
      { key: "taxRate", ...taxRate },
    ],
    results: [
      { key: "annualRevenue", label: results.annualRevenue },
      { key: "currentTax", label: results.currentTax },
      { key: "optimizedTax", label: results.optimizedTax },
      { key: "savings", label: results.savings, emphasis: true },
      { key: "optimizedRevenue", label: results.optimizedRevenue },
    ],
    charts: [
      { label: chartLabels.taxes, bars: ["currentTax", "optimizedTax", "savings"] },
      { label: chartLabels.revenue, bars: ["annualRevenue", "optimizedRevenue"] },
    ],
    summary,
    compute: (values) => ({
      ...projectTaxes({ clients: values.clients ?? 0, mrr: values.mrr ?? 0, taxRate: values.taxRate ?? 0, optimizedTaxShare, revenueMultiplier }),
    }),
  };
}
