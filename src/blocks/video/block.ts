import { defineBlock } from "../define.ts";
import { videoSchema } from "./schema.ts";

export const block = defineBlock({ schema: videoSchema });
