/** Browser only: each interactive block's code, as a chunk of its own that loads when the block wakes. */
import type { ComponentType } from "react";
import type { InteractiveBlockType } from "./interactive.ts";
import type { BlockProps } from "./schemas.ts";

export const islandLoaders: { [T in InteractiveBlockType]: () => Promise<ComponentType<BlockProps<T>>> } = {
  "revenue-calculator": () => import("./revenue-calculator/RevenueCalculator.tsx").then((module) => module.RevenueCalculator),
  "tax-calculator": () => import("./tax-calculator/TaxCalculator.tsx").then((module) => module.TaxCalculator),
  form: () => import("./form/Form.tsx").then((module) => module.Form),
};
