import { defineBlock } from "../define.ts";
import { cardsSchema } from "./schema.ts";

export const block = defineBlock({
  schema: cardsSchema,
  resolve: {
    scheduledItems: { field: "items", label: (card) => `card "${String(card.title)}"` },
  },
});
