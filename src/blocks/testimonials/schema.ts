import { z } from "zod";
import { blockSchema, imageFile, listOrCollection, sectionHeader, tags, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";

export const testimonialSchema = z
  .strictObject({
    name: text("The client's name."),
    role: text("Their role or company."),
    quote: text("What they said."),
    result: text("The outcome in a few words, like Saved $38,000 in year one.").optional(),
    rating: z.number().int().min(1).max(5).optional().meta({ description: "Stars out of 5." }),
    image: imageFile("testimonial-photo", "The client's photo, square, shown beside their name: /images/<file>.").optional(),
    tags: tags(),
  })
  .meta({ title: "Testimonial" });

export const testimonialsSchema = blockSchema(
  "testimonials",
  { title: "Testimonials", description: "Client quotes with name, role, result and rating." },
  {
    ...sectionHeader(),
    items: listOrCollection("testimonials", testimonialSchema).meta({
      description: "Testimonials inline, or from content/testimonials.yaml: testimonials, or { from: testimonials, tag: msp, limit: 3 }.",
    }),
  },
);

export type TestimonialsProps = Resolved<z.output<typeof testimonialsSchema>>;
