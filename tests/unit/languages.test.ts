/**
 * Pages in several languages, on the spec fixture site: its Spanish page
 * (/es/curso-de-impuestos, a translation of /tax-course) and the Spanish words of
 * content/site.yaml. Every mistake is reported at its own line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../src/content/problems.ts";
import { localeFor, siteFor } from "../../src/render/localized-site.ts";
import { formatCount, formatUsd } from "../../src/ui/format.ts";
import { loadFixture, SPEC_SITE } from "../support/fixture-site.ts";

const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const pages = readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8");
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
const errors = (files: Record<string, string>) =>
  loadFixture(files)
    .problems.filter((problem) => problem.severity === "error")
    .map((problem) => formatProblem(problem));

describe("languages", () => {
  it("gives a translated page its language and every version of itself, the original first", () => {
    const { content } = loadFixture();
    const spanish = content!.pages.find((page) => page.path === "/es/curso-de-impuestos")!;
    const english = content!.pages.find((page) => page.path === "/tax-course")!;
    expect(spanish.lang).toBe("es");
    expect(english.lang).toBe("en");
    const versions = [
      { lang: "en", path: "/tax-course", name: "English" },
      { lang: "es", path: "/es/curso-de-impuestos", name: "Español" },
    ];
    expect(spanish.alternates).toEqual(versions);
    expect(english.alternates).toEqual(versions);
    expect(content!.pages.find((page) => page.path === "/press")!.alternates).toBeUndefined();
  });

  it("puts a page's shared words in its language, and leaves the site's own language as written", () => {
    const { content } = loadFixture();
    const spanish = siteFor(content!.site, "es");
    expect(spanish.skipLink).toBe("Saltar al contenido principal");
    expect(spanish.navigation.menuLabel).toBe("Menú");
    expect(spanish.labels.newTab).toBe("(se abre en una pestaña nueva)");
    expect(spanish.forms.copyAddress).toBe("Copiar dirección");
    expect(spanish.footer.navigationHeading).toBe("Explorar");
    expect(spanish.videoLabels).toEqual({ play: "Reproducir: {title}", close: "Cerrar video" });
    // What the translation leaves out stays the site's.
    expect(spanish.contact).toEqual(content!.site.contact);
    expect(siteFor(content!.site, "en")).toBe(content!.site);
  });

  it("refuses a declared language that is missing an interface string, at the line of the group it belongs to", () => {
    const broken = site.replace("      copyAddress: Copiar dirección\n", "");
    expect(errors({ "content/site.yaml": broken })).toEqual([
      `content/site.yaml:${lineOf(broken, "      sending: Enviando…")}:7  translations.es.forms.copyAddress  missing-field  Missing required field "copyAddress".\n    hint: Add copyAddress: …  (The button beside that text that copies the address, like Copy address.)`,
    ]);
  });

  it("asks a language for its video player's words when the site has videos, at the translation's line", () => {
    const broken = site.replace('    videoLabels:\n      play: "Reproducir: {title}"\n      close: Cerrar video\n', "");
    expect(broken).not.toBe(site);
    const [problem, ...others] = errors({ "content/site.yaml": broken });
    expect(others).toEqual([]);
    expect(problem).toMatch(new RegExp(`^content/site\\.yaml:${lineOf(broken, "    name: Español")}:\\d+  translations\\.es  missing-field  `));
    expect(problem).toContain("videoLabels under translations.es");
  });

  it("asks a language for the search's words when the site has a search, at the translation's line", () => {
    const spanishSearch = /    search:\n(      .*\n)+/.exec(site)![0];
    const broken = site.replace(spanishSearch, "");
    const [problem, ...others] = errors({ "content/site.yaml": broken });
    expect(others).toEqual([]);
    expect(problem).toMatch(new RegExp(`^content/site\\.yaml:${lineOf(broken, "    name: Español")}:\\d+  translations\\.es  missing-field  `));
    expect(problem).toContain("search under translations.es");
    // A site without a search asks no language for its words.
    const englishSearch = /\nsearch:\n(  .*\n)+/.exec(site)![0];
    expect(errors({ "content/site.yaml": broken.replace(englishSearch, "\n") })).toEqual([]);
    expect(siteFor(loadFixture().content!.site, "es").search?.label).toBe("Buscar");
  });

  it("asks a language for the names of the footer's pages and legal links when the site has them, at its footer's line", () => {
    const spanishFooter = /      links:\n(        .*\n)+      legal:\n(        .*\n)+/.exec(site)![0];
    const broken = site.replace(spanishFooter, "");
    const found = errors({ "content/site.yaml": broken });
    const footerLine = lineOf(broken, "      navigationHeading: Explorar") - 1;
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(new RegExp(`^content/site\\.yaml:${footerLine}:\\d+  translations\\.es\\.footer  missing-field  `));
    expect(found[0]).toContain("links under translations.es.footer");
    expect(found[1]).toContain("legal under translations.es.footer");
    // A site whose footer has neither asks no language for them.
    const englishFooterLinks = /\n  links:\n(    .*\n)+  # Linked at the foot of every page.*\n  legal:\n(    .*\n)+/.exec(broken)![0];
    expect(errors({ "content/site.yaml": broken.replace(englishFooterLinks, "\n") }).filter((problem) => problem.includes("translations.es.footer"))).toEqual(
      [],
    );
  });

  it("refuses a page in a language site.yaml does not declare, at its line, with the nearest one", () => {
    const broken = pages.replace("    lang: es\n", "    lang: esp\n");
    expect(errors({ "pages.yaml": broken })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^pages\\.yaml:${lineOf(broken, "lang: esp")}:11  routes\\[\\d+\\]\\.lang  unknown-language  content/site\\.yaml does not declare the language esp\\.\\n    hint: Did you mean es\\? Languages declared: en, es\\.`,
        ),
      ),
    ]);
  });

  it("refuses a translation of a page that does not exist, or that is in the same language", () => {
    const missing = pages.replace("translationOf: /tax-course", "translationOf: /tax-corse");
    expect(errors({ "pages.yaml": missing })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^pages\\.yaml:${lineOf(missing, "translationOf: /tax-corse")}:20  .*translation-mismatch  No page has the route /tax-corse\\.\\n    hint: Did you mean /tax-course\\?`,
        ),
      ),
    ]);
    const same = pages.replace("    lang: es\n", "    lang: en\n");
    expect(errors({ "pages.yaml": same })).toEqual([expect.stringContaining("translation-mismatch  This page and /tax-course are both in en.")]);
  });

  it("refuses translations without the site's own language declared", () => {
    const broken = site.replace(/\nlanguage:\n(  .*\n)+/, "\n");
    expect(errors({ "content/site.yaml": broken })).toEqual([
      expect.stringMatching(new RegExp(`^content/site\\.yaml:${lineOf(broken, "  es:\n")}:3  translations  invalid-combination  `)),
    ]);
  });

  it("writes counts and dollars as the page's locale does", () => {
    const hours = { one: "{count} hora", other: "{count} horas" };
    expect(formatCount(3.5, hours, "es")).toBe("3,5 horas");
    expect(formatCount(3.5, hours, "es-US")).toBe("3.5 horas");
    expect(formatCount(1, hours, "es")).toBe("1 hora");
    expect(formatCount(3.5, { one: "{count} hour", other: "{count} hours" })).toBe("3.5 hours");
    expect(formatUsd(2997, "es-US")).toBe("$2,997");
    expect(formatUsd(2997)).toBe("$2,997");
    expect(formatUsd(2997, "es").replace(/\s/g, " ")).toBe("2997 US$");
  });

  it("takes a page's locale from its language: the translation's locale, else its code; the site's, else en-US", () => {
    const { content } = loadFixture();
    const fixture = content!.site;
    const withLocale = { ...fixture, translations: { es: { ...fixture.translations!.es!, locale: "es-US" } } };
    const withoutLocale = { ...fixture, translations: { es: { ...fixture.translations!.es!, locale: undefined } } };
    expect(localeFor(withLocale, "es")).toBe("es-US");
    expect(localeFor(withoutLocale, "es")).toBe("es");
    expect(localeFor(fixture, undefined)).toBe(fixture.language?.locale ?? "en-US");
    expect(localeFor({ ...fixture, language: { ...fixture.language!, locale: "en-CA" } }, undefined)).toBe("en-CA");
  });

  it("gives a page in a language its videos' titles in that language, and refuses a title for a video the site does not have", () => {
    const { content } = loadFixture();
    const videosOn = (lang: string) =>
      JSON.stringify(content!.pages.filter((page) => page.lang === lang).map((page) => page.sections)).match(/"title":"[^"]*vista previa[^"]*"/gi) ?? [];
    expect(videosOn("es")).toEqual(['"title":"Curso de preparación de impuestos, vista previa gratuita"']);
    expect(videosOn("en")).toEqual([]);
    const typo = site.replace("      course-preview:\n        title: Curso", "      course-preveiw:\n        title: Curso");
    expect(errors({ "content/site.yaml": typo })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/site\\.yaml:${lineOf(typo, "      course-preveiw:")}:7  translations\\.es\\.videos\\.course-preveiw  unknown-video  .*\\n.*Did you mean "course-preview"\\?`,
        ),
      ),
    ]);
  });

  it("refuses a locale that is not a language and region browsers know, at its line", () => {
    const typo = site.replace("    locale: es-US\n", "    locale: es_US\n");
    expect(errors({ "content/site.yaml": typo })).toEqual([
      expect.stringMatching(new RegExp(`^content/site\\.yaml:${lineOf(typo, "    locale: es_US")}:13  translations\\.es\\.locale  invalid-format  `)),
    ]);
    const unknown = site.replace("    locale: es-US\n", "    locale: qq-ZZ\n");
    expect(errors({ "content/site.yaml": unknown })).toEqual([
      expect.stringMatching(new RegExp(`^content/site\\.yaml:${lineOf(unknown, "    locale: qq-ZZ")}:13  translations\\.es\\.locale  .*Browsers do not know`)),
    ]);
  });

  describe("a translation that follows its original", () => {
    const drift = (files: Record<string, string>) =>
      loadFixture(files).problems.filter((problem) => problem.code === "translation-outdated" || problem.code === "translation-unchecked");
    const recorded = /translatedFrom: ([0-9a-f]{8})/.exec(pages)![1]!;

    it("is quiet while the original is as it was, whatever its comments, layout, address history or publishing", () => {
      expect(drift({})).toEqual([]);
      const cosmetic = pages
        .replace("  - path: /tax-course\n", "  # The course's sales page.\n  - path: /tax-course\n    redirectFrom: [/course]\n")
        .replace("    title: Tax Preparation Course | Northbridge Tax & Advisory\n", "    title: 'Tax Preparation Course | Northbridge Tax & Advisory'\n");
      expect(cosmetic).not.toBe(pages);
      expect(drift({ "pages.yaml": cosmetic })).toEqual([]);
    });

    it("warns at translatedFrom once the original's words change, with the fingerprint to write once it is translated", () => {
      const changed = pages.replace("heading: Become a confident, well-paid tax preparer", "heading: Become a confident tax preparer");
      const [warning] = drift({ "pages.yaml": changed });
      expect(warning).toMatchObject({
        code: "translation-outdated",
        severity: "warning",
        line: lineOf(changed, "translatedFrom:"),
        path: "routes[8].translatedFrom",
      });
      expect(warning!.message).toContain("/tax-course has changed since this translation last matched it");
      const now = /translatedFrom: ([0-9a-f]{8})\.$/.exec(warning!.hint!)![1]!;
      expect(now).not.toBe(recorded);
      expect(drift({ "pages.yaml": changed.replace(`translatedFrom: ${recorded}`, `translatedFrom: ${now}`) })).toEqual([]);
    });

    it("asks a translation that records nothing to record what it matches, and refuses a fingerprint that is not one", () => {
      const unrecorded = pages.replace(`    translatedFrom: ${recorded}\n`, "");
      expect(drift({ "pages.yaml": unrecorded })).toEqual([
        expect.objectContaining({
          code: "translation-unchecked",
          line: lineOf(unrecorded, "translationOf: /tax-course"),
          hint: expect.stringContaining(`translatedFrom: ${recorded}`),
        }),
      ]);
      const malformed = pages.replace(`translatedFrom: ${recorded}`, "translatedFrom: yesterday");
      expect(errors({ "pages.yaml": malformed })).toEqual([
        expect.stringMatching(
          new RegExp(`^pages\\.yaml:${lineOf(malformed, "translatedFrom: yesterday")}:\\d+  routes\\[8\\]\\.translatedFrom  .*8 letters and digits`),
        ),
      ]);
    });
  });
});
