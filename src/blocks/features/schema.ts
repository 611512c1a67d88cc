import { z } from "zod";
import { blockSchema, icon, sectionHeader, text } from "../../content/fields.ts";

export const featuresSchema = blockSchema(
  "features",
  { title: "Features", description: "A grid of benefits, each with an icon, a title and a sentence." },
  {
    ...sectionHeader(),
    items: z
      .array(
        z.strictObject({ icon: icon(), title: text("The benefit, in a few words."), description: text("One or two sentences.") }).meta({ title: "Feature" }),
      )
      .min(1)
      .max(12),
  },
);

export type FeaturesProps = z.output<typeof featuresSchema>;
