/**
 * A page and its translation on the built spec fixture site: /tax-course and its Spanish
 * version /es/curso-de-impuestos (translationOf: /tax-course, lang: es). The language of
 * each document, the versions search engines are told of, the switcher, and the shared
 * words in Spanish before and after the header wakes.
 */
import { describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, fixtureUrl, hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";

const browser = useBrowser();
const SPANISH = "/es/curso-de-impuestos";
const ENGLISH = "/tax-course";

const alternatesOf = (html: string) =>
  [...html.slice(0, html.indexOf("</head>")).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
    ([, lang, href]) => `${lang} ${new URL(href!).pathname}`,
  );

describe("a translated page", () => {
  it.each([
    [SPANISH, "es"],
    [ENGLISH, "en"],
  ])("%s declares its language and names every version of itself, with x-default the original", async (path, lang) => {
    const html = await (await fetch(fixtureUrl(path))).text();
    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${lang}"`, "i"));
    expect(alternatesOf(html)).toEqual([`en ${ENGLISH}`, `es ${SPANISH}`, `x-default ${ENGLISH}`]);
  });

  it("has a language switcher whose links say their language, with the current one marked", async () => {
    const { page, close } = await openPage(browser(), DESKTOP, { javaScriptEnabled: false });
    await page.goto(fixtureUrl(SPANISH));
    const switcher = page.getByRole("navigation", { name: "Idioma" });
    const links = await switcher.getByRole("link").evaluateAll((all) =>
      all.map((a) => ({
        text: a.textContent,
        href: a.getAttribute("href"),
        lang: a.getAttribute("lang"),
        hreflang: a.getAttribute("hreflang"),
        current: a.getAttribute("aria-current"),
      })),
    );
    expect(links).toEqual([
      { text: "English", href: ENGLISH, lang: "en", hreflang: "en", current: null },
      { text: "Español", href: SPANISH, lang: "es", hreflang: "es", current: "page" },
    ]);
    await page.goto(fixtureUrl(ENGLISH));
    expect(await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).getAttribute("hreflang")).toBe("es");
    await page.goto(fixtureUrl("/press"));
    expect(await page.locator("nav[aria-label=Language], nav[aria-label=Idioma]").count()).toBe(0);
    await close();
  });

  it("leads from the Spanish menu and footer to the Spanish version of a page where one exists, and to the original elsewhere", async () => {
    const html = await (await fetch(fixtureUrl(SPANISH))).text();
    for (const part of ["header", "footer"]) {
      const markup = new RegExp(`<${part}[\\s\\S]*?</${part}>`).exec(html)![0];
      const hrefs = [...markup.matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
      expect(hrefs, part).toContain(SPANISH);
      expect(hrefs, part).not.toContain(ENGLISH);
      // A page without a translation is linked as it is.
      expect(hrefs, part).toContain("/services");
    }
  });

  it("shows the shared words in Spanish, and keeps them when the header wakes", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl(SPANISH), { waitUntil: "networkidle" });
    expect(await page.locator("a[href='#main']").textContent()).toBe("Saltar al contenido principal");
    expect(await page.locator("footer h2").allTextContents()).toEqual(["Explorar", "Contacto"]);
    expect(await page.getByRole("navigation", { name: "Pie de página" }).count()).toBe(1);
    await hydrated(page);
    await page.getByText("Menú", { exact: true }).click();
    expect(await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Curso de impuestos" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(problems()).toEqual([]);
    await close();
  });

  it("writes hours and prices as its locale does (es-US), on the page and once it wakes", async () => {
    const { page, problems, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl(SPANISH), { waitUntil: "networkidle" });
    const body = async () => (await page.locator("main").textContent())!;
    for (const when of ["prerendered", "awake"]) {
      if (when === "awake") await hydrated(page);
      const text = await body();
      // The fixture's modules last 2.5, 4 and 3.5 hours; its offer costs $497.
      expect(text, when).toContain("2.5 horas");
      expect(text, when).not.toMatch(/\d,\d horas/);
      expect(text, when).toContain("$497");
      expect(text, when).not.toContain("US$");
    }
    expect(problems()).toEqual([]);
    await close();
  });

  it("opens the course preview in a window whose close button speaks Spanish", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    // The video's host is never reached from tests.
    const here = new URL(fixtureUrl("/")).origin;
    await page.route(
      (address) => address.origin !== here,
      (route) => route.abort(),
    );
    await page.goto(fixtureUrl(SPANISH), { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByRole("button", { name: "Vista previa gratuita" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("button").textContent()).toBe("Cerrar video");
    // The video's own title in Spanish (translations.es.videos), not the English one of videos:.
    expect(await dialog.getAttribute("aria-labelledby").then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(
      "Curso de preparación de impuestos, vista previa gratuita",
    );
    await close();
  });

  it("lists both versions of the page in the sitemap, each with its alternates", async () => {
    const sitemap = await (await fetch(fixtureUrl("/sitemap.xml"))).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of [SPANISH, ENGLISH]) {
      const entry = new RegExp(`<url><loc>[^<]+${path}</loc>([\\s\\S]*?)</url>`).exec(sitemap)![1]!;
      const links = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
        ([, lang, href]) => `${lang} ${new URL(href!).pathname}`,
      );
      expect(links).toEqual([`en ${ENGLISH}`, `es ${SPANISH}`, `x-default ${ENGLISH}`]);
    }
    expect(new RegExp(`<url><loc>[^<]+/press</loc></url>`).test(sitemap)).toBe(true);
  });
});

describe.each([
  ["390 px", PHONE],
  ["1280 px", DESKTOP],
] as const)("at %s", (_name, viewport) => {
  it.each([SPANISH, ENGLISH])("%s has no axe violation and does not scroll sideways", async (route) => {
    const { page, problems, close } = await openPage(browser(), viewport);
    await page.goto(fixtureUrl(route), { waitUntil: "networkidle" });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(problems()).toEqual([]);
    await close();
  });
});
