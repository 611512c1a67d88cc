import { defineBlock } from "../define.ts";
import { linkListSchema } from "./schema.ts";

export const block = defineBlock({ schema: linkListSchema });
