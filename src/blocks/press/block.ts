import { defineBlock } from "../define.ts";
import { pressSchema } from "./schema.ts";

export const block = defineBlock({ schema: pressSchema });
