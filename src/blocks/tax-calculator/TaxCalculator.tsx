import { useMemo } from "react";
import { CalculatorSection } from "../../ui/calculator/CalculatorSection.tsx";
import { taxModel } from "./model.ts";
import type { TaxCalculatorProps } from "./schema.ts";

export function TaxCalculator(props: TaxCalculatorProps) {
  const model = useMemo(() => taxModel(props), [props]);
  const { id, tone, eyebrow, heading, intro, note, disclaimer, actions } = props;
  return <CalculatorSection {...{ id, tone, eyebrow, heading, intro, note, disclaimer, actions }} model={model} />;
}
