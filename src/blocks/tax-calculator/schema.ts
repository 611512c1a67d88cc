import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, numberInput, sectionHeader, template, text, track } from "../../content/fields.ts";

export const taxCalculatorSchema = blockSchema(
  "tax-calculator",
  {
    title: "MSP tax calculator",
    description:
      "Annual revenue = clients × MRR × 12; current tax = revenue × rate / 100; optimized tax = current tax × optimizedTaxShare; savings = current tax − optimized tax; optimized revenue = revenue × revenueMultiplier. Updates as the visitor types. Empty or non-numeric input counts as 0; amounts of $1 quadrillion or more show as $999,999,999,999,999+.",
  },
  {
    ...sectionHeader(),
    clients: numberInput("The number of clients field."),
    mrr: numberInput("The monthly recurring revenue per client field, in dollars."),
    taxRate: numberInput("The effective tax rate field, in percent."),
    optimizedTaxShare: z.number().min(0).max(1).meta({ description: "Share of the current tax still paid with planning: 0.4 for 40%." }),
    revenueMultiplier: z
      .number()
      .positive()
      .max(100, { message: "Expected a multiplier of at most 100." })
      .meta({ description: "Revenue with planning as a multiple of current revenue: 1.35." }),
    results: z.strictObject({
      annualRevenue: text("Label of annual revenue."),
      currentTax: text("Label of the current tax."),
      optimizedTax: text("Label of the tax with planning."),
      savings: text("Label of the savings."),
      optimizedRevenue: text("Label of revenue with planning."),
    }),
    chartLabels: z
      .strictObject({
        taxes: text("What the chart of the tax today, the tax with planning and the savings shows."),
        revenue: text("What the chart of annual revenue and revenue with optimization shows."),
      })
      .meta({ description: "The names of the two charts, read to screen readers and shown above each." }),
    summary: template("One sentence read to screen readers when the visitor stops typing, like Potential tax savings: {savings} a year.", [
      "annualRevenue",
      "currentTax",
      "optimizedTax",
      "savings",
      "optimizedRevenue",
    ]),
    note: text("A short note under the inputs.").optional(),
    disclaimer: text("Small print under the calculator.").optional(),
    actions: z.array(action()).max(3).optional(),
    track: track("the first use of the calculator on a page"),
  },
);

export type TaxCalculatorProps = Resolved<z.output<typeof taxCalculatorSchema>>;
