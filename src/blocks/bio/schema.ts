import { z } from "zod";
import { action, blockSchema, image, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";

export const bioSchema = blockSchema(
  "bio",
  { title: "Bio", description: "A person: name, role, location, a few paragraphs, highlights and buttons (such as social profiles)." },
  {
    eyebrow: text("Short line above the name, like Meet Your CPA.").optional(),
    name: text("The person's name."),
    role: text("Their title."),
    location: text("City and state.").optional(),
    paragraphs: z.array(text()).min(1).max(6),
    highlights: z.array(text()).max(6).optional().meta({ description: "Credentials or facts, shown as a checklist." }),
    image: image("bio-portrait", "The person's photo, upright (4:5): src and alt, like alt: Jordan Avery at her desk.").optional(),
    actions: z.array(action()).max(4).optional(),
  },
);

export type BioProps = Resolved<z.output<typeof bioSchema>>;
