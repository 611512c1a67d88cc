import { defineBlock } from "../define.ts";
import { testimonialsSchema } from "./schema.ts";

export const block = defineBlock({ schema: testimonialsSchema });
