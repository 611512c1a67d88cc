import { blockSchema, sectionHeader, text } from "../../content/fields.ts";
import type { z } from "zod";

export const contactSchema = blockSchema(
  "contact",
  { title: "Contact", description: "Phone, email and location cards, with the details from content/site.yaml." },
  {
    ...sectionHeader(),
    phoneLabel: text("Title of the phone card, like Call Us."),
    emailLabel: text("Title of the email card, like Email Us."),
    locationLabel: text("Title of the location card, like Visit Us."),
  },
);

export type ContactProps = z.output<typeof contactSchema>;
