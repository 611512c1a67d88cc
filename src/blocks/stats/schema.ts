import { z } from "zod";
import { defineBlock, text } from "../../content/fields.ts";

const stat = z
  .strictObject({
    value: z.number().meta({ description: "The number itself, like 500 or 4.9. Shown with thousands separators." }),
    prefix: z.string().max(4).optional().meta({ description: "Shown before the number, like $." }),
    suffix: z.string().max(6).optional().meta({ description: "Shown after the number, like +, %, M+ or /5." }),
    label: text("What the number counts, like Clients Served."),
  })
  .meta({ title: "Stat" });

export const statsSchema = defineBlock(
  "stats",
  { title: "Stats", description: "A row of key figures, such as years of experience and clients served." },
  {
    heading: text("Optional heading above the figures.").optional(),
    items: z.array(stat).min(1).max(8).meta({ description: "One to eight figures." }),
  },
);

export type StatsProps = z.output<typeof statsSchema>;
