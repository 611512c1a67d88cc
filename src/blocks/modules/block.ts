import { defineBlock } from "../define.ts";
import { modulesSchema } from "./schema.ts";

export const block = defineBlock({ schema: modulesSchema });
