import { defineBlock } from "../define.ts";
import { contactSchema } from "./schema.ts";

export const block = defineBlock({ schema: contactSchema });
