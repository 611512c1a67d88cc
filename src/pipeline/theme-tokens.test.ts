import { describe, expect, it } from "vitest";
import { pruneTokens, tokensNamedIn } from "./theme-tokens.ts";

const layer =
  '@layer tokens{:where(html, .chakra-theme){--colors-bg:#fff;--colors-fg:var(--colors-ink);--colors-ink:#111;--shadows-lg:0 8px 16px var(--colors-shade);--colors-shade:#000;--icon:url("data:image/svg+xml;utf8,<svg/>");--sizes-4:1rem}[data-tone=brand]{--colors-bg:var(--colors-navy);--colors-navy:#123}}';
const styles = (components: string) =>
  `<style data-styles="a">@layer reset,base,tokens,recipes;</style><style data-styles="b">${layer}</style><style data-styles="c">${components}</style>`;

describe("pruneTokens", () => {
  it("keeps the tokens the page names and what they name, and leaves the rest to the theme's stylesheet", () => {
    const { styles: pruned, sheet } = pruneTokens(styles(".css-1{color:var(--colors-fg);background:var(--colors-bg)}"), [], []);
    expect(pruned).toContain("--colors-fg:var(--colors-ink);--colors-ink:#111;");
    // Every declaration of a kept name, in every rule of the layer, and what each names.
    expect(pruned).toContain("[data-tone=brand]{--colors-bg:var(--colors-navy);--colors-navy:#123}");
    expect(pruned).toContain(":where(html, .chakra-theme){--colors-bg:#fff;");
    for (const dropped of ["--shadows-lg", "--colors-shade", "--icon", "--sizes-4"]) expect(pruned).not.toContain(dropped);
    // The page's other styles are as they were.
    expect(pruned).toContain('<style data-styles="c">.css-1{color:var(--colors-fg);background:var(--colors-bg)}</style>');
    expect(sheet!.css).toBe(layer);
    expect(sheet!.path).toMatch(/^assets\/theme-[0-9a-f]{16}\.css$/);
  });

  it("reads the markup, the head and the names the browser's code uses", () => {
    const { styles: pruned } = pruneTokens(styles(""), ['<div style="width:var( --sizes-4)">'], ["--shadows-lg"]);
    expect(pruned).toContain("--sizes-4:1rem");
    expect(pruned).toContain("--shadows-lg:0 8px 16px var(--colors-shade);--colors-shade:#000;");
    expect(pruned).not.toContain("--colors-bg");
  });

  it("cuts a value at its end, not at a semicolon inside quotes or brackets", () => {
    const { styles: pruned } = pruneTokens(styles(".x{background:var(--icon)}"), [], []);
    expect(pruned).toContain('{--icon:url("data:image/svg+xml;utf8,<svg/>");}');
    expect(pruned).toContain("[data-tone=brand]{}");
  });

  it("leaves the styles as they are when the page uses every token, or has no tokens layer", () => {
    const all = ".x{a:var(--colors-bg);b:var(--colors-fg);c:var(--shadows-lg);d:var(--icon);e:var(--sizes-4)}";
    expect(pruneTokens(styles(all), [], [])).toEqual({ styles: styles(all) });
    expect(pruneTokens("<style>.x{color:var(--y)}</style>", [], [])).toEqual({ styles: "<style>.x{color:var(--y)}</style>" });
    // A layer cut short is kept whole.
    const cut = "<style>@layer tokens{:root{--a:1;--b:2}</style>";
    expect(pruneTokens(cut, [], [])).toEqual({ styles: cut });
  });

  it("names the same stylesheet for every page of a site", () => {
    const one = pruneTokens(styles(".a{color:var(--colors-fg)}"), [], []);
    const other = pruneTokens(styles(".b{box-shadow:var(--shadows-lg)}"), [], []);
    expect(one.styles).not.toBe(other.styles);
    expect(one.sheet).toEqual(other.sheet);
  });
  it("reads a layer it met on an earlier page as it read it there, wherever this page has it", () => {
    const page = (before: string) => `<style>${before}</style>${styles(".a{color:var(--colors-fg)}")}`;
    const first = pruneTokens(page(""), [], []);
    const later = pruneTokens(page(".z{margin:0}"), [], []);
    expect(later).toEqual({ ...first, styles: first.styles.replace("<style></style>", "<style>.z{margin:0}</style>") });
    // A layer of other values (another site's theme) is read as itself.
    const other = pruneTokens(page("").replace("--colors-ink:#111", "--colors-ink:#222"), [], []);
    expect(other.styles).toContain("--colors-fg:var(--colors-ink);--colors-ink:#222;");
    expect(other.sheet!.path).not.toBe(first.sheet!.path);
  });
});

describe("tokensNamedIn", () => {
  it("finds each custom property a script names in a var()", () => {
    expect(tokensNamedIn('a{color:var(--chakra-colors-fg)} b{border:1px solid var(--chakra-colors-border, #ccc)} "var(--chakra-colors-fg)"')).toEqual([
      "--chakra-colors-fg",
      "--chakra-colors-border",
    ]);
  });
});
