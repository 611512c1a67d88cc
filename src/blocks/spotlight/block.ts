import { defineBlock } from "../define.ts";
import { spotlightSchema } from "./schema.ts";

export const block = defineBlock({ schema: spotlightSchema });
