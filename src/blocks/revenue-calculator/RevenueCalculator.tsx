import { useState } from "react";
import { CalculatorSection, NumberField } from "../../app/calculator-ui.tsx";
import { formatUsd, parseNumberInput } from "../../app/format.ts";
import { projectRevenue } from "./formula.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

export function RevenueCalculator(props: RevenueCalculatorProps) {
  const { id, tone, eyebrow, heading, intro, clients, fee, months, systemMultiplier, results, note, disclaimer, actions } = props;
  const monthsField = typeof months === "number" ? undefined : months;
  const [clientsText, setClients] = useState(String(clients.default));
  const [feeText, setFee] = useState(String(fee.default));
  const [monthsText, setMonths] = useState(String(monthsField?.default ?? months));

  const projection = projectRevenue({
    clients: parseNumberInput(clientsText),
    fee: parseNumberInput(feeText),
    months: monthsField ? parseNumberInput(monthsText) : (months as number),
    systemMultiplier,
  });

  return (
    <CalculatorSection
      id={id}
      tone={tone}
      eyebrow={eyebrow}
      heading={heading}
      intro={intro}
      note={note}
      actions={actions}
      disclaimer={disclaimer}
      inputs={
        <>
          <NumberField config={clients} value={clientsText} onChange={setClients} />
          <NumberField config={fee} value={feeText} onChange={setFee} />
          {monthsField && <NumberField config={monthsField} value={monthsText} onChange={setMonths} />}
        </>
      }
      results={[
        { label: results.current, value: formatUsd(projection.current) },
        { label: results.withSystem, value: formatUsd(projection.withSystem) },
        { label: results.increase, value: formatUsd(projection.increase), emphasis: true },
      ]}
    />
  );
}
