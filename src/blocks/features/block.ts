import { defineBlock } from "../define.ts";
import { featuresSchema } from "./schema.ts";

export const block = defineBlock({ schema: featuresSchema });
