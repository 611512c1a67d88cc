// @vitest-environment node
/**
 * What the content check refuses that a careless save or a hostile file could slip in:
 * a file in another encoding than UTF-8, a colour or a font that is not one, a schedule
 * that closes before it opens; and a broken file never hides the other files' problems,
 * in `npm run validate` as in the editor.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeContent, firstInvalidUtf8, loadContent } from "../../src/site/load.ts";
import type { Problem } from "../../src/content/problems.ts";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { loadFixture, ROOT, SPEC_SITE } from "../support/fixture-site.ts";
import { siteCopy } from "../support/site-copy.ts";

const fixture = (file: string) => readFileSync(join(SPEC_SITE, file), "utf8");
const siteYaml = fixture("content/site.yaml");
const pagesYaml = fixture("pages.yaml");
const errors = (problems: Problem[]) => problems.filter((problem) => problem.severity === "error");
/** The problems in content/site.yaml (the fixture's pages.yaml has a warning of its own). */
const inSite = (problems: Problem[]) => problems.filter((problem) => problem.file === "content/site.yaml");
/** The 1-based line of `text` that holds `needle` first. */
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;
/** `text` with its first line holding `needle` replaced (a function: content is never a replacement pattern). */
const replaceLine = (text: string, needle: string, line: string) => {
  const lines = text.split("\n");
  const at = lines.findIndex((candidate) => candidate.includes(needle));
  if (at < 0) throw new Error(`No line holds ${needle}`);
  lines[at] = line;
  return lines.join("\n");
};

describe("a content file that is not UTF-8", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "content-encoding-"));
    cpSync(join(SPEC_SITE, "content"), join(root, "content"), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  /** Loads the copy with pages.yaml written as these bytes, from disk, as validate, the dev server and the build read it. */
  const loadWithPages = (bytes: Uint8Array) => {
    writeFileSync(join(root, "pages.yaml"), bytes);
    return loadContent(root, { projectRoot: ROOT });
  };

  it("saved in Windows-1252 (ñ as one byte) is refused at the byte's line and column, with its offset, in plain words", () => {
    const heading = lineOf(pagesYaml, "heading: Save $50K+");
    const utf8 = replaceLine(pagesYaml, "heading: Save $50K+", "        heading: Ahorre en impuestos con un CPA en Español");
    const text = Buffer.from(utf8, "utf8");
    // The same text as a Windows-1252 editor saves it: ñ is the single byte 0xF1.
    const offset = text.indexOf(Buffer.from("Español", "utf8")) + "Espa".length;
    const latin = Buffer.concat([text.subarray(0, offset), Buffer.of(0xf1), text.subarray(offset + 2)]);
    const { content, problems } = loadWithPages(latin);
    expect(content).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "file-encoding",
        file: "pages.yaml",
        line: heading,
        col: "        heading: Ahorre en impuestos con un CPA en Espa".length + 1,
      }),
    ]);
    expect(problems[0]!.message).toContain(`(byte ${offset} of the file)`);
    expect(problems[0]!.message).toContain("0xF1");
    expect(problems[0]!.hint).toMatch(/Windows-1252 \(where this byte is "ñ"\).*save .*UTF-8/i);
  });

  it("in UTF-16 is refused at its first line, saying so", () => {
    const utf16 = Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from(pagesYaml, "utf16le")]);
    const { problems } = loadWithPages(utf16);
    expect(problems).toEqual([expect.objectContaining({ code: "file-encoding", file: "pages.yaml", line: 1, col: 1 })]);
    expect(problems[0]!.message).toMatch(/UTF-16/);
  });

  it("with a UTF-8 byte order mark is read as UTF-8, the mark left out", () => {
    const { content, problems } = loadWithPages(Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from(pagesYaml, "utf8")]));
    expect(errors(problems)).toEqual([]);
    expect(content?.pages[0]?.path).toBe("/");
  });

  it("the first byte that is not UTF-8: overlong forms, surrogates, cut sequences and stray bytes", () => {
    const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));
    expect(at(0x61, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80)).toBe(-1);
    expect(at(0x61, 0xc0, 0x80)).toBe(1);
    expect(at(0x61, 0x62, 0xed, 0xa0, 0x80)).toBe(2);
    expect(at(0x61, 0xe2, 0x82)).toBe(1);
    expect(at(0x80)).toBe(0);
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0);
    expect(() => decodeContent(Uint8Array.of(0x61, 0x0a, 0x62, 0x00))).toThrow(/zero byte at line 2, column 2 \(byte 3 of the file\)/);
    expect(decodeContent(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe("a");
  });
});

describe("one broken file does not hide the others' problems", () => {
  /** pages.yaml whose first hero names a target site.yaml does not have, and a picture there is not. */
  const pagesWithBadReferences = replaceLine(
    replaceLine(pagesYaml, "src: /images/hero-advisory.jpg", "          src: /images/hero-advisry.jpg"),
    "to: booking",
    "            to: bookng",
  );
  const picture = { code: "image-missing", file: "pages.yaml", line: lineOf(pagesYaml, "src: /images/hero-advisory.jpg") };
  const target = { code: "unknown-target", file: "pages.yaml", line: lineOf(pagesYaml, "to: booking") };

  it("site.yaml with an error: pages.yaml's unknown target and missing picture are reported with it", () => {
    const skipLink = lineOf(siteYaml, "skipLink:");
    const { content, problems } = loadFixture({
      "content/site.yaml": replaceLine(siteYaml, "skipLink:", 'skipLink: ""'),
      "pages.yaml": pagesWithBadReferences,
    });
    expect(content).toBeUndefined();
    expect(errors(problems)).toEqual([
      expect.objectContaining({ file: "content/site.yaml", line: skipLink, code: "empty-text" }),
      expect.objectContaining(picture),
      expect.objectContaining(target),
    ]);
    expect(problems.find((problem) => problem.code === "image-missing")!.hint).toBe("Did you mean /images/hero-advisory.jpg?");
  });

  it("a collection with an error: the same", () => {
    const { problems } = loadFixture({
      "content/faq.yaml": `${fixture("content/faq.yaml")}  - question: Only a question?\n`,
      "pages.yaml": pagesWithBadReferences,
    });
    expect(errors(problems)).toEqual([
      expect.objectContaining({ file: "content/faq.yaml", code: "missing-field" }),
      expect.objectContaining(picture),
      expect.objectContaining(target),
    ]);
  });

  it("a picture in a shared section, once, at its own line, while site.yaml is broken", () => {
    const sections = `${fixture("content/sections.yaml").trimEnd()}\n  founder-bio:\n    type: bio\n    name: Jordan Avery, CPA\n    role: Founder\n    image:\n      src: /images/nowhere.png\n      alt: Jordan Avery\n    paragraphs:\n      - Fifteen years of tax planning.\n`;
    const pages = replaceLine(pagesYaml, "- use: newsletter-cta", "      - use: founder-bio");
    const { problems } = loadFixture({
      "content/site.yaml": replaceLine(siteYaml, "skipLink:", 'skipLink: ""'),
      "content/sections.yaml": sections,
      "pages.yaml": pages,
    });
    expect(errors(problems).map((problem) => `${problem.file}:${problem.line}:${problem.code}`)).toEqual([
      `content/sections.yaml:${sections.split("\n").findIndex((line) => line.includes("nowhere.png")) + 1}:image-missing`,
      `content/site.yaml:${lineOf(siteYaml, "skipLink:")}:empty-text`,
    ]);
  });

  it("a link in an article to a target site.yaml does not have, while pages.yaml is broken", () => {
    const articles = fixture("content/articles.yaml").replace("    body: |\n", () => "    body: |\n      Read [our offer](bookng) first.\n\n");
    const { problems } = loadFixture({ "content/articles.yaml": articles, "pages.yaml": `${pagesYaml}\nnonsense: true\n` });
    expect(errors(problems)).toEqual([
      expect.objectContaining({ file: "content/articles.yaml", code: "unknown-target", line: lineOf(articles, "Read [our offer]") }),
      expect.objectContaining({ file: "pages.yaml", code: "unknown-field" }),
    ]);
  });

  it("reports nothing more than the broken file when the others are right, as when the content resolves", () => {
    const whole = loadFixture();
    const broken = loadFixture({ "content/site.yaml": replaceLine(siteYaml, "skipLink:", 'skipLink: ""') });
    expect(errors(broken.problems)).toEqual([expect.objectContaining({ code: "empty-text" })]);
    const key = (problem: Problem) => `${problem.file}:${problem.line}:${problem.code}`;
    for (const warning of broken.problems.filter((problem) => problem.severity === "warning")) expect(whole.problems.map(key)).toContain(key(warning));
  });
});

describe("the editor, with another file already broken", () => {
  const site = siteCopy("content-hardening-editor");
  const pagesFile = join(site.dir, "pages.yaml");
  const siteFile = join(site.dir, "content", "site.yaml");
  let editor: RunningEditor;

  beforeAll(async () => {
    process.env.IMAGE_CACHE_DIR ??= join(ROOT, ".cache", "images");
    editor = await startEditor({ root: site.dir, port: 0, quiet: true });
  }, 120_000);
  afterAll(async () => {
    await editor?.close();
    site.remove();
  });

  const save = (body: unknown) => {
    const { port } = new URL(editor.origin);
    const text = JSON.stringify(body);
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/__editor/api/save",
          method: "POST",
          headers: { host: `127.0.0.1:${port}`, origin: editor.origin, "x-editor-token": editor.token, "content-type": "application/json" },
        },
        (res) => {
          let answer = "";
          res.on("data", (chunk) => (answer += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: answer.startsWith("{") ? JSON.parse(answer) : { text: answer } }));
        },
      );
      req.on("error", reject);
      req.end(text);
    });
  };

  it("refuses a save that adds an unknown target and a missing picture (422), writing nothing; a harmless one is still saved", async () => {
    // site.yaml broken first: its targets and picture hosts are still what a save is checked against.
    writeFileSync(siteFile, replaceLine(readFileSync(siteFile, "utf8"), "skipLink:", 'skipLink: ""'));
    const original = readFileSync(pagesFile, "utf8");
    const bad = replaceLine(
      replaceLine(original, "src: /images/hero-advisory.jpg", "          src: /images/hero-advisry.jpg"),
      "to: booking",
      "            to: bookng",
    );
    const refused = await save({ file: "pages", base: original, text: bad });
    expect(refused.status).toBe(422);
    const codes = (refused.body.problems as Problem[]).filter((problem) => problem.file === "pages.yaml").map((problem) => problem.code);
    expect(codes).toEqual(expect.arrayContaining(["unknown-target", "image-missing"]));
    expect(readFileSync(pagesFile, "utf8")).toBe(original);

    const harmless = replaceLine(original, "heading: Save $50K+", "        heading: Save more in taxes this year");
    expect((await save({ file: "pages", base: original, text: harmless })).status).toBe(200);
    expect(readFileSync(pagesFile, "utf8")).toBe(harmless);
  }, 60_000);
});

describe("brand colours and font: the format first, one problem each", () => {
  const colourLine = lineOf(siteYaml, "    brand: ");
  it.each(["navy", '"red;}body{display:none"', '"#fff"'])("brand: %s is one problem at its line, not a contrast per text pair", (value) => {
    const { problems } = loadFixture({ "content/site.yaml": replaceLine(siteYaml, "    brand: ", `    brand: ${value}`) });
    expect(inSite(problems)).toEqual([
      expect.objectContaining({ code: "invalid-format", file: "content/site.yaml", line: colourLine, path: "brand.colors.brand" }),
    ]);
    expect(inSite(problems)[0]!.message).toMatch(/^Expected a colour like "#1b3866"/);
  });

  it("a malformed accent leaves the other colours' contrast checked", () => {
    const site = replaceLine(replaceLine(siteYaml, "    accent: ", "    accent: gold"), "    brand: ", '    brand: "#7fb3c2"');
    const { problems } = loadFixture({ "content/site.yaml": site });
    expect(problems.filter((problem) => problem.path === "brand.colors.accent").map((problem) => problem.code)).toEqual(["invalid-format"]);
    expect(problems.some((problem) => problem.code === "low-contrast" && problem.path === "brand.colors.brand")).toBe(true);
    expect(problems.some((problem) => problem.message.includes("NaN"))).toBe(false);
  });

  const fontLine = lineOf(siteYaml, "  font: ");
  it.each([
    ['"\\"Georgia, serif"', /double quote opens/],
    ['"Georgia, , serif"', /missing between two commas/],
    ['"Georgia, serif,"', /missing between two commas/],
    ['"Font 2, serif"', /"Font 2" needs quotes/],
    ['"Georgia, \'Times New Roman, serif"', /single quote opens/],
    ["\"Geor'gia', serif\"", /Quotes go around a whole font name/],
    ['"inherit"', /CSS keyword/],
    ['"Source Sans 3, sans-serif"', /"Source Sans 3" needs quotes/],
  ])("font: %s is one problem at its line", (value, message) => {
    const { problems } = loadFixture({ "content/site.yaml": replaceLine(siteYaml, "  font: ", `  font: ${value}`) });
    expect(inSite(problems)).toEqual([expect.objectContaining({ code: "invalid-format", file: "content/site.yaml", line: fontLine, path: "brand.font" })]);
    expect(inSite(problems)[0]!.message).toMatch(message);
  });

  it("a font with a character that would end the stylesheet's rule is one problem too", () => {
    const { problems } = loadFixture({ "content/site.yaml": replaceLine(siteYaml, "  font: ", '  font: "Georgia; } body { display: none"') });
    expect(inSite(problems)).toEqual([expect.objectContaining({ code: "invalid-format", line: fontLine })]);
  });

  it.each(["\"Georgia, 'Times New Roman', serif\"", '"-apple-system, \\"Segoe UI\\", Roboto, sans-serif"', "system-ui", "\"'Source Sans 3', sans-serif\""])(
    "font: %s is accepted",
    (value) => {
      const { problems } = loadFixture({ "content/site.yaml": replaceLine(siteYaml, "  font: ", `  font: ${value}`) });
      expect(errors(problems)).toEqual([]);
    },
  );
});

describe("a schedule that closes before it opens", () => {
  const cta = lineOf(pagesYaml, "type: cta");
  const indent = " ".repeat(pagesYaml.split("\n")[cta - 1]!.indexOf("type:"));
  const scheduled = (from: string, until: string) =>
    pagesYaml
      .split("\n")
      .flatMap((line, index) => (index === cta - 1 ? [line, `${indent}from: ${from}`, `${indent}until: ${until}`] : [line]))
      .join("\n");

  it.each([
    ["2026-12-01", "2026-11-29"],
    // The last day before from: it ends as from begins.
    ["2026-12-01", "2026-11-30"],
    ["2026-12-01T09:00Z", "2026-12-01T04:00-05:00"],
  ])("from: %s, until: %s is refused at the until line", (from, until) => {
    const { content, problems } = loadFixture({ "pages.yaml": scheduled(from, until) });
    expect(content).toBeUndefined();
    expect(errors(problems)).toEqual([expect.objectContaining({ code: "schedule-order", file: "pages.yaml", line: cta + 2 })]);
    expect(errors(problems)[0]!.message).toBe(`until: ${until} ends the section no later than from: ${from} starts it, so it would never be shown.`);
  });

  it("one day, from and until the same date, is a day's window", () => {
    const { content, problems } = loadFixture({ "pages.yaml": scheduled("2026-12-01", "2026-12-01") });
    expect(errors(problems)).toEqual([]);
    expect(content?.schedule.some((item) => item.from === "2026-12-01" && item.until === "2026-12-01")).toBe(true);
  });

  it("a card and the banner are checked the same way", () => {
    const site = replaceLine(siteYaml, "  until: 2026-01-04", "  from: 2026-01-05\n  until: 2026-01-04");
    const card = lineOf(pagesYaml, "title: Tax Savings Blueprint");
    const pages = replaceLine(
      pagesYaml,
      "title: Tax Savings Blueprint",
      "            title: Tax Savings Blueprint\n            from: 2026-12-01\n            until: 2026-11-01",
    );
    const { problems } = loadFixture({ "content/site.yaml": site, "pages.yaml": pages });
    expect(errors(problems)).toEqual([
      expect.objectContaining({ code: "schedule-order", file: "content/site.yaml", path: "banner.until", line: lineOf(siteYaml, "  until: 2026-01-04") + 1 }),
      expect.objectContaining({ code: "schedule-order", file: "pages.yaml", path: "routes[0].sections[2].items[0].until", line: card + 2 }),
    ]);
    expect(errors(problems)[1]!.message).toMatch(/ends the card no later than/);
  });
});
