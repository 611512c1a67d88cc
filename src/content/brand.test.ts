import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { brandCss, browserThemeColor, contrast, palettes, surfaces, TEXT_ROLES, textPairs } from "./brand.ts";
import { formatProblem } from "./problems.ts";

const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const withColors = (brand: string, accent: string) =>
  site.replace(/ {2}colors:\n {4}brand: "[^"]*"\n {4}accent: "[^"]*"\n/, `  colors:\n    brand: "${brand}"\n    accent: "${accent}"\n`);
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

describe("brand colours", () => {
  it("computes WCAG contrast", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("builds the theme's scales around the brand's colours, and passes AA with the default navy and gold", () => {
    const { navy, gold } = palettes({ brand: "#1b3866", accent: "#e8ab35" });
    expect(navy?.[700]).toBe("#1b3866");
    expect(gold?.[400]).toBe("#e8ab35");
    expect(textPairs({ brand: "#1b3866", accent: "#e8ab35" }).filter((pair) => pair.ratio < pair.min)).toEqual([]);
    expect(brandCss({ brand: "#0f4c5c" }, "Georgia, serif")).toMatch(
      /^:root\{--chakra-colors-navy-50:#[0-9a-f]{6};.*--chakra-colors-navy-700:#0f4c5c;.*--chakra-fonts-body:Georgia, serif;/,
    );
    expect(brandCss(undefined, undefined)).toBe("");
  });

  it("paints the phone browser's bar in the brand's darkest shade, which follows a new brand colour", () => {
    const teal = browserThemeColor({ brand: "#0f4c5c" });
    expect(teal).toBe(palettes({ brand: "#0f4c5c" }).navy?.[900]);
    expect(teal).not.toBe(browserThemeColor(undefined));
    // Dark enough for the browser's white text and icons.
    expect(contrast(teal, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(browserThemeColor(undefined), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("accepts the fixture's colours", () => {
    const { problems } = loadFixture({}, { now: new Date("2026-11-23T12:00Z") });
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
  }, 20_000);

  it("refuses a brand colour too light for white text, at its line, naming the pair and the ratio", () => {
    const file = withColors("#7fb3c2", "#f2b134");
    const { content, problems } = loadFixture({ "content/site.yaml": file });
    expect(content).toBeUndefined();
    const problem = problems.find((candidate) => candidate.code === "low-contrast")!;
    expect(problem).toMatchObject({ file: "content/site.yaml", line: lineOf(file, 'brand: "#7fb3c2"'), col: 12, path: "brand.colors.brand" });
    expect(formatProblem(problem)).toMatch(
      /low-contrast {2}#7fb3c2 makes text \(#ffffff\) on the dark band of spotlight, modules and bonuses sections \(#7fb3c2\) \d\.\d\d:1, under the 4\.5:1 that small text needs \(WCAG AA\)\.\n {4}hint: Try "#[0-9a-f]{6}", the nearest shade with which every text reads\. The brand colour must be dark enough/,
    );
  });

  it("refuses an accent too dark for dark text on it", () => {
    const file = withColors("#0f4c5c", "#5a3d8a");
    const { problems } = loadFixture({ "content/site.yaml": file });
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: "low-contrast",
        line: lineOf(file, 'accent: "#5a3d8a"'),
        path: "brand.colors.accent",
        message: expect.stringContaining("an accent button's label (#05171c) on the accent colour (#5a3d8a)"),
      }),
    );
  });

  it("paints muted and dark sections in the surfaces the brand gives, the footer a shade darker", () => {
    const colors = { brand: "#0f4c5c", surfaces: { muted: "#F3F1EA", dark: "#0b2e36" } };
    const painted = surfaces(colors);
    expect(painted).toMatchObject({ muted: "#f3f1ea", dark: "#0b2e36" });
    expect(contrast(painted.darkest, "#ffffff")).toBeGreaterThan(contrast(painted.dark, "#ffffff"));
    const css = brandCss(colors, undefined);
    expect(css).toContain("--chakra-colors-surface-muted:#f3f1ea");
    expect(css).toContain("--chakra-colors-surface-dark:#0b2e36");
    expect(css).toContain(`--chakra-colors-surface-darkest:${painted.darkest}`);
    // Without surfaces of its own the brand's darkest shades are the dark surfaces, as the theme's navy.900 and navy.950.
    expect(brandCss({ brand: "#0f4c5c" }, undefined)).not.toContain("surface");
    expect(surfaces({ brand: "#0f4c5c" }).dark).toBe(palettes({ brand: "#0f4c5c" }).navy?.[900]);
    expect(browserThemeColor(colors)).toBe("#0b2e36");
    expect(textPairs(colors).filter((pair) => pair.ratio < pair.min)).toEqual([]);
    // The pairs on a surface the brand sets are that surface's.
    expect(
      textPairs(colors)
        .filter((pair) => pair.name.includes("muted sections"))
        .map((pair) => pair.path),
    ).toEqual(Array.from({ length: 7 }, () => ["surfaces", "muted"]));
  });

  it.each([
    ["muted", "#c9d2dc", "on muted sections (#c9d2dc)", "The muted surface must be light enough"],
    ["dark", "#5b7f8a", "text (#ffffff) on brand sections and the brand banner (#5b7f8a)", "The dark surface must be dark enough"],
  ])("refuses a %s surface that text cannot be read on, at its line", (kind, colour, pair, hint) => {
    const file = site.replace(new RegExp(`( {6}${kind}: )"[^"]*"`), `$1"${colour}"`);
    expect(file).not.toBe(site);
    const { content, problems } = loadFixture({ "content/site.yaml": file });
    expect(content).toBeUndefined();
    const problem = problems.find((candidate) => candidate.code === "low-contrast" && candidate.message.includes(pair))!;
    expect(problem).toMatchObject({ file: "content/site.yaml", line: lineOf(file, `${kind}: "${colour}"`), path: `brand.colors.surfaces.${kind}` });
    expect(problem.message).toMatch(new RegExp(`^${colour} makes .* \\d+\\.\\d\\d:1, under the 4\\.5:1`));
    expect(problem.hint).toContain(hint);
  });

  it("measures every text role on every surface: the accent's small headings on the brand's dark band too", () => {
    // A pair a list of chosen pairs once missed: gold.300 on navy.700, as a spotlight section paints it.
    const file = withColors("#6b5d00", "#d9bc1f");
    const { content, problems } = loadFixture({ "content/site.yaml": file });
    expect(content).toBeUndefined();
    const problem = problems.find((candidate) => candidate.code === "low-contrast")!;
    expect(problem).toMatchObject({ line: lineOf(file, 'accent: "#d9bc1f"'), path: "brand.colors.accent" });
    expect(problem.message).toContain("small headings above headings (#e5d164) on the dark band of spotlight, modules and bonuses sections (#6b5d00) 4.27:1");
    // The shade suggested passes every pair: the site validates with it.
    const suggested = /Try "(#[0-9a-f]{6})"/.exec(problem.hint!)![1]!;
    expect(textPairs({ brand: "#6b5d00", accent: suggested }).filter((pair) => pair.ratio < pair.min)).toEqual([]);
    expect(loadFixture({ "content/site.yaml": withColors("#6b5d00", suggested) }).problems.filter((each) => each.severity === "error")).toEqual([]);
  });

  it("pairs every text role of the theme with every surface of its kind", () => {
    const names = textPairs({ brand: "#1b3866", accent: "#e8ab35" }).map((pair) => pair.name);
    for (const role of Object.values(TEXT_ROLES))
      for (const surface of ["the white page", "muted sections", "brand sections and the brand banner", "the dark band of spotlight", "the footer"])
        expect(
          names.some((name) => name.startsWith(`${role.words} (`) && name.includes(` on ${surface}`)),
          `${role.words} on ${surface}`,
        ).toBe(true);
  });

  it.each([
    ["a colour that is not #rrggbb", '  colors:\n    brand: "navy"\n', "invalid-format"],
    ["a font stack that could break out of its rule", '  font: "Inter; } body { display: none"\n', "invalid-format"],
  ])("refuses %s", (_name, lines, code) => {
    const file = site.replace(/ {2}colors:\n {4}brand: "[^"]*"\n {4}accent: "[^"]*"\n(?: {4}surfaces:\n(?: {6}[^\n]*\n)*)? {2}font: [^\n]*\n/, lines);
    expect(file).not.toBe(site);
    const { problems } = loadFixture({ "content/site.yaml": file });
    expect(problems).toContainEqual(expect.objectContaining({ file: "content/site.yaml", code }));
  });
});
