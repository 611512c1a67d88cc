import type { Resolved } from "../../content/fields.ts";
import { z } from "zod";
import { action, blockSchema, dollars, icon, sectionHeader, text, validUntil } from "../../content/fields.ts";
import { schedule, scheduleOrder } from "../../content/schedule.ts";
import { deprecated } from "../../content/deprecated.ts";
import { noFormerBesideNamed, price } from "../../content/prices.ts";

const cardPrice = z
  .strictObject({
    amount: price(
      "The price: the name of a price in content/site.yaml (prices:), like course, which brings its sale and when the sale ends; or an amount in dollars, like 2500.",
    ),
    originalAmount: deprecated(
      dollars("The former price, shown struck through.").optional(),
      "Write the price once in content/site.yaml, under prices: with its sale (cfo: { price: 3000, salePrice: 2500 }), and name it here: amount: cfo.",
    ),
    prefix: text("Before the price, like Starting at.").optional(),
    unit: text("After the price, like /month, /year or one-time.").max(12, { message: "A unit is at most 12 characters, like /month." }).optional(),
    validUntil: validUntil(),
  })
  .superRefine(noFormerBesideNamed("amount", "originalAmount"))
  .meta({ title: "Price" });

export const cardSchema = z
  .strictObject({
    icon: icon().optional(),
    badge: text("A short label on the card, like Most Popular.").optional(),
    title: text("The card's title."),
    description: text("A sentence or two."),
    features: z.array(text()).max(10).optional().meta({ description: "What is included, as a checklist." }),
    price: cardPrice.optional(),
    timeline: text("How long it takes, like 2-3 weeks.").optional(),
    action: action().optional(),
    ...schedule("the card"),
  })
  .superRefine(scheduleOrder("the card"))
  .meta({ title: "Card" });

export const cardsSchema = blockSchema(
  "cards",
  {
    title: "Cards",
    description:
      "A grid of cards: services, packages, resources or tools. Each card can carry an icon, a badge, a checklist, a price or timeline and a button.",
  },
  {
    ...sectionHeader(),
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .optional()
      .meta({ description: "Cards per row on wide screens (3 by default). Four a row start at 1,280 px; narrower screens show two." }),
    items: z.array(cardSchema).min(1).max(12),
    note: text("A line under the cards, like Premium services start at $5,000.").optional(),
    action: action().optional().meta({ description: "A button under the cards." }),
  },
);

export type CardsProps = Resolved<z.output<typeof cardsSchema>>;
export type CardData = Resolved<z.output<typeof cardSchema>>;
