/**
 * Whatever a text says, it comes out literally: in the page's markup, its title,
 * its structured data and its islands data. `$'`, `` $` ``, `$&` and `$$` are
 * replacement patterns to String.prototype.replace; content must never be read
 * as one (a title holding `$'` once pulled the whole page into <title>).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../src/render/render-page.tsx";
import type { PageData } from "../../src/site/types.ts";
import { pageDocument } from "../../src/render/document.ts";
import { blockExampleSections, loadFixture, onePageSite, ROOT } from "../support/fixture-site.ts";

const PATTERNS = "⟦$' $` $& $$ $1 $<name>⟧";
type Path = (string | number)[];

/** Every string in a value, with its path. */
function strings(value: unknown, path: Path = []): { path: Path; value: string }[] {
  if (typeof value === "string") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => (key === "type" ? [] : strings(child, [...path, key])));
  return [];
}

function setAt(root: unknown, path: Path, value: string) {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

/**
 * The block examples with the patterns added to every field that accepts free text.
 * Fields that refuse them (links, ids, choices) are found by validating and left as they are.
 */
function examplesWithPatterns() {
  const sections = blockExampleSections();
  const page = { title: `Title ${PATTERNS}`, description: `Description ${PATTERNS}` };
  let candidates = strings(sections);
  for (let attempt = 0; attempt < 5; attempt++) {
    const modified = structuredClone(sections);
    for (const { path, value } of candidates) setAt(modified, path, `${value} ${PATTERNS}`);
    // Every refused field is listed, so none is taken for a cut-off report's "more problems".
    const { content, problems } = loadFixture({ "pages.yaml": onePageSite(modified, page) }, { maxProblemsPerFile: 1000 });
    if (content) return { content, injected: candidates.map(({ value }) => `${value} ${PATTERNS}`), title: page.title, description: page.description };
    const refused = new Set(problems.filter((p) => p.severity === "error").map((p) => p.path.replace(/^routes\[0\]\.sections/, "")));
    const under = (path: Path) => {
      const written = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("");
      return [...refused].some((at) => written === at || written.startsWith(`${at}.`) || written.startsWith(`${at}[`));
    };
    candidates = candidates.filter(({ path }) => !under(path));
    if (refused.size === 0) throw new Error(problems.map((p) => `${p.path} ${p.message}`).join("\n"));
  }
  throw new Error("The examples did not validate with the patterns added.");
}

/** Every string a page carries: text, attribute values, structured data and islands data. */
function pageStrings(html: string): string[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  const found: string[] = [document.title];
  for (const script of document.querySelectorAll('script[type="application/ld+json"], script#islands')) {
    found.push(...strings(JSON.parse(script.textContent!)).map(({ value }) => value));
  }
  for (const element of document.querySelectorAll("script, style")) element.remove();
  for (const element of document.querySelectorAll("*")) {
    found.push(element.textContent ?? "");
    for (const attribute of element.attributes) found.push(attribute.value);
  }
  return found;
}

describe("text with replacement patterns ($' $` $& $$)", () => {
  it("comes out literally in every field of every block, the title, the structured data and the islands data", async () => {
    const { content, injected, title, description } = examplesWithPatterns();
    expect(injected.length).toBeGreaterThan(100);
    const page = content.pages.find((candidate) => candidate.path === "/")!;
    const loaders = Object.fromEntries(content.pages.map((candidate) => [candidate.path, () => Promise.resolve({ default: candidate as PageData })]));
    const rendered = await renderPage("/", content.site, loaders);
    const html = pageDocument(readFileSync(join(ROOT, "index.html"), "utf8"), rendered);

    const document = new DOMParser().parseFromString(html, "text/html");
    expect(document.querySelectorAll("title")).toHaveLength(1);
    expect(document.title).toBe(title);
    expect(document.querySelector('meta[name="description"]')!.getAttribute("content")).toBe(description);
    expect(document.getElementById("root")!.querySelector("h1")).not.toBeNull();
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!) as object[]);
    expect(jsonLd).toHaveLength(1);
    expect(JSON.stringify(jsonLd)).toContain(`${page.sections.find((s) => s.type === "faq") ? "Question" : ""}`);
    const islands = JSON.parse(document.getElementById("islands")!.textContent!) as { islands: unknown[] };
    expect(islands.islands.length).toBeGreaterThan(0);

    const carried = pageStrings(html);
    // Every occurrence of the patterns is whole: none was expanded, cut or doubled.
    const broken = carried.flatMap((text) =>
      text
        .split("⟦")
        .slice(1)
        .filter((at) => !`⟦${at}`.startsWith(PATTERNS))
        .map((at) => `⟦${at.slice(0, 40)}`),
    );
    expect(broken).toEqual([]);
    // And every text is on the page, word for word (texts with {placeholders} show their filled-in form).
    const missing = injected.filter(
      (value) => !/\{\w+\}/.test(value) && !carried.some((text) => text.includes(value) || text.includes(encodeURIComponent(value))),
    );
    expect(missing).toEqual([]);
  });
});
