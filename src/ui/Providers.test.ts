// @vitest-environment jsdom
import { css } from "@emotion/react";
import { describe, expect, it } from "vitest";
import { createEmotionCache } from "./Providers.tsx";

describe("the emotion cache", () => {
  it("prefixes only what Safari still needs: no flexbox or transform prefixes of a decade ago", () => {
    const cache = createEmotionCache();
    const rules: string[] = [];
    cache.sheet.insert = (rule: string) => void rules.push(rule);
    const styles = css({ display: "flex", alignItems: "center", userSelect: "none", backdropFilter: "blur(8px)", transform: "translateX(1px)" });
    cache.insert(`.${cache.key}-${styles.name}`, styles, cache.sheet, true);
    const written = rules.join("\n");
    expect(written).toContain("-webkit-user-select:none;user-select:none;");
    expect(written).toContain("-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);");
    expect(written).toContain("display:flex;align-items:center;");
    expect(written).not.toMatch(/-webkit-(box|flex|align|transform)|-ms-|-moz-/);
  });
});
