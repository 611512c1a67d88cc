import { defineBlock } from "../define.ts";
import { island } from "./island.ts";
import { revenueCalculatorSchema } from "./schema.ts";

export const block = defineBlock({ schema: revenueCalculatorSchema, island });
