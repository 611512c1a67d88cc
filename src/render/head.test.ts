import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../site/load.ts";
import { SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { headTags, structuredData } from "./head.ts";
import type { PageData } from "../site/types.ts";

/** The spec fixture site: the head is engine behaviour, proven on content that does not change with the live copy. */
const { site, pages } = loadContent(SPEC_SITE).content!;
const page = (path: string) => pages.find((candidate) => candidate.path === path)!;
const types = (data: object[]) => data.map((item) => (item as { "@type": string })["@type"]);

/** The JSON-LD of a head, read back as a search engine would. */
function jsonLd(head: string): object[] {
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head);
  return JSON.parse(script![1]!) as object[];
}

describe("page head", () => {
  it("gives each page its title, description, canonical address and share tags, from the content", () => {
    const head = headTags(page("/tax-course"), site);
    expect(head).toContain("<title>Tax Preparation Course | Northbridge Tax &amp; Advisory</title>");
    expect(head).toContain('<link rel="canonical" href="https://www.northbridge-tax.example/tax-course" />');
    expect(head).toContain('<meta property="og:url" content="https://www.northbridge-tax.example/tax-course" />');
    expect(head).toContain('<meta property="og:image" content="https://www.northbridge-tax.example/images/share.png" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain(`<meta property="og:description" content="${page("/tax-course").description}" />`);
    expect(headTags(page("/"), site)).toContain('<link rel="canonical" href="https://www.northbridge-tax.example/" />');
  });

  it("keeps the 404 page out of search results and gives it no canonical address", () => {
    const head = headTags(page("*"), site);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain("canonical");
    expect(head).not.toContain("og:url");
  });

  it("describes the firm on every page: name, address, phone, founder and profiles", () => {
    for (const each of pages) {
      const [firm] = structuredData(each, site) as [Record<string, unknown>];
      expect(firm).toMatchObject({
        "@type": "AccountingService",
        name: "Northbridge Tax & Advisory",
        url: "https://www.northbridge-tax.example/",
        telephone: "+15550100199",
        address: { "@type": "PostalAddress", addressLocality: "Fort Lauderdale", addressRegion: "FL", addressCountry: "US" },
        founder: { "@type": "Person", name: "Jordan Avery", jobTitle: "Certified Public Accountant" },
        sameAs: ["https://www.linkedin.com/", "https://www.instagram.com/", "https://www.youtube.com/"],
      });
    }
  });

  it("describes the course with its price and length on the course page only", () => {
    const course = structuredData(page("/tax-course"), site).find((item) => (item as { "@type": string })["@type"] === "Course");
    expect(course).toMatchObject({
      name: "Tax Preparation Mastery Course",
      timeRequired: "PT22H",
      provider: { "@type": "Organization", name: "Northbridge Tax & Advisory" },
      offers: { "@type": "Offer", price: "497.00", priceCurrency: "USD" },
    });
    // Its translations describe the same course, in their language.
    const spanish = structuredData(page("/es/curso-de-impuestos"), site).find((item) => (item as { "@type": string })["@type"] === "Course");
    expect(spanish).toMatchObject({ inLanguage: "es", offers: { price: "497.00" } });
    const translations = new Set(page("/tax-course").alternates?.map((alternate) => alternate.path));
    for (const other of pages.filter((each) => !translations.has(each.path) && each.path !== "/tax-course"))
      expect(types(structuredData(other, site))).not.toContain("Course");
  });

  it("lists the questions of the FAQ where a page shows one", () => {
    const faq = structuredData(page("/home"), site).find((item) => (item as { "@type": string })["@type"] === "FAQPage") as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    const authored = readFileSync(join(SPEC_SITE, "content", "faq.yaml"), "utf8");
    expect(faq.mainEntity).toHaveLength(6);
    for (const question of faq.mainEntity) {
      expect(authored).toContain(question.name);
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(0);
    }
    expect(types(structuredData(page("/press"), site))).toEqual(["AccountingService"]);
  });

  it("cannot be broken out of by what the content says", () => {
    const hostile: PageData = {
      ...page("/home"),
      title: 'Tax "tips" </title><script>alert(1)</script>',
      description: "</script><script>alert(2)</script> & <!-- more",
      sections: [{ type: "faq", items: [{ question: "</script><script>alert(3)</script>", answer: "<!-- & -->" }] } as PageData["sections"][number]],
    };
    const head = headTags(hostile, site);
    expect(head).not.toContain("<script>alert");
    expect(head).not.toContain("<!--");
    expect(head).toContain("<title>Tax &quot;tips&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    // The JSON-LD holds the same text, escaped for the script element and unchanged once parsed.
    const [, faq] = jsonLd(head) as [unknown, { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }];
    expect(faq.mainEntity[0]).toMatchObject({ name: "</script><script>alert(3)</script>", acceptedAnswer: { text: "<!-- & -->" } });
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});
