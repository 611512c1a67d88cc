import { defineIsland } from "../island.ts";
import type { TaxCalculatorProps } from "./schema.ts";

export const island = defineIsland<TaxCalculatorProps>({ when: "idle", by: "enhance", load: () => import("./live.ts").then((module) => module.enhance) });
