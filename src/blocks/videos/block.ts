import { defineBlock } from "../define.ts";
import { videosSchema } from "./schema.ts";

export const block = defineBlock({ schema: videosSchema });
