import type { CalculatorModel } from "../../ui/calculator/model.ts";
import { projectRevenue } from "./formula.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

/** The revenue calculator as data: its fields (months only when the visitor sets them), figures, chart and formula. */
export function revenueModel({ clients, fee, months, systemMultiplier, results, chartLabel, summary }: RevenueCalculatorProps): CalculatorModel {
  const monthsField = typeof months === "number" ? undefined : months;
  return {
    fields: [{ key: "clients", ...clients }, { key: "fee", ...fee }, ...(monthsField ? [{ key: "months", ...monthsField }] : [])],
    results: [
      { key: "current", label: results.current },
      { key: "withSystem", label: results.withSystem },
      { key: "increase", label: results.increase, emphasis: true },
    ],
    charts: [{ label: chartLabel, bars: ["current", "withSystem"] }],
    summary,
    compute: (values) => ({
      ...projectRevenue({
        clients: values.clients ?? 0,
        fee: values.fee ?? 0,
        months: monthsField ? (values.months ?? 0) : (months as number),
        systemMultiplier,
      }),
    }),
  };
}
