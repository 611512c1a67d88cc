import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, icon, text } from "../../content/fields.ts";

export const spotlightSchema = blockSchema(
  "spotlight",
  {
    title: "Spotlight",
    description:
      "One offer given the whole width: an icon, a heading, a description, a checklist and a button. For a specialised service that stands apart from the cards around it.",
  },
  {
    icon: icon().optional(),
    eyebrow: text("Short line above the heading, like Specialized service.").optional(),
    heading: text("The offer's name."),
    description: text("A sentence or two about it."),
    features: z.array(text()).max(8).optional().meta({ description: "What is included, as a checklist." }),
    action: action(),
  },
);

export type SpotlightProps = Resolved<z.output<typeof spotlightSchema>>;
