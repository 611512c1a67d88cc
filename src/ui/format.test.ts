import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatUsd, parseNumberInput } from "./format.ts";

const WELL_FORMED_USD = /^-?\$\d{1,3}(,\d{3})*\+?$/;

describe("parseNumberInput", () => {
  it.each([
    ["50", 50],
    [" 250 ", 250],
    ["4.5", 4.5],
    ["-3", -3],
    ["", 0],
    ["abc", 0],
    ["Infinity", 0],
    ["1e308", 1e15],
    ["-1e308", -1e15],
    ["-0", -0],
  ])("reads %j as %d", (text, value) => {
    expect(parseNumberInput(text)).toBe(value);
  });
});

describe("formatUsd", () => {
  it.each([
    [50000, "$50,000"],
    [405000, "$405,000"],
    [0, "$0"],
    [-0, "$0"],
    [-0.4, "$0"],
    [1234.56, "$1,235"],
    [-2500, "-$2,500"],
    [1e15, "$999,999,999,999,999+"],
    [-1e20, "-$999,999,999,999,999+"],
    [Infinity, "$999,999,999,999,999+"],
    [NaN, "$0"],
  ])("shows %d as %s", (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  it("always gives well-formed dollars, whatever the number", () => {
    fc.assert(
      fc.property(fc.double(), (amount) => {
        expect(formatUsd(amount)).toMatch(WELL_FORMED_USD);
      }),
    );
  });
});

describe("formatCount", () => {
  const hours = { one: "{count} hour", other: "{count} hours" };
  it.each([
    [1, "1 hour"],
    [2.5, "2.5 hours"],
    [22, "22 hours"],
    [0, "0 hours"],
    [1500, "1,500 hours"],
    [0.1 + 0.2, "0.3 hours"],
  ])("reads %d as %s", (count, shown) => {
    expect(formatCount(count, hours)).toBe(shown);
  });
});
