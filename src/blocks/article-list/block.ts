import { defineBlock } from "../define.ts";
import { articleListSchema } from "./schema.ts";

export const block = defineBlock({ schema: articleListSchema });
