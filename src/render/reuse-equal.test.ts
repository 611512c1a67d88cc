import { describe, expect, it } from "vitest";
import { reuseEqual } from "./reuse-equal.ts";

describe("reuseEqual", () => {
  const before = {
    path: "/",
    sections: [
      { type: "hero", heading: "Old heading", actions: [{ label: "Book", to: "booking" }] },
      { type: "faq", items: [{ question: "Q", answer: "A" }] },
    ],
  };

  it("keeps the previous object when nothing changed", () => {
    expect(reuseEqual(before, structuredClone(before))).toBe(before);
  });

  it("keeps the unchanged parts of a changed page and gives the changed ones anew", () => {
    const next = structuredClone(before);
    next.sections[0]!.heading = "New heading";
    const shared = reuseEqual(before, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(before);
    expect(shared.sections[0]).not.toBe(before.sections[0]);
    expect(shared.sections[0]!.actions).toBe(before.sections[0]!.actions);
    expect(shared.sections[1]).toBe(before.sections[1]);
  });

  it("notices added, removed and renamed keys and items", () => {
    const added = { ...structuredClone(before), lang: "es" };
    expect(reuseEqual(before, added)).toEqual(added);
    expect(reuseEqual(before, added)).not.toBe(before);
    const { path: _path, ...removed } = structuredClone(before);
    expect(reuseEqual(before, removed)).toEqual(removed);
    const fewer = { ...structuredClone(before), sections: [structuredClone(before.sections[0]!)] };
    const shared = reuseEqual(before, fewer);
    expect(shared.sections).toHaveLength(1);
    expect(shared.sections[0]).toBe(before.sections[0]);
    expect(reuseEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(reuseEqual({ a: undefined }, { b: undefined })).toEqual({ b: undefined });
  });

  it("takes the new value when a kind changes", () => {
    expect(reuseEqual({ items: [1] }, { items: { 0: 1 } })).toEqual({ items: { 0: 1 } });
    expect(reuseEqual({ value: null }, { value: {} })).toEqual({ value: {} });
    expect(reuseEqual("a", "b")).toBe("b");
  });
});
