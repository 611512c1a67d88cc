import { z } from "zod";
import { blockSchema, dollars, icon, sectionHeader, template, text } from "../../content/fields.ts";

export const bonusSchema = z
  .strictObject({
    icon: icon().optional(),
    title: text("The bonus's name."),
    value: dollars("What the bonus is worth, in dollars: 497."),
    description: text("What the bonus is, in a sentence or two."),
  })
  .meta({ title: "Bonus" });

export const bonusesSchema = blockSchema(
  "bonuses",
  {
    title: "Bonuses",
    description: "Bonuses that come with an offer, each with its value, and their total, computed from the values (never typed).",
  },
  {
    ...sectionHeader(),
    label: template("A label over each bonus, like Bonus #{number}.", ["number"], ["number"]).optional(),
    valueLabel: template("How each value reads, like Value: {value}.", ["value"], ["value"]),
    items: z.array(bonusSchema).min(1).max(12),
    totalLabel: template("The line with the total of the values, like Total bonus value: {total}.", ["total"], ["total"]),
  },
);

export type BonusesProps = z.output<typeof bonusesSchema>;
