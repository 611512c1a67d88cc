import { defineBlock } from "../define.ts";
import { videoLibrarySchema } from "./schema.ts";

export const block = defineBlock({ schema: videoLibrarySchema });
