import { z } from "zod";
import { action, defineBlock, numberInput, sectionHeader, text } from "../../content/fields.ts";

export const taxCalculatorSchema = defineBlock(
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
    revenueMultiplier: z.number().positive().meta({ description: "Revenue with planning as a multiple of current revenue: 1.35." }),
    results: z.strictObject({
      annualRevenue: text("Label of annual revenue."),
      currentTax: text("Label of the current tax."),
      optimizedTax: text("Label of the tax with planning."),
      savings: text("Label of the savings."),
      optimizedRevenue: text("Label of revenue with planning."),
    }),
    note: text("A short note under the inputs.").optional(),
    disclaimer: text("Small print under the calculator.").optional(),
    actions: z.array(action()).max(3).optional(),
  },
);

export type TaxCalculatorProps = z.output<typeof taxCalculatorSchema>;
