import { defineBlock } from "../define.ts";
import { bioSchema } from "./schema.ts";

export const block = defineBlock({ schema: bioSchema });
