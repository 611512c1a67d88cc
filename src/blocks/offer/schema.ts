import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, dollars, sectionHeader, template, text, validUntil } from "../../content/fields.ts";

export const offerSchema = blockSchema(
  "offer",
  {
    title: "Offer",
    description:
      "A priced offer: the price with the former price struck through, the saving (computed), what is included and a button. In savingsLabel, {amount} is replaced by the former price minus the price.",
  },
  {
    ...sectionHeader(),
    badge: text("A short label, like Limited-Time Offer or Most Popular.").optional(),
    title: text("The offer's name, like Complete Tax Business Bundle."),
    description: text("A sentence about the offer.").optional(),
    price: dollars("The price in dollars: 497."),
    originalPrice: dollars("The former price, struck through: 2997.").optional(),
    savingsLabel: template("Text of the saving, like Save {amount}; {amount} is the former price minus the price.", ["amount"], ["amount"]).optional(),
    featuresHeading: text("Heading over the list of what is included, like What's included.").optional(),
    features: z.array(text()).max(12).optional().meta({ description: "What is included." }),
    action: action(),
    note: text("Under the button, like a money-back guarantee.").optional(),
    validUntil: validUntil(),
    product: z
      .enum(["course"])
      .optional()
      .meta({ description: "What the offer sells, for search engines: course describes the page as a course with this title, description and price." }),
  },
);

export type OfferProps = Resolved<z.output<typeof offerSchema>>;
