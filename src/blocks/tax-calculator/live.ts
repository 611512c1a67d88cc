/** Browser only: makes a prerendered tax calculator live (see ui/calculator/live.ts). */
import { attachCalculator } from "../../ui/calculator/live.ts";
import { taxModel } from "./model.ts";
import type { TaxCalculatorProps } from "./schema.ts";

export const enhance = (element: HTMLElement, props: TaxCalculatorProps) => attachCalculator(element, taxModel(props));
