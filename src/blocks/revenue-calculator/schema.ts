import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, numberInput, sectionHeader, template, text, track } from "../../content/fields.ts";

export const revenueCalculatorSchema = blockSchema(
  "revenue-calculator",
  {
    title: "Revenue calculator",
    description:
      "Current annual revenue = clients × fee × months; with the system = current × systemMultiplier; and the increase. Updates as the visitor types. Empty or non-numeric input counts as 0; amounts of $1 quadrillion or more show as $999,999,999,999,999+.",
  },
  {
    ...sectionHeader(),
    clients: numberInput("The number of clients field."),
    fee: numberInput("The average fee per client field, in dollars."),
    months: z
      .union([
        z.number().positive().max(12, { message: "Expected at most 12 months: the calculator projects one year." }),
        numberInput("The active months field."),
      ])
      .meta({ description: "A fixed number of months (4 on the home page), or a field the visitor fills in." }),
    systemMultiplier: z
      .number()
      .positive()
      .max(100, { message: "Expected a multiplier of at most 100." })
      .meta({ description: "Revenue with the system as a multiple of current revenue (3)." }),
    results: z.strictObject({
      current: text("Label of current annual revenue."),
      withSystem: text("Label of revenue with the system."),
      increase: text("Label of the increase."),
    }),
    chartLabel: text("What the chart of current revenue and revenue with the system shows, read to screen readers and shown above it."),
    summary: template(
      "One sentence read to screen readers when the visitor stops typing, like Revenue with our system: {withSystem}, an increase of {increase}.",
      ["current", "withSystem", "increase"],
    ),
    note: text("How the figures are calculated, or another short note under the results.").optional(),
    disclaimer: text("Small print under the calculator.").optional(),
    actions: z.array(action()).max(3).optional(),
    track: track("the first use of the calculator on a page"),
  },
);

export type RevenueCalculatorProps = Resolved<z.output<typeof revenueCalculatorSchema>>;
