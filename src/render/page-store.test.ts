import { describe, expect, it } from "vitest";
import { matchRoute } from "./page-store.ts";

describe("matchRoute", () => {
  const routes = ["/", "/tax-course", "/es/curso-de-impuestos", "*"];

  it("finds a declared route by its path, as the site's server finds its built page", () => {
    expect(matchRoute("/", routes)).toBe("/");
    expect(matchRoute("/tax-course", routes)).toBe("/tax-course");
    expect(matchRoute("/tax-course/", routes)).toBe("/tax-course");
    expect(matchRoute("/es/curso-de-impuestos", routes)).toBe("/es/curso-de-impuestos");
    expect(matchRoute("/%74ax-course", routes)).toBe("/tax-course");
  });

  it("shows the 404 page for any other path, a malformed one included", () => {
    for (const path of ["/Tax-Course", "/tax", "/tax-course/more", "*", "/*", "/%E0%A4%A"]) expect(matchRoute(path, routes), path).toBe("*");
  });
});
