import { z } from "zod";
import { blockSchema, listOrCollection, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";

export const faqItemSchema = z
  .strictObject({
    question: text("The question, as a visitor would ask it."),
    answer: text("The answer, a short paragraph."),
  })
  .meta({ title: "FAQ item" });

export const faqSchema = blockSchema(
  "faq",
  { title: "FAQ", description: "Questions and answers; one answer is open at a time and choosing the open question closes it." },
  {
    heading: text("Heading above the questions.").optional(),
    intro: text("A sentence under the heading.").optional(),
    items: listOrCollection("faq", faqItemSchema).meta({
      description: "A list of question/answer pairs, or faq to show the shared list from content/faq.yaml.",
    }),
  },
);

export type FaqProps = Resolved<z.output<typeof faqSchema>>;
