import { z } from "zod";
import { boundedNumber, blockSchema, text } from "../../content/fields.ts";

const stat = z
  .strictObject({
    value: boundedNumber(-1e12, 1e12).meta({ description: "The number itself, like 500 or 4.9. Shown with thousands separators." }),
    prefix: text("Shown before the number, like $.").max(4, { message: "A prefix is at most 4 characters, like $." }).optional(),
    suffix: text("Shown after the number, like +, %, M+ or /5.").max(6, { message: "A suffix is at most 6 characters, like M+ or /5." }).optional(),
    label: text("What the number counts, like Clients Served."),
  })
  .meta({ title: "Stat" });

export const statsSchema = blockSchema(
  "stats",
  { title: "Stats", description: "A row of key figures, such as years of experience and clients served." },
  {
    heading: text("Optional heading above the figures.").optional(),
    items: z.array(stat).min(1).max(8).meta({ description: "One to eight figures." }),
  },
);

export type StatsProps = z.output<typeof statsSchema>;
