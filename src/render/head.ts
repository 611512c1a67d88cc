/**
 * A page's <head>: title, description, canonical address, share tags and
 * structured data, all generated from the content (nothing is written per page).
 * The one source of a page's head: the prerender writes it into each page's HTML,
 * and the dev server puts it into the open page.
 */
import { IMAGE_SLOTS } from "../content/image-slots.ts";
import { jsonForScript } from "./json-for-script.ts";
import { fontPreloadTag } from "../ui/fonts.ts";
import type { Alternate, PageData, SectionData, SiteData } from "../content/types.ts";

type Section<T extends SectionData["type"]> = Extract<SectionData, { type: T }>;

export function absoluteUrl(site: SiteData, path: string): string {
  return path.startsWith("https://") ? path : site.siteUrl + (path === "/" ? "/" : path);
}

/**
 * A translated page's versions for search engines: one per language, and x-default, the
 * original (the page the others translate), for visitors in any other language.
 */
export function alternateLinks(site: SiteData, alternates: Alternate[] | undefined): { hreflang: string; href: string }[] {
  if (!alternates?.length) return [];
  return [
    ...alternates.map((alternate) => ({ hreflang: alternate.lang, href: absoluteUrl(site, alternate.path) })),
    { hreflang: "x-default", href: absoluteUrl(site, alternates[0]!.path) },
  ];
}

export function headTags(page: PageData, site: SiteData): string {
  const isNotFound = page.path === "*";
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, site.share.image);
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta("name", "description", page.description),
    // The 404 page answers many addresses and stands for none of them.
    isNotFound ? meta("name", "robots", "noindex") : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...alternateLinks(site, page.alternates).map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`,
    ),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", site.brand.name),
    meta("property", "og:title", page.title),
    meta("property", "og:description", page.description),
    ...(isNotFound ? [] : [meta("property", "og:url", url)]),
    meta("property", "og:image", image),
    meta("property", "og:image:width", "1200"),
    meta("property", "og:image:height", "630"),
    meta("property", "og:image:alt", site.share.imageAlt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", page.title),
    meta("name", "twitter:description", page.description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", site.share.imageAlt),
    `<script type="application/ld+json">${jsonForScript(structuredData(page, site))}</script>`,
    ...heroPreload(page),
    // The brand typeface's file, fetched with the page's first requests: text is drawn in it from the first frame.
    fontPreloadTag(site.brand.font) ?? [],
  ].flat();
  return tags.join("\n    ");
}

/**
 * The hero's picture is what the page is judged by (its largest paint): the browser
 * starts fetching it with the page's head, in the best format it takes.
 */
function heroPreload(page: PageData): string[] {
  const hero = page.sections[0];
  const image = hero?.type === "hero" ? hero.image : undefined;
  if (!image) return [];
  const best = image.sources?.[0];
  const sizes = IMAGE_SLOTS[image.slot].sizes;
  return [
    best
      ? `<link rel="preload" as="image" type="${best.type}" imagesrcset="${escapeHtml(best.srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`
      : `<link rel="preload" as="image" href="${escapeHtml(image.src)}" fetchpriority="high" />`,
  ];
}

/** schema.org descriptions of the firm on every page, and of the course and the FAQ where the page shows them. */
export function structuredData(page: PageData, site: SiteData): object[] {
  const firm = firmData(site);
  const data: object[] = [firm];
  const course = page.sections.find((section): section is Section<"offer"> => section.type === "offer" && section.product === "course");
  if (course) data.push(courseData(course, page, site, firm));
  const article = page.sections.find((section): section is Section<"article"> => section.type === "article" && Boolean(section.date && section.author));
  if (article) data.push(articleData(article, page, site, firm));
  const faqs = page.sections.filter((section): section is Section<"faq"> => section.type === "faq");
  if (faqs.length) {
    data.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: faqs.flatMap((faq) =>
        faq.items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
      ),
    });
  }
  return data;
}

function firmData(site: SiteData) {
  const { organization, contact } = site;
  return {
    "@context": "https://schema.org",
    "@type": "AccountingService",
    "@id": `${site.siteUrl}/#firm`,
    name: site.brand.name,
    description: site.footer.tagline,
    url: `${site.siteUrl}/`,
    ...(site.brand.logo ? { logo: absoluteUrl(site, site.brand.logo.src.src) } : {}),
    image: absoluteUrl(site, site.share.image),
    telephone: contact.phone.href.href.replace(/^tel:/, ""),
    email: contact.email.href.href.replace(/^mailto:/, ""),
    address: {
      "@type": "PostalAddress",
      addressLocality: organization.address.locality,
      addressRegion: organization.address.region,
      addressCountry: organization.address.country,
    },
    founder: { "@type": "Person", name: organization.founder.name, jobTitle: organization.founder.jobTitle },
    sameAs: site.social.map((profile) => profile.url.href),
  };
}

function courseData(offer: Section<"offer">, page: PageData, site: SiteData, firm: { "@id": string; name: string }) {
  const modules = page.sections.find((section): section is Section<"modules"> => section.type === "modules");
  const hours = modules?.items.reduce((sum, item) => sum + item.hours, 0);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: offer.title,
    description: offer.description ?? page.description,
    url: absoluteUrl(site, page.path),
    provider: { "@type": "Organization", "@id": firm["@id"], name: firm.name },
    ...(hours ? { timeRequired: `PT${hours}H` } : {}),
    ...(page.lang ? { inLanguage: page.lang } : {}),
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: offer.price.toFixed(2),
      priceCurrency: "USD",
      url: absoluteUrl(site, page.path),
    },
  };
}

/** An article's page (content/articles.yaml, or an article section with its author and date): its headline is the page's main heading. */
function articleData(article: Section<"article">, page: PageData, site: SiteData, firm: { "@id": string; name: string }) {
  const hero = page.sections[0]?.type === "hero" ? page.sections[0] : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: hero?.heading ?? page.title,
    description: page.description,
    datePublished: article.date,
    author: { "@type": "Person", name: article.author },
    publisher: { "@type": "Organization", "@id": firm["@id"], name: firm.name },
    mainEntityOfPage: absoluteUrl(site, page.path),
    url: absoluteUrl(site, page.path),
    ...(page.lang ? { inLanguage: page.lang } : {}),
  };
}

function meta(attribute: "name" | "property", key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
