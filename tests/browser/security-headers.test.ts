import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer } from "../../src/serve/site-server.ts";
import { observatoryScore } from "../support/observatory.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";

/**
 * The spec fixture site's build: the headers are the engine's, proven on content that
 * holds a form posting to another origin (https://forms.example.com, on /forms), so the
 * policy's allowance for form endpoints is checked too. The live site's pages are
 * checked under their own policy by live-site.test.ts.
 */
const dist = FIXTURE_DIST;
let base = "";
let close = () => {};

// The server behind npm start, exactly as it runs there: no test additions to its headers.
beforeAll(async () => {
  const server = createSiteServer(dist);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const directives = (policy: string) => new Map(policy.split("; ").map((part) => [part.split(" ")[0]!, part.split(" ").slice(1)]));

describe("security headers sent by npm start", () => {
  it("score A+ (100 or more) by the HTTP Observatory's rules", async () => {
    const response = await fetch(`${base}/`);
    const { score, grade, modifiers } = observatoryScore(response.headers, await response.text());
    expect(modifiers.filter((m) => m.modifier < 0)).toEqual([]);
    expect(grade).toBe("A+");
    expect(score).toBe(110);
  });

  it("allow no inline or eval script, no framing, no plugins, no foreign base, and forms only to the site, mail and the forms' own endpoints", async () => {
    const policy = directives((await fetch(`${base}/tax-course`)).headers.get("content-security-policy")!);
    expect(policy.get("script-src")![0]).toBe("'self'");
    // Hashes of the inline scripts, and WebAssembly for the site search's index: never 'unsafe-eval' or 'unsafe-inline'.
    for (const source of policy.get("script-src")!.slice(1)) expect(source).toMatch(/^('sha256-[A-Za-z0-9+/]+={0,2}'|'wasm-unsafe-eval')$/);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // The course page's Free Preview plays its video: the page may frame that player, and nothing else.
    expect(policy.get("frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'", "mailto:", "https://forms.example.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://forms.example.com"]);
  });

  it("come with every response: pages, assets, the share image and the 404 page", async () => {
    const script = readdirSync(join(dist, "assets")).find((name) => name.endsWith(".js"))!;
    for (const path of ["/", "/press", `/assets/${script}`, "/images/share.png", "/no-such-page"]) {
      const headers = (await fetch(base + path)).headers;
      expect(headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("permissions-policy"), path).toBe("camera=(), microphone=(), geolocation=()");
      expect(headers.get("cross-origin-resource-policy"), path).toBe("same-site");
      expect(headers.get("content-security-policy"), path).toContain("default-src 'self'");
    }
  });

  it("are what the build wrote for Netlify, Cloudflare Pages and Vercel, whose files the server does not serve", async () => {
    const vercel = JSON.parse(readFileSync(join(dist, "vercel.json"), "utf8")) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    // Vercel sends, for each header, the value of the last rule whose source matches the path.
    for (const path of ["/", "/preview", "/press"]) {
      const sent = (await fetch(base + path)).headers;
      const rules = vercel.headers.filter((rule) => rule.source === "/(.*)" || rule.source === path);
      const expected = new Map(rules.flatMap((rule) => rule.headers.map(({ key, value }) => [key, value] as const)));
      for (const [key, value] of expected) expect(sent.get(key), `${path} ${key}`).toBe(value);
    }
    for (const file of ["/vercel.json", "/_headers"]) expect((await fetch(base + file)).status, file).toBe(404);
  });

  it("give each page the policy _headers writes for it, the most specific rule, and every other path the rule for all paths", async () => {
    const blocks = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of readFileSync(join(dist, "_headers"), "utf8").split("\n")) {
      if (!line.trim()) continue;
      if (!line.startsWith(" ")) blocks.set(line.trim(), (current = {}));
      else current![line.slice(0, line.indexOf(":")).trim()] = line.slice(line.indexOf(":") + 1).trim();
    }
    const policy = async (path: string) => (await fetch(base + path)).headers.get("content-security-policy");
    const pages = [...blocks.keys()].filter((path) => !path.includes("*"));
    expect(pages.length).toBeGreaterThan(0);
    for (const path of pages) expect(await policy(path), path).toBe(blocks.get(path)!["Content-Security-Policy"]);
    expect(await policy("/no-such-page")).toBe(blocks.get("/*")!["Content-Security-Policy"]);
    // A page's own rule narrows the rule for all paths and never widens it, so a host that sends both (joined by a comma) enforces the page's.
    const all = directives(blocks.get("/*")!["Content-Security-Policy"]!);
    for (const path of pages) {
      const own = directives(blocks.get(path)!["Content-Security-Policy"]!);
      for (const [name, sources] of own) if (name !== "frame-src") expect(sources, `${path} ${name}`).toEqual(all.get(name));
      for (const source of own.get("frame-src")!) if (source !== "'none'") expect(all.get("frame-src"), path).toContain(source);
    }
  });

  it("would fall short of A+ with an inline-script policy, so the score is not a formality", () => {
    const weak = new Headers({
      "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "strict-transport-security": "max-age=31536000",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(observatoryScore(weak, "").grade).not.toBe("A+");
  });
});
