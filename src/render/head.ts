/**
 * A page's <head>: title, description, canonical address, share tags and
 * structured data, all generated from the content (nothing is written per page).
 * The one source of a page's head: the prerender writes it into each page's HTML,
 * and the dev server puts it into the open page.
 */
import { IMAGE_SLOTS } from "../content/image-slots.ts";
import { jsonForScript } from "./json-for-script.ts";
import { fontPreloadTag } from "../ui/fonts.ts";
import type { Alternate, PageData, SiteData } from "../site/types.ts";
import type { HeadContext } from "../blocks/define.ts";
import { definitionOf } from "../blocks/registry.ts";

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
    ...openingPreload(page),
    // The brand typeface's file, fetched with the page's first requests: text is drawn in it from the first frame.
    fontPreloadTag(site.brand.font) ?? [],
  ].flat();
  return tags.join("\n    ");
}

/**
 * The opening block's picture is what the page is judged by (its largest paint): the browser
 * starts fetching it with the page's head, in the best format it takes.
 */
function openingPreload(page: PageData): string[] {
  const opening = page.sections[0];
  const image = opening && definitionOf(opening.type)?.page?.preload?.(opening);
  if (!image) return [];
  const best = image.sources?.[0];
  const sizes = IMAGE_SLOTS[image.slot].sizes;
  return [
    best
      ? `<link rel="preload" as="image" type="${best.type}" imagesrcset="${escapeHtml(best.srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`
      : `<link rel="preload" as="image" href="${escapeHtml(image.src)}" fetchpriority="high" />`,
  ];
}

/** schema.org descriptions of the firm on every page, and what the page's blocks add (a course, an FAQ, an article). */
export function structuredData(page: PageData, site: SiteData): object[] {
  const firm = firmData(site);
  const opening = page.sections[0];
  const context: HeadContext = {
    page,
    heading: opening && definitionOf(opening.type)?.page?.heading?.(opening),
    url: (path) => absoluteUrl(site, path),
    firm,
    sectionsOf: (type) => page.sections.filter((section) => section.type === type),
  };
  const data: object[] = [firm];
  // Each block once, in the order the page first shows it.
  for (const type of new Set(page.sections.map((section) => section.type))) {
    const described = definitionOf(type)?.structuredData?.(context.sectionsOf(type) as PageData["sections"], context);
    if (described) data.push(described);
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

function meta(attribute: "name" | "property", key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
