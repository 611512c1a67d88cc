import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, dollars, sectionHeader, template, text, validUntil } from "../../content/fields.ts";
import { deprecated } from "../../content/deprecated.ts";
import { noFormerBesideNamed, price } from "../../content/prices.ts";

export const offerSchema = blockSchema(
  "offer",
  {
    title: "Offer",
    description:
      "A priced offer: the price (a price from content/site.yaml, with its sale, or an amount), the regular price struck through while a sale runs, the saving (computed), what is included and a button. In savingsLabel, {amount} is replaced by the regular price minus the price.",
  },
  {
    ...sectionHeader(),
    badge: text("A short label, like Limited-Time Offer or Most Popular.").optional(),
    title: text("The offer's name, like Complete Tax Business Bundle."),
    description: text("A sentence about the offer.").optional(),
    price: price(
      "The price: the name of a price in content/site.yaml (prices:), like course, which brings its sale and when the sale ends; or an amount in dollars, like 497.",
    ),
    originalPrice: deprecated(
      dollars("The former price, struck through: 2997.").optional(),
      "Write the price once in content/site.yaml, under prices: with its sale (course: { price: 2997, salePrice: 497 }), and name it here: price: course.",
    ),
    savingsLabel: template("Text of the saving, like Save {amount}; {amount} is the regular price minus the price.", ["amount"], ["amount"]).optional(),
    featuresHeading: text("Heading over the list of what is included, like What's included.").optional(),
    features: z.array(text()).max(12).optional().meta({ description: "What is included." }),
    action: action(),
    note: text("Under the button, like a money-back guarantee.").optional(),
    validUntil: deprecated(
      validUntil(),
      "validUntil takes the whole offer off the page once it passes. For a sale that ends back at the regular price, give the price a saleUntil in content/site.yaml (prices:) and name it here: price: course.",
    ),
    product: z
      .enum(["course"])
      .optional()
      .meta({ description: "What the offer sells, for search engines: course describes the page as a course with this title, description and price." }),
  },
).superRefine(noFormerBesideNamed("price", "originalPrice"));

export type OfferProps = Resolved<z.output<typeof offerSchema>>;
