import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd, parseNumberInput } from "../../ui/format.ts";
import { projectTaxes } from "./formula.ts";

const constants = { optimizedTaxShare: 0.4, revenueMultiplier: 1.35 };

describe("projectTaxes", () => {
  it("gives $300,000, $75,000, $30,000, $45,000 and $405,000 at the defaults", () => {
    expect(projectTaxes({ clients: 50, mrr: 500, taxRate: 25, ...constants })).toEqual({
      annualRevenue: 300_000,
      currentTax: 75_000,
      optimizedTax: 30_000,
      savings: 45_000,
      optimizedRevenue: 405_000,
    });
  });

  it.each([
    [
      { clients: 100, mrr: 1000, taxRate: 30 },
      { annualRevenue: 1_200_000, currentTax: 360_000, optimizedTax: 144_000, savings: 216_000, optimizedRevenue: 1_620_000 },
    ],
    [
      { clients: 10, mrr: 250, taxRate: 0 },
      { annualRevenue: 30_000, currentTax: 0, optimizedTax: 0, savings: 0, optimizedRevenue: 40_500 },
    ],
  ])("computes %j", (inputs, expected) => {
    const result = projectTaxes({ ...inputs, ...constants });
    for (const [key, value] of Object.entries(expected)) expect(result[key as keyof typeof result]).toBeCloseTo(value, 6);
  });

  it("keeps savings at 60% of the current tax, to the dollar", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 }), (clients, mrr, taxRate) => {
        const result = projectTaxes({ clients, mrr, taxRate, ...constants });
        expect(Math.abs(result.savings - result.currentTax * 0.6)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("shows figures that agree with each other as shown, whatever is typed", () => {
    const typed = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 10_000 }));
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    const multiplier = fc.double({ min: 0.01, max: 100, noNaN: true });
    fc.assert(
      fc.property(
        typed,
        typed,
        fc.double({ min: 0, max: 100, noNaN: true }),
        share,
        multiplier,
        (clients, mrr, taxRate, optimizedTaxShare, revenueMultiplier) => {
          const shown = projectTaxes({ clients, mrr, taxRate, optimizedTaxShare, revenueMultiplier });
          for (const value of Object.values(shown)) expect(Number.isInteger(value), String(value)).toBe(true);
          expect(shown.savings).toBe(shown.currentTax - shown.optimizedTax);
          expect(shown.currentTax).toBe(Math.round((shown.annualRevenue * taxRate) / 100) || 0);
          expect(shown.optimizedTax).toBe(Math.round(shown.currentTax * optimizedTaxShare) || 0);
          expect(shown.optimizedRevenue).toBe(Math.round(shown.annualRevenue * revenueMultiplier) || 0);
        },
      ),
    );
  });

  it("never shows NaN, Infinity or exponent notation, whatever is typed", () => {
    const typed = fc.oneof(fc.constantFrom("", "abc", "-0", "1e308", "-1e308", "Infinity", "-25", "0"), fc.double().map(String), fc.string());
    fc.assert(
      fc.property(typed, typed, typed, (clients, mrr, taxRate) => {
        const result = projectTaxes({ clients: parseNumberInput(clients), mrr: parseNumberInput(mrr), taxRate: parseNumberInput(taxRate), ...constants });
        for (const value of Object.values(result)) {
          expect(Number.isFinite(value)).toBe(true);
          expect(formatUsd(value)).toMatch(/^-?\$\d{1,3}(,\d{3})*\+?$/);
        }
      }),
    );
  });
});
