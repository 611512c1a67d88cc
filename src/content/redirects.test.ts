// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { redirectList, redirectsFile, withVercelRedirects } from "./redirects.ts";
import { parseRedirectsFile } from "../serve/site-server.ts";

const pagesYaml = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const withOld = (path: string, old: string) => pagesYaml.replace(`  - path: ${path}\n`, `  - path: ${path}\n    redirectFrom: [${old}]\n`);

/** The problems of a pages.yaml, each with the text of its line. */
function problemsOf(yaml: string) {
  const lines = yaml.split("\n");
  return loadFixture({ "pages.yaml": yaml }).problems.map((problem) => ({ ...problem, text: lines[problem.line - 1] }));
}

describe("redirects", () => {
  it("lists the published pages' old addresses for every host", () => {
    const { content, problems } = loadFixture();
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    const redirects = redirectList(content!.pages);
    expect(redirects).toContainEqual({ from: "/calculators", to: "/calculator" });
    const file = redirectsFile(redirects);
    expect(file).toContain("/calculators /calculator 301\n");
    expect(parseRedirectsFile(file).get("/revenue-calculator")).toBe("/calculator");
    // Each page answers at its address without a trailing slash on Cloudflare Pages; npm start needs no rule for that.
    const withPages = redirectsFile(redirects, ["/", "/calculator", "*"]);
    expect(withPages).toContain("/calculator /calculator/ 200\n");
    expect(withPages).not.toContain("\n/ ");
    expect([...parseRedirectsFile(withPages).keys()]).toEqual(redirects.map((redirect) => redirect.from));
    const vercel = JSON.parse(withVercelRedirects('{"cleanUrls":true}', redirects)) as { redirects: unknown[]; cleanUrls: boolean };
    expect(vercel.cleanUrls).toBe(true);
    expect(vercel.redirects).toContainEqual({ source: "/calculators", destination: "/calculator", statusCode: 301 });
  });

  it("refuses an old address that is a live page, at its line", () => {
    const problem = problemsOf(withOld("/services", "/press")).find((each) => each.code === "redirect-shadows-route");
    expect(problem?.severity).toBe("error");
    expect(problem?.text).toContain("redirectFrom: [/press]");
  });

  it("refuses an article's address too", () => {
    const problem = problemsOf(withOld("/services", "/resources/estimated-taxes")).find((each) => each.code === "redirect-shadows-route");
    expect(problem?.severity).toBe("error");
  });

  it("refuses two pages redirecting to each other as a loop, and a page redirecting to itself", () => {
    const both = withOld("/services", "/press").replace("  - path: /press\n", "  - path: /press\n    redirectFrom: [/services]\n");
    const loops = problemsOf(both).filter((each) => each.code === "redirect-loop");
    expect(loops).toHaveLength(2);
    expect(problemsOf(withOld("/services", "/services")).find((each) => each.code === "redirect-loop")?.severity).toBe("error");
  });

  it("refuses one old address on two pages, at the second", () => {
    const twice = withOld("/services", "/calculators");
    const problem = problemsOf(twice).find((each) => each.code === "duplicate-redirect");
    expect(problem?.severity).toBe("error");
    expect(problem?.text).toContain("redirectFrom: [/calculators]");
    expect(problem?.message).toContain("listed twice");
  });

  it("refuses an old address that is not a path", () => {
    const problem = problemsOf(withOld("/services", "/old-page/")).find((each) => each.path.includes("redirectFrom"));
    expect(problem?.severity).toBe("error");
    expect(problem?.text).toContain("redirectFrom");
  });
});

describe("npm start's redirects", () => {
  it("answers an old address with 301 to its page, query kept, with the site's security headers", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { createSiteServer } = await import("../serve/site-server.ts");
    const dir = mkdtempSync(join(tmpdir(), "redirects-"));
    writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title>");
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>");
    writeFileSync(join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
    writeFileSync(join(dir, "_redirects"), redirectsFile([{ from: "/old-page", to: "/" }]));
    const server = createSiteServer(dir);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      for (const [asked, location] of [
        ["/old-page?utm_source=news&x=1", "/?utm_source=news&x=1"],
        ["/old-page/", "/"],
        ["/old-page", "/"],
      ] as const) {
        const response = await fetch(base + asked, { redirect: "manual" });
        expect(response.status, asked).toBe(301);
        expect(response.headers.get("location"), asked).toBe(location);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
      expect((await fetch(`${base}/other`, { redirect: "manual" })).status).toBe(404);
    } finally {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
