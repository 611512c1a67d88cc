import { useMemo } from "react";
import { CalculatorSection } from "../../ui/calculator/CalculatorSection.tsx";
import { revenueModel } from "./model.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

export function RevenueCalculator(props: RevenueCalculatorProps) {
  const model = useMemo(() => revenueModel(props), [props]);
  const { id, tone, eyebrow, heading, intro, note, disclaimer, actions } = props;
  return <CalculatorSection {...{ id, tone, eyebrow, heading, intro, note, disclaimer, actions }} model={model} />;
}
