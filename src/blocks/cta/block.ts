import { defineBlock } from "../define.ts";
import { ctaSchema } from "./schema.ts";

export const block = defineBlock({ schema: ctaSchema });
