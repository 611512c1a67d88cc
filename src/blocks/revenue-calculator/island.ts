import { defineIsland } from "../island.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

export const island = defineIsland<RevenueCalculatorProps>({ when: "idle", by: "enhance", load: () => import("./live.ts").then((module) => module.enhance) });
