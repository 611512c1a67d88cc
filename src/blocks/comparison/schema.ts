import { z } from "zod";
import { blockSchema, sectionHeader, text } from "../../content/fields.ts";

const column = z
  .strictObject({
    title: text("The column's title, like Without Tax Planning."),
    items: z.array(text()).min(1).max(10),
    summary: text("A closing line, like a yearly figure.").optional(),
  })
  .meta({ title: "Comparison column" });

export const comparisonSchema = blockSchema(
  "comparison",
  { title: "Comparison", description: "Two columns side by side: the situation without (crosses) and with (ticks)." },
  {
    ...sectionHeader(),
    without: column,
    with: column,
  },
);

export type ComparisonProps = z.output<typeof comparisonSchema>;
