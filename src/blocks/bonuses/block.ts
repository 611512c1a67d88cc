import { defineBlock } from "../define.ts";
import { bonusesSchema } from "./schema.ts";

export const block = defineBlock({ schema: bonusesSchema });
