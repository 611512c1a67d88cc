import { describe, expect, it } from "vitest";
import { IDLE_SCRIPT, idleScriptBound, MOST_AT_IDLE, SCRIPT_BUDGETS } from "./script-budgets.ts";
import { PROVIDER_NAMES } from "../analytics/providers/names.ts";

describe("script budgets", () => {
  it("keep whatever a page can declare at idle under the idle budget, so no valid content can pass it", () => {
    expect(MOST_AT_IDLE).toBeLessThanOrEqual(SCRIPT_BUDGETS.atIdle);
    for (const provider of PROVIDER_NAMES) {
      expect(idleScriptBound(provider, ["hero", "revenue-calculator", "tax-calculator"]).total).toBeLessThanOrEqual(SCRIPT_BUDGETS.atIdle);
    }
  });

  it("count the analytics declared in site.yaml and a page's calculators, sharing one chunk, once each", () => {
    expect(idleScriptBound(undefined, ["hero", "form"])).toEqual({ total: 0, parts: [] });
    const both = idleScriptBound("plausible", ["revenue-calculator", "tax-calculator", "revenue-calculator"]);
    expect(both.total).toBe(IDLE_SCRIPT.analytics.plausible + IDLE_SCRIPT.idleBlocks);
    expect(both.parts).toEqual(["plausible analytics (11.0 KB)", "the live script of revenue-calculator and tax-calculator (10.0 KB)"]);
  });
});
