import { describe, expect, it } from "vitest";
import { conflicts } from "./conflicts.ts";

const base = { routes: [{ path: "/", title: "A", sections: [{ type: "hero", heading: "H" }, { type: "cta" }] }] };
const withRoute = (change: object) => ({ routes: [{ ...base.routes[0]!, ...change }] });

describe("conflicts between the editor's draft and the file on disk", () => {
  it("finds none when the two changed different fields, or made the same change", () => {
    expect(conflicts(base, withRoute({ title: "Mine" }), withRoute({ path: "/home" }))).toEqual([]);
    expect(conflicts(base, withRoute({ title: "Same" }), withRoute({ title: "Same" }))).toEqual([]);
  });

  it("names the field both changed, with both values", () => {
    expect(conflicts(base, withRoute({ title: "Mine" }), withRoute({ title: "Theirs" }))).toEqual([
      { path: "routes[0].title", segments: ["routes", 0, "title"], yours: "Mine", theirs: "Theirs" },
    ]);
  });

  it("reports a list changed in length on one side and inside on the other at the list", () => {
    const removed = withRoute({ sections: [base.routes[0]!.sections[1]] });
    const edited = withRoute({ sections: [{ type: "hero", heading: "New" }, { type: "cta" }] });
    const found = conflicts(base, edited, removed);
    expect(found.map((conflict) => conflict.path)).toEqual(["routes[0].sections"]);
  });
});
