import { defineBlock } from "../define.ts";
import { comparisonSchema } from "./schema.ts";

export const block = defineBlock({ schema: comparisonSchema });
