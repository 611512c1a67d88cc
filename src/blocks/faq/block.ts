import { defineBlock } from "../define.ts";
import { faqSchema } from "./schema.ts";

export const block = defineBlock({
  schema: faqSchema,
  /** Every question of the page's FAQ sections, as one FAQ page. */
  structuredData: (faqs) => ({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.flatMap((faq) =>
      faq.items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
    ),
  }),
});
