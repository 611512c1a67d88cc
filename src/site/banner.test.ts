import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";

const fixtureSite = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace(/\n# A site-wide banner[\s\S]*$/, "\n");
const siteWith = (banner: string) => `${fixtureSite}banner:\n${banner}`;
const pages = (routeBanner = "") =>
  `routes:\n  - path: /\n    title: T\n    description: D\n${routeBanner}    sections:\n      - type: hero\n        heading: H\n  - path: /other\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`;
const NOW = new Date("2026-11-23T12:00Z");
const load = (files: Record<string, string>, now = NOW) => loadFixture(files, { now });
/** The banner on each page this file declares (the fixture's articles are pages of their own, checked apart). */
const banners = (result: ReturnType<typeof load>) =>
  Object.fromEntries(result.content!.pages.filter((page) => !page.path.startsWith("/resources/")).map((page) => [page.path, page.banner?.text]));

describe("the announcement banner", () => {
  it("shows the site's banner on every page, with its link resolved and a key for its content", () => {
    const result = load({
      "content/site.yaml": siteWith("  text: Tax season hours start December 1.\n  link:\n    label: See the hours\n    to: /other\n  tone: accent\n"),
      "pages.yaml": pages(),
    });
    expect(banners(result)).toEqual({
      "/": "Tax season hours start December 1.",
      "/other": "Tax season hours start December 1.",
      "*": "Tax season hours start December 1.",
    });
    // An article's page is a page like any other: the site's banner shows there too.
    const articles = result.content!.pages.filter((page) => page.path.startsWith("/resources/"));
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles) expect(article.banner?.text).toBe("Tax season hours start December 1.");
    expect(result.content!.pages[0]!.banner).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{12}$/),
      text: "Tax season hours start December 1.",
      link: { label: "See the hours", to: { kind: "route", href: "/other" } },
      tone: "accent",
    });
    // The pages receive the banner they show; the site's data does not carry it again.
    expect(result.content!.site).not.toHaveProperty("banner");
  });

  it("gives a new key when the content changes, so a visitor who dismissed the old one sees the new one", () => {
    const key = (text: string) => load({ "content/site.yaml": siteWith(`  text: ${text}\n`), "pages.yaml": pages() }).content!.pages[0]!.banner!.key;
    expect(key("Open Saturday.")).toBe(key("Open Saturday."));
    expect(key("Open Saturday.")).not.toBe(key("Open Sunday."));
  });

  it("lets a page show its own banner in place of the site's, or none", () => {
    const own = load({ "content/site.yaml": siteWith("  text: Site-wide.\n"), "pages.yaml": pages("    banner:\n      text: This page only.\n") });
    expect(banners(own)).toEqual({ "/": "This page only.", "/other": "Site-wide.", "*": "Site-wide." });
    const none = load({ "content/site.yaml": siteWith("  text: Site-wide.\n"), "pages.yaml": pages("    banner: false\n") });
    expect(banners(none)).toEqual({ "/": undefined, "/other": "Site-wide.", "*": "Site-wide." });
  });

  it("shows a banner only inside its window; a page's banner outside its own falls back to the site's", () => {
    const files = {
      "content/site.yaml": siteWith("  text: Site-wide.\n  from: 2026-12-01\n"),
      "pages.yaml": pages("    banner:\n      text: Early.\n      until: 2026-11-30\n"),
    };
    expect(banners(load(files))).toEqual({ "/": "Early.", "/other": undefined, "*": undefined });
    expect(banners(load(files, new Date("2026-12-01T00:00Z")))).toEqual({ "/": "Site-wide.", "/other": "Site-wide.", "*": "Site-wide." });
    // The listing also holds the fixture's other scheduled items (a sale): the banners' are these.
    const bannerItems = load(files).content!.schedule.filter((item) => item.label.startsWith("banner"));
    expect(bannerItems.map((item) => [item.label, item.state])).toEqual([
      ["banner (every page)", "upcoming"],
      ["banner on /", "live"],
    ]);
  });

  it.each([
    ["a misspelt tone", "  text: Hi.\n  tone: acent\n", 5, "banner.tone", "invalid-choice", 'Did you mean "accent"?'],
    ["a link with a javascript: address", "  text: Hi.\n  link:\n    label: Go\n    to: javascript:alert(1)\n", 7, "banner.link.to", "link-scheme", undefined],
    ["an unknown named target", "  text: Hi.\n  link:\n    label: Go\n    to: bookin\n", 7, "banner.link.to", "unknown-target", 'Did you mean "booking"?'],
    ["a hidden character", '  text: "Open\\u200B Saturday."\n', 4, "banner.text", "hidden-character", undefined],
    ["a date that does not exist", "  text: Hi.\n  until: 2026-02-30\n", 5, "banner.until", "bad-date", undefined],
    ["an unknown field", "  text: Hi.\n  colour: brand\n", 5, "banner.colour", "unknown-field", undefined],
  ])("refuses %s at its line", (_name, banner, line, path, code, hint) => {
    const lines = fixtureSite.split("\n").length - 1;
    const { content, problems } = load({ "content/site.yaml": siteWith(banner), "pages.yaml": pages() });
    expect(content).toBeUndefined();
    const problem = problems.find((candidate) => candidate.path === path);
    expect(problem).toMatchObject({ file: "content/site.yaml", code, line: lines + line - 2 });
    if (hint) expect(problem?.hint).toContain(hint);
  });

  it("needs the names of its region and its close button in site.yaml's labels", () => {
    const site = siteWith("  text: Hi.\n").replace("  announcement: Announcement\n", "");
    const { content, problems } = load({ "content/site.yaml": site, "pages.yaml": pages() });
    expect(content).toBeUndefined();
    expect(problems).toContainEqual(expect.objectContaining({ file: "content/site.yaml", code: "missing-field", path: "labels.announcement" }));
  });

  it("needs them in every declared language too, reported at that language's labels", () => {
    // The fixture's own site.yaml, banner and Spanish words included, less one of those words.
    const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace("      dismiss: Cerrar anuncio\n", "");
    const { content, problems } = load({ "content/site.yaml": site, "pages.yaml": pages() });
    expect(content).toBeUndefined();
    // At the first of the Spanish labels, under the translation's labels: line.
    const line = site.split("\n").indexOf("      newTab: (se abre en una pestaña nueva)") + 1;
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(errors).toEqual([expect.objectContaining({ file: "content/site.yaml", code: "missing-field", path: "translations.es.labels.dismiss", line })]);
    expect(errors[0]!.message).toContain("Español");
  });
});
