/**
 * Validation's colour verdict and axe's agree. Brand and accent colours are drawn at random near
 * the edge of what validation accepts, from a seeded generator (BRAND_COLOURS_SEED=<n> draws
 * others, and replays a failure), onto a copy of the spec fixture site:
 * - a pair validation accepts is built, and axe's color-contrast rule finds no text under its
 *   contrast on any page at 390 and 1280 px (a pair validation let through, "#6b5d00" with
 *   "#d9bc1f", once failed on /services: validation measured fewer pairs than the pages paint);
 * - a pair it refuses is refused for contrast alone, at the line of the colour at fault.
 * The draws take turns a little inside and a little beyond the edge until BUILT pairs (one by
 * default) are accepted and one is refused: a draw without a refusal would prove nothing of the edge.
 * The cost is axe's, a few tenths of a second per page and width (every route at two widths:
 * about 20 s of processor time per pair), not the builds', which start from the previous run's
 * (the seed is fixed, so the sites are the same from run to run).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPairs, type BrandColors } from "../../src/content/brand.ts";
import type { Problem } from "../../src/content/problems.ts";
import { axeViolations, DESKTOP, inLanes, LANES, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { FIXTURE_NOW, loadFixture, ROOT, routesOf, SPEC_SITE } from "../support/fixture-site.ts";
import { serveSite } from "../support/serve-dist.ts";
import { unusedPath } from "../support/site-checks.ts";

const SEED = Number(process.env.BRAND_COLOURS_SEED ?? 20_261_126);
/** Pairs validation accepts that are built and checked with axe, the file's cost (BRAND_COLOURS_BUILT=10 looks further). */
const BUILT = Number(process.env.BRAND_COLOURS_BUILT ?? 1);
/** Draws after which the generator is taken to miss the edge (about one draw in three is accepted). */
const MAX_DRAWS = 10 + 10 * BUILT;
const REPLAY = `seed ${SEED} (BRAND_COLOURS_SEED=${SEED} replays it)`;

/** The pair a marketer found: accepted by validation then, refused by axe on /services. */
const HISTORICAL: Draw = { brand: "#6b5d00", accent: "#d9bc1f", surfaces: "fixture" };

interface Draw {
  brand: string;
  accent: string;
  /** The fixture's own muted and dark surfaces, or none (the brand's darkest shades paint brand sections and the footer). */
  surfaces: "fixture" | "none";
}
const describeDraw = (draw: Draw) =>
  `brand "${draw.brand}", accent "${draw.accent}", ${draw.surfaces === "fixture" ? "the fixture's surfaces" : "no surfaces"}`;

const FIXTURE_SITE_YAML = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const COLOURS = / {2}colors:\n {4}brand: "[^"]*"\n {4}accent: "[^"]*"\n( {4}surfaces:\n(?: {6}[^\n]*\n)*)/;
const FIXTURE_SURFACES = {
  muted: /\n {6}muted: "([^"]*)"/.exec(FIXTURE_SITE_YAML)![1]!,
  dark: /\n {6}dark: "([^"]*)"/.exec(FIXTURE_SITE_YAML)![1]!,
};

/** The fixture's site.yaml with the pair's colours, every other line as it is. */
function siteYaml(draw: Draw): string {
  const surfaces = draw.surfaces === "fixture" ? "$1" : "";
  const text = FIXTURE_SITE_YAML.replace(COLOURS, `  colors:\n    brand: "${draw.brand}"\n    accent: "${draw.accent}"\n${surfaces}`);
  if (text === FIXTURE_SITE_YAML || !text.includes(`accent: "${draw.accent}"`))
    throw new Error("The fixture's site.yaml no longer has brand.colors as this test writes them.");
  return text;
}

/** Where each colour of the file is written: the position validation must report a colour at, as "brand.colors.accent" → line and column. */
function colourPositions(text: string): Map<string, { line: number; col: number }> {
  const positions = new Map<string, { line: number; col: number }>();
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line === "  colors:");
  for (let index = start + 1; index < lines.length && lines[index]!.startsWith("    "); index++) {
    const match = /^( +)(brand|accent|muted|dark): "/.exec(lines[index]!);
    if (!match) continue;
    const path = match[1]!.length === 6 ? `brand.colors.surfaces.${match[2]}` : `brand.colors.${match[2]}`;
    positions.set(path, { line: index + 1, col: match[0].length });
  }
  return positions;
}

/** mulberry32: small, fast and seeded. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** #rrggbb of a hue (degrees), saturation and lightness (0 to 1). */
function hsl(hue: number, saturation: number, lightness: number): string {
  const l = Math.min(1, Math.max(0, lightness));
  const a = saturation * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round((l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return `#${[channel(0), channel(8), channel(4)].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}

/** How far around an edge of acceptance a lightness is drawn: a few shades either side. */
const SPREAD = 0.04;

/**
 * A pair near the edge of what validation accepts. The hues and saturations are any; the
 * accent's lightness is drawn across the band in which its own pairs pass (with a very dark
 * brand, the most forgiving) and a little beyond it; the brand's lightness a few shades inside or
 * beyond the lightest with which every pair passes beside that accent, where a brand colour
 * starts to be refused. The edges are found with validation's own table (textPairs), so the
 * draws follow it wherever it moves; the verdicts are then validation's and axe's.
 */
function drawPair(next: () => number, surfaces: Draw["surfaces"], side: "inside" | "beyond"): Draw {
  const colors = (brand: string, accent: string): BrandColors => ({ brand, accent, ...(surfaces === "fixture" ? { surfaces: FIXTURE_SURFACES } : {}) });
  const fails = (candidate: BrandColors, at?: string) =>
    textPairs(candidate).some((pair) => pair.ratio < pair.min && pair.value && (at === undefined || pair.path.join(".") === at));
  const [brandHue, brandSaturation, accentHue, accentSaturation] = [next() * 360, 0.2 + 0.75 * next(), next() * 360, 0.3 + 0.7 * next()];
  const darkest = hsl(brandHue, brandSaturation, 0.08);
  const band: number[] = [];
  for (let lightness = 0; lightness <= 1; lightness += 0.01)
    if (!fails(colors(darkest, hsl(accentHue, accentSaturation, lightness)), "accent")) band.push(lightness);
  const [low, high] = band.length ? [band[0]!, band.at(-1)!] : [0.5, 0.8];
  const accent = hsl(accentHue, accentSaturation, low - SPREAD + next() * (high - low + 2 * SPREAD));
  // An accent refused whatever the brand: the brand's edge is that of its own pairs.
  const accentRefused = fails(colors(darkest, accent), "accent");
  let [dark, light] = [0, 1];
  for (let step = 0; step < 16; step++) {
    const middle = (dark + light) / 2;
    if (fails(colors(hsl(brandHue, brandSaturation, middle), accent), accentRefused ? "brand" : undefined)) light = middle;
    else dark = middle;
  }
  return { brand: hsl(brandHue, brandSaturation, dark + (side === "inside" ? -1 : 1) * SPREAD * next()), accent, surfaces };
}

interface Verdict {
  draw: Draw;
  /** Drawn, or a fixed case. */
  drawn: boolean;
  text: string;
  errors: Problem[];
}

/** The fixture with the pair, through the loader npm run validate runs, at the fixture build's clock. */
function validate(draw: Draw, drawn: boolean): Verdict {
  const text = siteYaml(draw);
  const { problems } = loadFixture({ "content/site.yaml": text }, { now: FIXTURE_NOW });
  return { draw, drawn, text, errors: problems.filter((problem) => problem.severity === "error") };
}

/** Every pair drawn and the fixed ones, with validation's verdict: the draws stop once BUILT pairs are accepted and one is refused. */
function verdicts(): Verdict[] {
  const all = [validate(HISTORICAL, false)];
  const next = random(SEED);
  let count = 0;
  for (let draws = 1; count < BUILT || !all.some((verdict) => verdict.drawn && verdict.errors.length); draws++) {
    if (draws > MAX_DRAWS)
      throw new Error(
        `${MAX_DRAWS} draws held fewer than ${BUILT} pairs validation accepts, or none it refuses, ${REPLAY}: the draws no longer reach the edge of acceptance.`,
      );
    // The draws take turns inside and beyond the brand's edge, and the pairs accepted take turns
    // with brand and accent alone and with the fixture's surfaces too.
    const side = draws % 2 === 1 ? "inside" : "beyond";
    const verdict = validate(drawPair(next, count % 2 === 0 ? "none" : "fixture", side), true);
    // Past BUILT, only refused pairs are kept: each accepted one costs a build.
    if (!verdict.errors.length && count >= BUILT) continue;
    all.push(verdict);
    if (!verdict.errors.length) count++;
  }
  return all;
}

const ROUTES = [...routesOf(SPEC_SITE), unusedPath(routesOf(SPEC_SITE))];

let results: Verdict[] = [];
let accepted: (Verdict & { url: string })[] = [];
const servers: { close: () => Promise<void> }[] = [];
const copies: string[] = [];

/** Builds each accepted pair's site side by side, into a folder of its own that the next run's build starts from. */
beforeAll(async () => {
  results = verdicts();
  accepted = await Promise.all(
    results
      .filter((verdict) => verdict.drawn && !verdict.errors.length)
      .map(async (verdict, index) => {
        const dir = mkdtempSync(join(tmpdir(), `brand-colours-${index}-`));
        copies.push(dir);
        cpSync(join(SPEC_SITE, "content"), join(dir, "content"), { recursive: true });
        cpSync(join(SPEC_SITE, "pages.yaml"), join(dir, "pages.yaml"));
        writeFileSync(join(dir, "content", "site.yaml"), verdict.text);
        const out = join(ROOT, ".test-builds", `brand-colours-${index}`);
        const env = { ...process.env };
        delete env.SITE_CONTENT_ROOT;
        const now = FIXTURE_NOW.toISOString().replace(":00.000Z", "Z");
        await promisify(execFile)(process.execPath, ["scripts/cli.mjs", "build", "--content", dir, "--out", out, "--now", now], { cwd: ROOT, env }).catch(
          (error: Error & { stdout?: string; stderr?: string }) => {
            throw new Error(`The site with ${describeDraw(verdict.draw)} (${REPLAY}) did not build: ${error.stdout ?? ""}${error.stderr ?? error.message}`);
          },
        );
        const server = await serveSite(out);
        servers.push(server);
        return { ...verdict, url: server.url };
      }),
  );
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

const browser = useBrowser();

describe(`brand colours drawn at random (${REPLAY})`, () => {
  it("held pairs validation accepts and pairs it refuses", () => {
    const drawn = results.filter((verdict) => verdict.drawn);
    const lines = drawn.map((verdict) => `${describeDraw(verdict.draw)}: ${verdict.errors.length ? "refused" : "accepted"}`).join("\n");
    expect(drawn.filter((verdict) => !verdict.errors.length).length, `${REPLAY}\n${lines}`).toBe(BUILT);
    expect(drawn.filter((verdict) => verdict.errors.length).length, `no draw was refused, ${REPLAY}\n${lines}`).toBeGreaterThan(0);
  });

  it("refuses a pair for contrast alone, at the line of the colour at fault", () => {
    expect(results[0]!.errors.length, `validation accepts ${describeDraw(HISTORICAL)}, which axe refused on /services`).toBeGreaterThan(0);
    const refused = results.filter((verdict) => verdict.errors.length);
    for (const { draw, text, errors } of refused) {
      const positions = colourPositions(text);
      const where = `${describeDraw(draw)}, ${REPLAY}`;
      for (const problem of errors) {
        const at = positions.get(problem.path ?? "");
        expect(at, `${where}: ${problem.file}:${problem.line}:${problem.col} ${problem.path} ${problem.code} ${problem.message}`).toBeDefined();
        expect(problem, where).toMatchObject({ file: "content/site.yaml", code: "low-contrast", line: at!.line, col: at!.col });
        // It names the colour at that line, and a pair under its ratio.
        const value = new RegExp(`^ +[a-z]+: "(#[0-9a-fA-F]{6})"`).exec(text.split("\n")[at!.line - 1]!)![1]!;
        expect(problem.message, where).toMatch(new RegExp(`^${value} makes .* \\d+\\.\\d\\d:1, under the (4\\.5|3):1`));
      }
    }
  });

  it.each(Array.from({ length: BUILT }, (_, index) => index))(
    "accepted pair %i: axe finds no text under its contrast on any page, at 390 and 1280 px",
    async (index) => {
      const site = accepted[index]!;
      const pages = await Promise.all(Array.from({ length: LANES }, () => openPage(browser(), PHONE)));
      const found: string[] = [];
      try {
        await inLanes(ROUTES, LANES, async (route, lane) => {
          const { page } = pages[lane]!;
          await page.setViewportSize(PHONE);
          await page.goto(site.url + route);
          // One load, both widths: the colours follow the stylesheet's media queries, which a resize applies.
          for (const viewport of [PHONE, DESKTOP]) {
            await page.setViewportSize(viewport);
            for (const violation of await axeViolations(page, { rules: ["color-contrast"] })) found.push(`${route} at ${viewport.width} px: ${violation}`);
          }
        });
      } finally {
        await Promise.all(pages.map((opened) => opened.close()));
      }
      expect(found, `validation accepted ${describeDraw(site.draw)}, ${REPLAY}`).toEqual([]);
    },
    // Two widths of every route of the fixture, on two cores shared with another test file.
    120_000,
  );
});
