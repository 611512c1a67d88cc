import { describe, expect, it } from "vitest";
import { headersFile, pageHeaders, vercelConfig } from "./security-headers.ts";

const input = { inlineScripts: ["console.log(1)"], formOrigins: [] };
const frameSrc = (policy: string | undefined) => policy?.split("; ").find((directive) => directive.startsWith("frame-src "));

describe("each page's security policy", () => {
  it("frames nothing on a site without videos, with no rule of a page's own", () => {
    const { headers, routes } = pageHeaders(input, { "/": [], "/press": [], "*": [] });
    expect(frameSrc(headers["Content-Security-Policy"])).toBe("frame-src 'none'");
    expect(routes).toEqual({});
  });

  it("frames the players pages use: every path allows them all, and each page that uses fewer gets its own, narrower rule", () => {
    const { headers, routes } = pageHeaders(input, {
      "/": [],
      "/tax-course": ["https://www.youtube-nocookie.com"],
      "/both": ["https://www.youtube-nocookie.com", "https://player.vimeo.com"],
      "*": [],
    });
    expect(frameSrc(headers["Content-Security-Policy"])).toBe("frame-src https://player.vimeo.com https://www.youtube-nocookie.com");
    expect(Object.keys(routes)).toEqual(["/assets/*", "/", "/tax-course"]);
    expect(frameSrc(routes["/assets/*"]!["Content-Security-Policy"])).toBe("frame-src 'none'");
    expect(frameSrc(routes["/"]!["Content-Security-Policy"])).toBe("frame-src 'none'");
    expect(frameSrc(routes["/tax-course"]!["Content-Security-Policy"])).toBe("frame-src https://www.youtube-nocookie.com");
    // Apart from frame-src, a page's policy is the site's.
    const rest = (policy: string) => policy.replace(/frame-src [^;]*/, "");
    expect(rest(routes["/"]!["Content-Security-Policy"]!)).toBe(rest(headers["Content-Security-Policy"]!));
  });

  it("writes the pages' rules after the rule for every path, for Netlify, Cloudflare Pages and Vercel", () => {
    const { headers, routes } = pageHeaders(input, { "/": [], "/tax-course": ["https://www.youtube-nocookie.com"] });
    const file = headersFile(headers, routes);
    expect(file.indexOf("/*\n")).toBe(0);
    expect(file).toContain(`\n/\n  ! Content-Security-Policy\n  Content-Security-Policy: ${routes["/"]!["Content-Security-Policy"]}\n`);
    const vercel = JSON.parse(vercelConfig(headers, routes)) as { headers: { source: string }[] };
    expect(vercel.headers.map((rule) => rule.source)).toEqual(["/(.*)", "/assets/(.*)", "/"]);
  });

  it("lets pages compile WebAssembly (not eval) only on a site with its search", () => {
    const scriptSrc = (policy: string | undefined) => policy?.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc(pageHeaders(input, { "/": [] }).headers["Content-Security-Policy"])).not.toContain("wasm");
    const withSearch = scriptSrc(pageHeaders({ ...input, search: true }, { "/": [] }).headers["Content-Security-Policy"]);
    expect(withSearch).toContain("'wasm-unsafe-eval'");
    expect(withSearch).not.toContain("'unsafe-eval'");
  });

  it("refuses a frame origin that is not a plain https origin", () => {
    expect(() => pageHeaders(input, { "/": ["https://*.example.com"] })).toThrow(/Refusing/);
  });
});
