import { useState } from "react";
import { CalculatorSection, NumberField } from "../../app/calculator-ui.tsx";
import { formatUsd, parseNumberInput } from "../../app/format.ts";
import { projectTaxes } from "./formula.ts";
import type { TaxCalculatorProps } from "./schema.ts";

export function TaxCalculator(props: TaxCalculatorProps) {
  const { id, tone, eyebrow, heading, intro, clients, mrr, taxRate, optimizedTaxShare, revenueMultiplier, results, note, disclaimer, actions } = props;
  const [clientsText, setClients] = useState(String(clients.default));
  const [mrrText, setMrr] = useState(String(mrr.default));
  const [rateText, setRate] = useState(String(taxRate.default));

  const projection = projectTaxes({
    clients: parseNumberInput(clientsText),
    mrr: parseNumberInput(mrrText),
    taxRate: parseNumberInput(rateText),
    optimizedTaxShare,
    revenueMultiplier,
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
          <NumberField config={mrr} value={mrrText} onChange={setMrr} />
          <NumberField config={taxRate} value={rateText} onChange={setRate} />
        </>
      }
      results={[
        { label: results.annualRevenue, value: formatUsd(projection.annualRevenue) },
        { label: results.currentTax, value: formatUsd(projection.currentTax) },
        { label: results.optimizedTax, value: formatUsd(projection.optimizedTax) },
        { label: results.savings, value: formatUsd(projection.savings), emphasis: true },
        { label: results.optimizedRevenue, value: formatUsd(projection.optimizedRevenue) },
      ]}
    />
  );
}
