import { defineBlock } from "../define.ts";
import { island } from "./island.ts";
import { taxCalculatorSchema } from "./schema.ts";

export const block = defineBlock({ schema: taxCalculatorSchema, island });
