import { describe, expect, it } from "vitest";
import { FIXTURE_DIST } from "../support/serve-dist.ts";
import { brokenLinks } from "../support/site-checks.ts";

/** The spec fixture site's links; the live site's are checked by live-site.test.ts. */
describe("links in the built spec fixture site", () => {
  it("lead to a page, a file or an anchor that exists, but for the insurance-agency card the spec sends to the 404 page", () => {
    const { checked, broken } = brokenLinks(FIXTURE_DIST);
    expect(checked).toBeGreaterThan(200);
    expect(broken.map(({ from, href, missingAnchor }) => `${from} → ${href}${missingAnchor ? ` (no element with id ${missingAnchor})` : ""}`)).toEqual([
      "/services → /insurance-agency-cpa",
    ]);
  });
});
