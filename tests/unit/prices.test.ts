/**
 * Named prices (src/content/prices.ts) on the spec fixture site, with prices of the test's own in
 * place of the fixture's: what each page shows before and after a sale's end, in each language,
 * what search engines are told, the schedule's listing, and every mistake at its line and column.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSchedule } from "../../src/content/schedule.ts";
import { structuredData } from "../../src/render/head.ts";
import type { PageData } from "../../src/site/types.ts";
import { loadFixture, SPEC_SITE } from "../support/fixture-site.ts";

const SITE = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const PRICES = "prices:\n  course:\n    price: 2997\n    salePrice: 497\n    saleUntil: 2026-12-31\n  bundle: 1997\n";
/** The fixture's site.yaml with these prices in place of its own (its pages name course, program and package). */
const siteWith = (prices: string, edit: (site: string) => string = (site) => site) =>
  edit(SITE.replace(/\nprices:\n( {2}[^\n]*\n)*/, `\n${prices}  program: 1997\n  package: 1997\n`));

/** pages.yaml with a page at / and one in Spanish at /es/prueba, each a hero and these sections, and the 404 page. */
const pagesWith = (sections: string, spanish = sections) => {
  const route = (path: string, extra: string, body: string) =>
    `  - path: ${path}\n${extra}    title: Test\n    description: Test page.\n    sections:\n      - type: hero\n        heading: Test page\n${body}`;
  return `routes:\n${route("/", "", sections)}${route("/es/prueba", "    lang: es\n", spanish)}  - path: "*"\n    title: Not found\n    description: Not found.\n    sections:\n      - type: hero\n        heading: Not found\n`;
};

const OFFER = `      - type: offer
        title: Tax Preparation Mastery Course
        product: course
        price: course
        savingsLabel: Save {amount}
        action:
          label: Enroll
          to: course
`;
const CTA = `      - type: cta
        heading: Start this season
        intro: Enroll today for {prices.course}; the bundle is {prices.bundle}.
        actions:
          - label: Enroll
            to: course
`;
const CARDS = `      - type: cards
        items:
          - title: The course
            description: Every module.
            price:
              amount: course
          - title: The bundle
            description: Everything.
            price:
              amount: bundle
              unit: one-time
`;

const DURING = new Date("2026-12-31T23:59Z");
const AFTER = new Date("2027-01-01T00:00Z");

function load(pages: string, now: Date, site = siteWith(PRICES)) {
  const result = loadFixture({ "pages.yaml": pages, "content/site.yaml": site }, { now });
  const errors = result.problems.filter((problem) => problem.severity === "error");
  if (!result.content) throw new Error(`Did not load: ${errors.map((problem) => `${problem.line}:${problem.col} ${problem.message}`).join("; ")}`);
  return result.content;
}
const sectionOf = (page: PageData, type: string) => page.sections.find((section) => section.type === type) as Record<string, unknown>;
const course = (page: PageData, site: Parameters<typeof structuredData>[1]) =>
  structuredData(page, site).find((item) => (item as { "@type"?: string })["@type"] === "Course") as { offers: Record<string, unknown> };

describe("a named price", () => {
  it("is the sale price, with the regular price beside it, until saleUntil has passed; then the regular price, and nothing is hidden", () => {
    const pages = pagesWith(OFFER + CTA + CARDS);
    const during = load(pages, DURING).pages[0]!;
    expect(sectionOf(during, "offer").price).toEqual({ name: "course", amount: 497, originalAmount: 2997, saleUntil: "2026-12-31" });
    expect(sectionOf(during, "cta").intro).toBe("Enroll today for $497; the bundle is $1,997.");
    expect((sectionOf(during, "cards").items as { price: { amount: unknown } }[]).map((card) => card.price.amount)).toEqual([
      { name: "course", amount: 497, originalAmount: 2997, saleUntil: "2026-12-31" },
      { name: "bundle", amount: 1997 },
    ]);

    const after = load(pages, AFTER).pages[0]!;
    expect(after.sections.map((section) => section.type)).toEqual(during.sections.map((section) => section.type));
    expect(sectionOf(after, "offer").price).toEqual({ name: "course", amount: 2997 });
    expect(sectionOf(after, "cta").intro).toBe("Enroll today for $2,997; the bundle is $1,997.");
  });

  it("is written in a text as the page's language writes prices, and in the site's own words too", () => {
    const site = siteWith(PRICES, (text) =>
      text
        .replace("    locale: es-US\n", "    locale: es\n")
        .replace(/\n {2}tagline: [^\n]*\n/, "\n  tagline: Our course, {prices.course} until the end of the year.\n"),
    );
    const spanishCta = CTA.replace("Enroll today for {prices.course}; the bundle is {prices.bundle}.", "Inscríbase hoy por {prices.course}.");
    const content = load(pagesWith(CTA, spanishCta), DURING, site);
    const [english, spanish] = content.pages;
    expect(sectionOf(english!, "cta").intro).toBe("Enroll today for $497; the bundle is $1,997.");
    // Spanish as written in Spain (locale: es): the amount, then US$, with a no-break space.
    expect(sectionOf(spanish!, "cta").intro).toBe("Inscríbase hoy por 497\u00a0US$.");
    expect(content.site.footer.tagline).toBe("Our course, $497 until the end of the year.");
    // What the pages show of the prices is in them: the settings themselves are not sent to the browser.
    expect(content.site).not.toHaveProperty("prices");
  });

  it("tells search engines the sale price and until when it holds, then the regular price", () => {
    const pages = pagesWith(OFFER);
    const during = load(pages, DURING);
    expect(course(during.pages[0]!, during.site).offers).toMatchObject({ price: "497.00", priceCurrency: "USD", priceValidUntil: "2026-12-31" });
    const after = load(pages, AFTER);
    expect(course(after.pages[0]!, after.site).offers).toMatchObject({ price: "2997.00", priceCurrency: "USD" });
    expect(course(after.pages[0]!, after.site).offers).not.toHaveProperty("priceValidUntil");
  });

  it("lists the sale's end with the schedule, at its line in content/site.yaml, as the next change", () => {
    const site = siteWith(PRICES);
    const line = site.split("\n").findIndex((text) => text.includes("saleUntil: 2026-12-31")) + 1;
    const during = load(pagesWith(OFFER), DURING, site);
    const sale = during.schedule.find((item) => item.file === "content/site.yaml");
    expect(sale).toMatchObject({ line, col: 16, until: "2026-12-31", state: "live", next: Date.parse("2027-01-01T00:00Z") });
    expect(sale!.label).toBe('the sale of price "course" ($497, then $2,997)');
    expect(formatSchedule(during.schedule, DURING)).toContain('Next change: 2027-01-01T00:00Z, when the sale of price "course" ($497, then $2,997) goes.');
    expect(load(pagesWith(OFFER), AFTER, site).schedule.find((item) => item.file === "content/site.yaml")).toMatchObject({ state: "ended" });
  });

  it("in a picture's text is written there too, and the picture is still made", () => {
    const hero =
      "      - type: hero\n        heading: Test page\n        image:\n          src: /images/hero-course.jpg\n          alt: The course, {prices.course}\n";
    const pages = pagesWith("").replace(/ {6}- type: hero\n {8}heading: Test page\n/, hero);
    const content = loadFixture({ "pages.yaml": pages, "content/site.yaml": siteWith(PRICES) }, { now: DURING }).content!;
    const image = (content.pages[0]!.sections[0] as { image: object }).image;
    expect(image).toMatchObject({ alt: "The course, $497" });
    // The build finds a picture's data by the object resolving handed out: the copy with the price written is one of them.
    expect(content.images.some((use) => use.data === image)).toBe(true);
  });
});

describe("mistakes with prices", () => {
  const problemsOf = (pages: string, site = siteWith(PRICES)) =>
    loadFixture({ "pages.yaml": pages, "content/site.yaml": site }, { now: DURING }).problems.map(
      ({ severity, code, file, line, col, path, message, hint }) => ({
        severity,
        file,
        code,
        at: `${line}:${col}`,
        path,
        message,
        hint,
      }),
    );
  const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

  it("an unknown name is refused where it is written, with the name it resembles and the names there are", () => {
    const pages = pagesWith(OFFER.replace("price: course", "price: cours"), "");
    expect(problemsOf(pages)).toEqual([
      {
        severity: "error",
        file: "pages.yaml",
        code: "unknown-price",
        at: `${lineOf(pages, "price: cours")}:16`,
        path: "routes[0].sections[1].price",
        message: '"cours" is not a price declared in content/site.yaml.',
        hint: 'Did you mean "course"? Prices in content/site.yaml (prices:): course, bundle, program, package.',
      },
    ]);
  });

  it("an unknown name in a text is refused at the placeholder's own column, and so is {price.name}", () => {
    const pages = pagesWith(CTA.replace("{prices.course}", "{prices.coarse}").replace("{prices.bundle}", "{price.bundle}"), "");
    const line = lineOf(pages, "intro: Enroll");
    const text = pages.split("\n")[line - 1]!;
    expect(problemsOf(pages)).toEqual([
      expect.objectContaining({ code: "unknown-price", at: `${line}:${text.indexOf("{prices.coarse}") + 1}`, path: "routes[0].sections[1].intro" }),
      expect.objectContaining({
        code: "unknown-price",
        at: `${line}:${text.indexOf("{price.bundle}") + 1}`,
        message: "{price.bundle} is not a price's placeholder: prices are written {prices.name}.",
      }),
    ]);
    expect(problemsOf(pages)[0]!.hint).toMatch(/^Did you mean "course"\?/);
  });

  it("an unknown name in an article's Markdown is refused at its own line and column", () => {
    const article = "      - type: article\n        body: |\n          ## Prices\n\n          The course is **{prices.course}**, the bundle {prices.bundel}.\n";
    const pages = pagesWith(article, "");
    const line = lineOf(pages, "The course is");
    expect(problemsOf(pages).filter((problem) => problem.severity === "error")).toEqual([
      expect.objectContaining({
        code: "unknown-price",
        at: `${line}:${pages.split("\n")[line - 1]!.indexOf("{prices.bundel}") + 1}`,
        path: "routes[0].sections[1].body",
      }),
    ]);
    const fixed = pages.replace("{prices.bundel}", "{prices.bundle}");
    const body = JSON.stringify(sectionOf(load(fixed, AFTER).pages[0]!, "article").body);
    expect(body).toContain("$2,997");
    expect(body).toContain("the bundle $1,997.");
  });

  it("a price in a text with placeholders of its own is the price's, not an unknown placeholder of the field", () => {
    const pages = pagesWith(OFFER.replace("savingsLabel: Save {amount}", "savingsLabel: Save {amount}, pay {prices.course}"), "");
    expect(problemsOf(pages).filter((problem) => problem.severity === "error")).toEqual([]);
    const offer = sectionOf(loadFixture({ "pages.yaml": pages, "content/site.yaml": siteWith(PRICES) }, { now: DURING }).content!.pages[0]!, "offer");
    expect(offer.savingsLabel).toBe("Save {amount}, pay $497");
  });

  it.each([
    ["a sale price that is not below the price", "  course:\n    price: 497\n    salePrice: 497\n", "salePrice: 497", 16, "sale-price-not-lower"],
    ["a sale's end without a sale price", "  course:\n    price: 497\n    saleUntil: 2026-12-31\n", "saleUntil:", 16, "invalid-combination"],
    ["a sale's end that is not a date", "  course:\n    price: 2997\n    salePrice: 497\n    saleUntil: 2026-02-30\n", "saleUntil:", 16, "bad-date"],
    ["a price written as text", '  course: "$497"\n', 'course: "$497"', 11, "wrong-type"],
    ["a name that is not one", "  Course: 497\n", "Course: 497", 3, "invalid-format"],
  ])("%s is refused at its line", (_what, prices, needle, col, code) => {
    const site = siteWith(`prices:\n${prices}  bundle: 1997\n`);
    const found = problemsOf(pagesWith(OFFER, ""), site).filter((problem) => problem.file === "content/site.yaml" && problem.severity === "error");
    expect(found).toEqual([expect.objectContaining({ code, at: `${lineOf(site, needle)}:${col}` })]);
    expect(found[0]!.hint).toBeTruthy();
  });

  it("a named price with a former price of the offer's own is refused at originalPrice", () => {
    const pages = pagesWith(OFFER.replace("        price: course\n", "        price: course\n        originalPrice: 2997\n"), "");
    expect(problemsOf(pages).filter((problem) => problem.severity === "error")).toEqual([
      expect.objectContaining({ code: "invalid-combination", at: `${lineOf(pages, "originalPrice")}:24`, path: "routes[0].sections[1].originalPrice" }),
    ]);
  });
});

describe("the older way of writing a price", () => {
  const legacy = OFFER.replace("        price: course\n", "        price: 497\n        originalPrice: 2997\n        validUntil: 2026-12-31\n");

  it("still works, with a warning at each older field that says how to write it under prices:", () => {
    const pages = pagesWith(legacy, "");
    const result = loadFixture({ "pages.yaml": pages, "content/site.yaml": siteWith(PRICES) }, { now: DURING });
    const offer = sectionOf(result.content!.pages[0]!, "offer");
    expect([offer.price, offer.originalPrice]).toEqual([497, 2997]);
    const warnings = result.problems.filter((problem) => problem.code === "deprecated-field");
    expect(warnings.map((problem) => [problem.severity, problem.path, problem.line])).toEqual([
      ["warning", "routes[0].sections[1].originalPrice", pages.split("\n").findIndex((line) => line.includes("originalPrice")) + 1],
      ["warning", "routes[0].sections[1].validUntil", pages.split("\n").findIndex((line) => line.includes("validUntil")) + 1],
    ]);
    for (const warning of warnings) expect(warning.hint).toContain("prices:");
    expect(result.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    // validUntil still takes the whole offer off the page once it has passed.
    const after = loadFixture({ "pages.yaml": pages, "content/site.yaml": siteWith(PRICES) }, { now: new Date("2027-01-02T12:00Z") });
    expect(after.content!.pages[0]!.sections.map((section) => section.type)).toEqual(["hero"]);
  });
});
