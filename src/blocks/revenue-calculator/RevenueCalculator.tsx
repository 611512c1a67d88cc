import { useId, useState } from "react";
import { CalculatorFooter, CalculatorFrame, NumberField, Results } from "../../app/calculator-ui.tsx";
import { formatUsd, parseNumberInput } from "../../app/format.ts";
import { Section } from "../../app/Section.tsx";
import { SectionHeader } from "../../app/SectionHeader.tsx";
import { projectRevenue } from "./formula.ts";
import type { RevenueCalculatorProps } from "./schema.ts";

export function RevenueCalculator(props: RevenueCalculatorProps) {
  const { id, tone = "plain", eyebrow, heading, intro, clients, fee, months, systemMultiplier, results, note, disclaimer, actions } = props;
  const headingId = useId();
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
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} onDark={tone === "brand"} />
      <CalculatorFrame
        inputs={
          <>
            <NumberField config={clients} value={clientsText} onChange={setClients} />
            <NumberField config={fee} value={feeText} onChange={setFee} />
            {monthsField && <NumberField config={monthsField} value={monthsText} onChange={setMonths} />}
          </>
        }
        note={note}
        results={
          <Results
            items={[
              { label: results.current, value: formatUsd(projection.current) },
              { label: results.withSystem, value: formatUsd(projection.withSystem) },
              { label: results.increase, value: formatUsd(projection.increase), emphasis: true },
            ]}
          />
        }
        footer={<CalculatorFooter actions={actions} disclaimer={disclaimer} />}
      />
    </Section>
  );
}
