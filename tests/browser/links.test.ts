import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dist = join(import.meta.dirname, "..", "..", "dist");

/** Every built page: its route and HTML. */
function pages(dir = dist, route = ""): { route: string; html: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "assets" ? [] : pages(path, `${route}/${name}`);
    if (name === "index.html") return [{ route: route || "/", html: readFileSync(path, "utf8") }];
    if (name === "404.html") return [{ route: "(404 page)", html: readFileSync(path, "utf8") }];
    return [];
  });
}

const built = pages();
const ids = new Map(built.map(({ route, html }) => [route, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]))]));
const decode = (value: string) => value.replace(/&amp;/g, "&");

/** Where an internal address leads in dist/, if anywhere. */
function target(path: string): string | undefined {
  if (path === "/") return "/";
  if (existsSync(join(dist, path, "index.html"))) return path;
  if (existsSync(join(dist, path)) && statSync(join(dist, path)).isFile()) return path;
  return undefined;
}

describe("links in the built site", () => {
  it("lead to a page, a file or an anchor that exists, but for the insurance-agency card the spec sends to the 404 page", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { route, html } of built) {
      for (const [, raw] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        const href = decode(raw!);
        if (!href.startsWith("/") && !href.startsWith("#")) continue;
        checked++;
        const [path, anchor] = href.split("#") as [string, string | undefined];
        const page = path === "" ? route : target(path);
        if (!page) broken.push(`${route} → ${href}`);
        else if (anchor && !ids.get(page)?.has(anchor)) broken.push(`${route} → ${href} (no element with id ${anchor})`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(broken).toEqual(["/services → /insurance-agency-cpa"]);
  });
});
