/**
 * "A marketer's week": the edits README.md and CONTENT.md invite, made as a marketer
 * makes them, as text edits to the YAML files (the parser only finds where each edit
 * goes). Each edit finds its place by the content's structure (a route by its path, the
 * booking address by its key under `targets:`), never by today's copy, so the week can
 * be applied to whatever the live content says.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node, type Scalar, type YAMLMap, type YAMLSeq } from "yaml";

/** Content files by their path from the content root: pages.yaml, content/site.yaml, content/press.yaml... */
export type Files = Record<string, string>;

export const UTM = "utm_source=site&utm_medium=button";
/** The name a product is renamed to, and the page and menu entry the week adds (numbered if taken). */
export const NEW_PRODUCT_NAME = "Practice Launch Program";
export const NEW_PAGE = { path: "/tax-planning", label: "Tax Planning" };
/** The testimonial the week adds, with a tag of its own so that the new page shows it. */
export const NEW_TESTIMONIAL = {
  name: "Alicia Gomez",
  quote: "We finally have a tax plan before the year ends instead of after.",
  tag: "tax-planning",
};

export interface Week {
  files: Files;
  /** What each edit did, to check in the result; `name` when the course names a price of site.yaml (prices:). */
  price?: { from: number; to: number; name?: string };
  /** The indexes (in pages.yaml's routes) of the two pages whose paths were exchanged, and the paths each had. */
  swap: { first: { index: number; path: string }; second: { index: number; path: string } };
  rename?: { from: string; to: string };
  deleted?: { routeIndex: number; sectionsBefore: number; type: string };
  booking: { target: string; from: string; to: string };
  page: { path: string; label: string };
  /** The analytics turned on as CONTENT.md shows (undefined when the content already had them), with the event the new page's button records. */
  analytics?: { provider: "plausible"; event: string };
  /** The site-wide banner added (undefined when the content already had one). */
  banner?: { text: string };
}

/** Applies the whole week to a copy of the content files, in the order a week might bring them. */
export function marketersWeek(original: Files): Week {
  const files = { ...original };
  const price = changePrice(files);
  const rename = renameProduct(files);
  const deleted = deleteSection(files);
  const swap = swapHomePages(files);
  const booking = tagBookingLink(files);
  addTestimonial(files);
  const analytics = turnOnAnalytics(files);
  const page = addPage(files, booking.target, analytics?.event);
  const banner = addBanner(files, booking.target);
  return { files, price, swap, rename, deleted, booking, page, ...(analytics ? { analytics } : {}), ...(banner ? { banner } : {}) };
}

/** How a price is written in text: $1,497. */
export const usd = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/**
 * Lowers the course's price by $100 everywhere. A course that names a price of site.yaml
 * (price: course) has it changed there, once: its sale price while a sale is on, else the price.
 * Otherwise every offer's `price:` of that amount. Either way, the amount where a text states it
 * ("Enroll today for $497"). The course is the offer with `product: course`, or else the first
 * offer with a price.
 */
export function changePrice(files: Files): Week["price"] {
  const text = files["pages.yaml"]!;
  const offers = sections(text).filter(({ section }) => section.get("type") === "offer" && ["number", "string"].includes(typeof section.get("price")));
  const course = offers.find(({ section }) => section.get("product") === "course") ?? offers[0];
  if (!course) return undefined;
  const written = course.section.get("price") as number | string;
  const stated = (from: number, to: number) => {
    const amount = new RegExp(`${escapeRegExp(usd(from))}(?![\\d,]*\\d)(?!\\.\\d)`, "g");
    for (const file of Object.keys(files)) files[file] = files[file]!.replace(amount, usd(to));
  };
  if (typeof written === "string") {
    const site = files["content/site.yaml"]!;
    const entry = parseDocument(site).getIn(["prices", written], true);
    const onSale = isMap(entry) && entry.has("salePrice") && !saleEnded(entry.get("saleUntil"));
    const scalar = (isMap(entry) ? entry.get(onSale ? "salePrice" : "price", true) : entry) as Scalar<number> | undefined;
    if (!isScalar(scalar) || typeof scalar.value !== "number") throw new Error(`content/site.yaml has no price ${written}.`);
    const from = scalar.value;
    const to = from > 100 ? from - 100 : from + 100;
    files["content/site.yaml"] = replaceRanges(site, [{ range: scalar.range!, with: String(to) }]);
    stated(from, to);
    return { from, to, name: written };
  }
  const from = written;
  const to = from > 100 ? from - 100 : from + 100;
  const prices = offers.map(({ section }) => section.get("price", true) as Scalar).filter((scalar) => scalar.value === from);
  files["pages.yaml"] = replaceRanges(
    text,
    prices.map((scalar) => ({ range: scalar.range!, with: String(to) })),
  );
  stated(from, to);
  return { from, to };
}

/** Whether a sale's last day (saleUntil, a day or a moment) is behind us, by the machine's clock as a build's is. */
const saleEnded = (until: unknown) => typeof until === "string" && until.slice(0, 10) < new Date().toISOString().slice(0, 10);

/** Renames a product (the first offer title used on more than one page, or else the first) in every file. */
export function renameProduct(files: Files): Week["rename"] {
  const titles = sections(files["pages.yaml"]!)
    .filter(({ section }) => section.get("type") === "offer" && typeof section.get("title") === "string")
    .map(({ section }) => section.get("title") as string);
  const from = titles.find((title) => titles.indexOf(title) !== titles.lastIndexOf(title)) ?? titles[0];
  if (!from) return undefined;
  // A name no file has yet, and neither part of the old name nor containing it, so that each can be told apart.
  const names = [NEW_PRODUCT_NAME, ...Array.from({ length: 99 }, (_, n) => `Tax Practice Accelerator ${n + 1}`)];
  const to = names.find((name) => !name.includes(from) && !from.includes(name) && !Object.values(files).some((text) => text.includes(name)));
  if (!to) throw new Error(`No new name found for "${from}".`);
  for (const file of Object.keys(files)) files[file] = files[file]!.split(from).join(to);
  return { from, to };
}

/**
 * Deletes a section, from its `- type:` line to the next section's: on the last page of at
 * least three sections, the last one between the hero and the page's final section that has
 * no `id:` (so that no link to an anchor loses its target).
 */
export function deleteSection(files: Files): Week["deleted"] {
  const text = files["pages.yaml"]!;
  const routes = routeNodes(text);
  for (let routeIndex = routes.length - 1; routeIndex >= 0; routeIndex--) {
    const list = routes[routeIndex]!.get("sections", true);
    if (routes[routeIndex]!.get("path") === "*" || !isSeq(list) || list.items.length < 3) continue;
    const items = list.items as YAMLMap[];
    for (let index = items.length - 2; index >= 1; index--) {
      if (items[index]!.has("id")) continue;
      const start = lineStart(text, items[index]!.range![0]);
      const end = lineStart(text, items[index + 1]!.range![0]);
      files["pages.yaml"] = text.slice(0, start) + text.slice(end);
      return { routeIndex, sectionsBefore: items.length, type: String(items[index]!.get("type")) };
    }
  }
  return undefined;
}

/**
 * Swaps the two home pages as CONTENT.md says: exchanges the `path:` values of / and /home
 * (or, without /home, of / and the first other page).
 */
export function swapHomePages(files: Files): Week["swap"] {
  const text = files["pages.yaml"]!;
  const routes = routeNodes(text);
  const paths = routes.map((route) => route.get("path", true) as Scalar);
  const first = paths.findIndex((path) => path.value === "/");
  const home = paths.findIndex((path) => path.value === "/home");
  const second = home >= 0 ? home : paths.findIndex((path) => path.value !== "/" && path.value !== "*");
  if (first < 0 || second < 0) throw new Error("pages.yaml has no / and no second page to swap it with.");
  const source = (index: number) => text.slice(paths[index]!.range![0], paths[index]!.range![1]);
  files["pages.yaml"] = replaceRanges(text, [
    { range: paths[first]!.range!, with: source(second) },
    { range: paths[second]!.range!, with: source(first) },
  ]);
  return { first: { index: first, path: String(paths[first]!.value) }, second: { index: second, path: String(paths[second]!.value) } };
}

/** Tags the booking address (found by its key under `targets:` in site.yaml) with UTM parameters. */
export function tagBookingLink(files: Files): Week["booking"] {
  const text = files["content/site.yaml"]!;
  const targets = parseDocument(text).get("targets", true);
  if (!isMap(targets) || targets.items.length === 0) throw new Error("content/site.yaml has no targets.");
  const pair = targets.items.find((item) => isScalar(item.key) && item.key.value === "booking") ?? targets.items[0]!;
  const value = pair.value as Scalar<string>;
  const from = value.value;
  const [address, fragment] = from.split("#") as [string, string | undefined];
  const to = `${address}${address.includes("?") ? "&" : "?"}${UTM}${fragment === undefined ? "" : `#${fragment}`}`;
  const written = text.slice(value.range![0], value.range![1]);
  files["content/site.yaml"] = replaceRanges(text, [{ range: value.range!, with: written.replace(from, to) }]);
  return { target: String((pair.key as Scalar).value), from, to };
}

/** Adds a testimonial at the end of content/testimonials.yaml's items, as CONTENT.md shows. */
export function addTestimonial(files: Files) {
  const file = "content/testimonials.yaml";
  const text = files[file]!;
  const items = parseDocument(text).get("items", true);
  if (!isSeq(items) || items.items.length === 0) throw new Error(`${file} has no items to add to.`);
  const last = items.items.at(-1) as Node;
  const indent = /^( *)- /.exec(text.slice(lineStart(text, (items.items[0] as Node).range![0])))?.[1] ?? "  ";
  const entry = [
    `- name: ${NEW_TESTIMONIAL.name}`,
    "  role: Owner, Gomez Landscaping",
    `  quote: ${NEW_TESTIMONIAL.quote}`,
    "  result: Saved $18,000 in her first year",
    "  rating: 5",
    `  tags: [${NEW_TESTIMONIAL.tag}]`,
  ]
    .map((line) => indent + line)
    .join("\n");
  files[file] = insertAfterLineOf(text, last.range![1], `${entry}\n`);
}

/**
 * Adds a page before the 404 page (at a path no page has yet) that shows the new
 * testimonial and books through `target`, and puts it at the end of the menu.
 */
export function addPage(files: Files, target: string, track?: string): Week["page"] {
  const pages = files["pages.yaml"]!;
  const routes = routeNodes(pages);
  const taken = new Set(routes.map((route) => String(route.get("path"))));
  let { path, label } = NEW_PAGE;
  for (let n = 2; taken.has(path); n++) [path, label] = [`${NEW_PAGE.path}-${n}`, `${NEW_PAGE.label} ${n}`];
  const indent = /^( *)- /.exec(pages.slice(lineStart(pages, routes[0]!.range![0])))?.[1] ?? "  ";
  const route = [
    `- path: ${path}`,
    `  title: ${label} | Proactive Tax Planning`,
    "  description: Proactive tax planning for business owners, led by a CPA.",
    "  sections:",
    "    - type: hero",
    "      heading: Keep more of what your business earns",
    "      lead: A plan for the year, not a scramble in April.",
    "      actions:",
    "        - label: Book a Free Consultation",
    `          to: ${target}`,
    ...(track ? [`          track: ${track}`] : []),
    "    - type: testimonials",
    "      heading: What planning clients say",
    "      items:",
    "        from: testimonials",
    `        tag: ${NEW_TESTIMONIAL.tag}`,
    "",
  ]
    .map((line) => (line ? indent + line : line))
    .join("\n");
  const notFound = routes.find((each) => each.get("path") === "*");
  const at = notFound ? lineStart(pages, notFound.range![0]) : pages.length;
  files["pages.yaml"] = pages.slice(0, at) + (at === pages.length && !pages.endsWith("\n") ? "\n" : "") + route + "\n" + pages.slice(at);

  const site = files["content/site.yaml"]!;
  const links = parseDocument(site).getIn(["navigation", "links"], true);
  if (!isSeq(links) || links.items.length === 0) throw new Error("content/site.yaml has no navigation links to add to.");
  const linkIndent = /^( *)- /.exec(site.slice(lineStart(site, (links.items[0] as Node).range![0])))?.[1] ?? "    ";
  const entry = `${linkIndent}- label: ${label}\n${linkIndent}  to: ${path}\n`;
  files["content/site.yaml"] = insertAfterLineOf(site, (links.items.at(-1) as Node).range![1], entry);
  return { path, label };
}

export const WEEK_EVENT = "book-call";
export const WEEK_BANNER = "Tax season hours start December 1: book your review early.";

/**
 * Turns on Plausible as CONTENT.md's "Measuring visits and clicks" shows, at the end of
 * content/site.yaml, with the site's own domain and one event; nothing when analytics are on.
 */
export function turnOnAnalytics(files: Files): Week["analytics"] {
  const site = files["content/site.yaml"]!;
  const document = parseDocument(site);
  if (document.has("analytics")) return undefined;
  const domain = new URL(String(document.get("siteUrl"))).hostname.replace(/^www\./, "");
  const block = [
    "analytics:",
    "  provider: plausible",
    `  domain: ${domain}`,
    "  events:",
    `    - name: ${WEEK_EVENT}`,
    "      description: A visitor clicked through to book a strategy call.",
    "",
  ].join("\n");
  files["content/site.yaml"] = `${site}${site.endsWith("\n") ? "" : "\n"}${block}`;
  return { provider: "plausible", event: WEEK_EVENT };
}

/** Adds a site-wide banner with a link to a named target, as CONTENT.md's "An announcement banner" shows; nothing when there is one. */
export function addBanner(files: Files, target: string): Week["banner"] {
  const site = files["content/site.yaml"]!;
  if (parseDocument(site).has("banner")) return undefined;
  const block = ["banner:", `  text: "${WEEK_BANNER}"`, "  link:", "    label: Book a review", `    to: ${target}`, ""].join("\n");
  files["content/site.yaml"] = `${site}${site.endsWith("\n") ? "" : "\n"}${block}`;
  return { text: WEEK_BANNER };
}

/**
 * The routes whose entry in pages.yaml differs between two versions of the content (or is
 * new), "*" standing for the 404 page. The week changes these pages; others show the same
 * sections as before (though their links or the menu may differ).
 */
export function changedRoutes(before: string, after: string): string[] {
  const byPath = (text: string) => new Map(routeNodes(text).map((route) => [String(route.get("path")), JSON.stringify(route.toJSON())]));
  const old = byPath(before);
  return [...byPath(after)].filter(([path, entry]) => old.get(path) !== entry).map(([path]) => path);
}

/** The routes of pages.yaml, as parsed nodes (with their places in the text). */
function routeNodes(text: string): YAMLMap[] {
  const routes = parseDocument(text).get("routes", true);
  if (!isSeq(routes)) throw new Error("pages.yaml has no routes.");
  return (routes as YAMLSeq).items.filter(isMap) as YAMLMap[];
}

/** Every section of every page of pages.yaml, as parsed nodes. */
function sections(text: string): { route: YAMLMap; section: YAMLMap }[] {
  return routeNodes(text).flatMap((route) => {
    const list = route.get("sections", true);
    return isSeq(list) ? (list.items.filter(isMap) as YAMLMap[]).map((section) => ({ route, section })) : [];
  });
}

function replaceRanges(text: string, edits: { range: readonly number[]; with: string }[]): string {
  return [...edits]
    .sort((a, b) => b.range[0]! - a.range[0]!)
    .reduce((result, edit) => result.slice(0, edit.range[0]) + edit.with + result.slice(edit.range[1]), text);
}

const lineStart = (text: string, offset: number) => text.lastIndexOf("\n", offset - 1) + 1;

/** Inserts `insert` at the start of the line after the one holding offset - 1 (the end of a node's value). */
function insertAfterLineOf(text: string, valueEnd: number, insert: string): string {
  const newline = text.indexOf("\n", Math.max(0, valueEnd - 1));
  if (newline < 0) return `${text}\n${insert}`;
  return text.slice(0, newline + 1) + insert + text.slice(newline + 1);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
