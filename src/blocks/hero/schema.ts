import { z } from "zod";
import { action, defineBlock, text } from "../../content/fields.ts";

export const heroSchema = defineBlock(
  "hero",
  { title: "Hero", description: "The page's opening: its main heading (the page's only h1), a short lead, badges and up to three buttons." },
  {
    eyebrow: text("Short line above the heading, such as 404 or a category.").optional(),
    heading: text("The page's main heading."),
    lead: text("One or two sentences under the heading.").optional(),
    badges: z.array(text()).max(6).optional().meta({ description: "Short proof points shown as badges, like 15+ Years Experience." }),
    actions: z.array(action()).max(3).optional().meta({ description: "Up to three buttons." }),
  },
);

export type HeroProps = z.output<typeof heroSchema>;
