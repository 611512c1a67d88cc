import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd, INPUT_LIMIT, parseNumberInput } from "../../ui/format.ts";
import { projectRevenue } from "./formula.ts";

const home = { months: 4, systemMultiplier: 3 };

describe("projectRevenue", () => {
  it("gives $50,000, $150,000 and a $100,000 increase at the defaults", () => {
    expect(projectRevenue({ clients: 50, fee: 250, ...home })).toEqual({ current: 50_000, withSystem: 150_000, increase: 100_000 });
  });

  it.each([
    [
      { clients: 120, fee: 400, months: 4, systemMultiplier: 3 },
      { current: 192_000, withSystem: 576_000, increase: 384_000 },
    ],
    [
      { clients: 50, fee: 250, months: 6, systemMultiplier: 3 },
      { current: 75_000, withSystem: 225_000, increase: 150_000 },
    ],
    [
      { clients: 0, fee: 250, months: 4, systemMultiplier: 3 },
      { current: 0, withSystem: 0, increase: 0 },
    ],
    [
      { clients: -10, fee: 100, months: 4, systemMultiplier: 3 },
      { current: -4000, withSystem: -12_000, increase: -8000 },
    ],
  ])("computes %j", (inputs, expected) => {
    expect(projectRevenue(inputs)).toEqual(expected);
  });

  it("derives each figure from the figures shown: 7 clients at $99.99 show $2,800 now and $8,400 with the system", () => {
    const shown = projectRevenue({ clients: 7, fee: 99.99, ...home });
    expect([shown.current, shown.withSystem, shown.increase].map((amount) => formatUsd(amount))).toEqual(["$2,800", "$8,400", "$5,600"]);
  });

  it("shows figures that agree with each other as shown, whatever is typed", () => {
    const typed = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 10_000 }));
    fc.assert(
      fc.property(typed, typed, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 10 }), (clients, fee, months, systemMultiplier) => {
        const shown = projectRevenue({ clients, fee, months, systemMultiplier });
        expect(shown.withSystem).toBe(shown.current * systemMultiplier);
        expect(shown.increase).toBe(shown.withSystem - shown.current);
        expect(formatUsd(shown.withSystem)).toBe(formatUsd(Number(formatUsd(shown.current).replace(/[$,]/g, "")) * systemMultiplier));
      }),
    );
  });

  it("never shows NaN, Infinity or exponent notation, whatever is typed", () => {
    const typed = fc.oneof(
      fc.constantFrom("", "abc", "-0", "1e308", "-1e308", "Infinity", "NaN", "1e-7", "  12  ", "0x10"),
      fc.double().map(String),
      fc.string(),
    );
    fc.assert(
      fc.property(typed, typed, typed, (clients, fee, months) => {
        const result = projectRevenue({
          clients: parseNumberInput(clients),
          fee: parseNumberInput(fee),
          months: parseNumberInput(months),
          systemMultiplier: 3,
        });
        for (const value of Object.values(result)) {
          expect(Number.isFinite(value)).toBe(true);
          expect(formatUsd(value)).toMatch(/^-?\$\d{1,3}(,\d{3})*\+?$/);
        }
      }),
    );
  });

  it("caps astronomically large inputs instead of overflowing", () => {
    const result = projectRevenue({ clients: parseNumberInput("1e308"), fee: parseNumberInput("1e308"), ...home });
    expect(result.current).toBe(INPUT_LIMIT * INPUT_LIMIT * 4);
    expect(formatUsd(result.increase)).toBe("$999,999,999,999,999+");
  });
});
