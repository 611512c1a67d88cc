/** Browser only: makes a prerendered revenue calculator live (see ui/calculator/live.ts). */
import { attachCalculator } from "../../ui/calculator/live.ts";
import { revenueModel } from "./model.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

export const enhance = (element: HTMLElement, props: RevenueCalculatorProps) => attachCalculator(element, revenueModel(props));
