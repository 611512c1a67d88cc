import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, sectionHeader, text } from "../../content/fields.ts";

export const ctaSchema = blockSchema(
  "cta",
  {
    title: "Call to action",
    description: "A closing band that asks for the next step: a heading, a sentence and up to three buttons, such as booking a call or enrolling.",
  },
  {
    ...sectionHeader(),
    actions: z.array(action()).min(1).max(3).meta({ description: "One to three buttons." }),
    note: text("A short line under the buttons, like 30-day money-back guarantee.").optional(),
  },
);

export type CtaProps = Resolved<z.output<typeof ctaSchema>>;
