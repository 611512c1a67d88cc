import { defineBlock } from "../define.ts";
import { statsSchema } from "./schema.ts";

export const block = defineBlock({ schema: statsSchema });
