import { z } from "zod";
import { action, blockSchema, icon, image, imageFile, link, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";

export const heroSchema = blockSchema(
  "hero",
  { title: "Hero", description: "The page's opening: its main heading (the page's only h1), a short lead, badges and up to three buttons." },
  {
    align: z.enum(["start", "center"]).optional().meta({ description: "start (left, the default) or center, as on a profile page." }),
    avatar: z
      .strictObject({
        initials: z
          .string()
          .regex(/^\p{Lu}{1,3}$/u, { message: "Expected one to three capital letters, like JA." })
          .meta({ description: "Shown in a circle while there is no photo." }),
        src: imageFile("hero-avatar", "A square photo, shown instead of the initials (the heading beside it names the person).").optional(),
      })
      .optional()
      .meta({ description: "A round portrait above the heading, for a profile header. Decorative: the heading names the person." }),
    topActions: z.array(action()).max(3).optional().meta({ description: "Small buttons above the heading, like shortcuts to the calculator and the course." }),
    eyebrow: text("Short line above the heading, such as 404 or a category.").optional(),
    heading: text("The page's main heading."),
    lead: text("One or two sentences under the heading.").optional(),
    badges: z.array(text()).max(6).optional().meta({ description: "Short proof points shown as badges, like 15+ Years Experience." }),
    actions: z.array(action()).max(3).optional().meta({ description: "Up to three buttons." }),
    image: image(
      "hero",
      "A photo or illustration beside the heading on wide screens, under it on phones: src and alt, or decorative: true. It loads first, so keep it to one picture.",
    ).optional(),
    cards: z
      .array(
        z.strictObject({
          icon: icon().optional(),
          title: text("The card's title."),
          description: text("One sentence."),
          to: link(),
          linkLabel: text("The card's link text, like Learn more."),
        }),
      )
      .max(4)
      .optional()
      .meta({ description: "Up to four small linked cards under the buttons." }),
  },
);

export type HeroProps = Resolved<z.output<typeof heroSchema>>;
