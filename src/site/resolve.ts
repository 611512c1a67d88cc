import type { ImageData, ImageRef } from "../content/fields.ts";
import { checkImageFile, listImages, type ImageCheck, type ImageRoots } from "../content/images.ts";
import { unknownTarget, type Link } from "../content/link.ts";
import type { MarkdownBlock, MarkdownDocument, MarkdownInline } from "../content/markdown.ts";
import { locateInText } from "../content/scalar-position.ts";
import { DEFAULT_LANGUAGE, resolveLanguages } from "./languages.ts";
import { ARTICLES_ROUTE } from "../content/article-route.ts";
import { isVideoRef, unknownVideo, type VideoData, type VideoSource } from "../content/video.ts";
import {
  append,
  didYouMean,
  locate,
  type FilePosition,
  type PathSegment,
  type Problem,
  type ProblemText,
  type Severity,
  type SourceFile,
  problemAt,
} from "../content/problems.ts";
import type { CollectionName, RouteConfig, SiteConfig } from "./schema.ts";
import type { PageData, SiteData } from "./types.ts";
import { isLive, isScheduled, nextChange, stateOf, type ScheduledItem, type Window } from "../content/schedule.ts";
import { bannerData, bannerLabelProblems, type BannerConfig } from "./banner.ts";
import { blockList, definitionOf } from "../blocks/registry.ts";
import type { SharedUse } from "../content/shared-sections.ts";
import { draftLink, draftRules } from "../content/drafts.ts";
import { redirectProblems } from "../content/redirects.ts";
import { FIELD_KINDS } from "../content/field-kinds.ts";
import type { KnownWarning } from "../content/known-warnings.ts";
import { valuesOfKind, type JsonSchema } from "../content/json-schema-lookup.ts";
import { collectsDetails, primaryActionProblems, privacyLinkProblems, withActionHierarchy } from "../content/design-rules.ts";
import { fillPrices, isPriceRef, priceAt, scheduledSales, type PriceData } from "../content/prices.ts";
import { formatUsd } from "../ui/format.ts";
import { localeFor } from "./locale.ts";
import { isKept, keep } from "../content/kept.ts";

interface Input {
  site: SiteConfig;
  siteSource: SourceFile;
  routes: RouteConfig[];
  /** The routes as written in pages.yaml (before defaults and placed sections), in the same order: what a translation's fingerprint is taken of. */
  authoredRoutes: readonly unknown[];
  pagesSource: SourceFile;
  /** The JSON Schemas of site.yaml and pages.yaml, which say where their fields of each kind are (an expiry date). */
  schemas: { site: JsonSchema; pages: JsonSchema };
  collections: { [K in CollectionName]?: { items: unknown[]; source: SourceFile } };
  /** Today, as 2026-11-23: dates in the content are checked against it. */
  today: string;
  /** The build's clock, in ms: scheduled items outside their window are left out of the pages. */
  now: number;
  /** Where pictures' files are looked for. */
  imageRoots: ImageRoots;
  /** Keep what is marked `draft: true` (the dev server and the editor's preview), marked as such; a build leaves it out. */
  drafts?: boolean;
  /** content/sections.yaml, and where pages place its sections. */
  shared?: { sections: Record<string, unknown>; source: SourceFile; uses: SharedUse[] };
}

/**
 * Replaces named targets by their URLs and collection names by their items, and
 * checks that internal links lead to a page. Unknown targets are errors; links to
 * routes that do not exist are warnings (such a link lands on the 404 page).
 */
export function resolveContent(input: Input): {
  site: SiteData;
  routes: PageData[];
  images: ImageUse[];
  schedule: ScheduledItem[];
  knownWarnings: KnownWarning[];
  problems: Problem[];
} {
  const problems: Problem[] = [];
  const images: ImageUse[] = [];
  const schedule: ScheduledItem[] = [];
  const scope = publishedScope(input, problems);
  const prices = resolvePrices(input, schedule);
  const references = referenceResolver(input, scope, problems, images, prices);
  const { site, siteBanner, videoTitles, knownWarnings } = resolveSite(input, references, problems);
  const collections = resolveCollections(input, scope, references, { schedule, problems, images });
  const articlePages = resolveArticlePages(input, scope, collections, problems);
  const siteBannerLive = siteBanner && scheduled(siteBanner, ["banner"], input.siteSource, "banner (every page)", input.now, schedule);
  const pages = resolvePages(input, scope, references, { siteBanner: siteBannerLive ? siteBanner : undefined, videoTitles, schedule, problems, images });
  const defaultLanguage = input.site.language?.code ?? DEFAULT_LANGUAGE;
  const routes = [
    ...pages.filter((_, index) => scope.drafts.keeps(input.routes[index])),
    ...articlePages.map((page) => ({ ...page, lang: defaultLanguage, ...(siteBannerLive ? { banner: bannerData(siteBanner!) } : {}) })),
  ];
  append(problems, contentAdvice(input, pages, Boolean(siteBanner)));
  // Texts name prices ({prices.course}): each page writes them as its language does, and the site's words as theirs do.
  const written = priceTexts(prices, images);
  return {
    site: withPricesWritten(site, written),
    routes: routes.map((route) => written(route, localeFor(input.site, route.lang))),
    images,
    schedule,
    knownWarnings,
    problems,
  };
}

/**
 * Each price of content/site.yaml (prices:) as it holds at the build's moment: the sale price
 * while its sale runs, else the regular price. A sale with an end is listed with the schedule.
 */
function resolvePrices(input: Input, schedule: ScheduledItem[]): Record<string, PriceData> {
  const declared = input.site.prices ?? {};
  const siteLocale = localeFor(input.site, undefined);
  append(
    schedule,
    scheduledSales(declared, input.siteSource, input.now, (amount) => formatUsd(amount, siteLocale)),
  );
  return Object.fromEntries(Object.entries(declared).map(([name, entry]) => [name, priceAt(name, entry, input.now)]));
}

/**
 * Writes the prices texts name ({prices.course}) as `locale` writes them, copying only what holds
 * one: every other object stays the very object it was. A picture whose text names a price is a
 * new object, so it is listed for the build beside the one it was copied from.
 */
function priceTexts(prices: Record<string, PriceData>, images: ImageUse[]) {
  let pictures: Map<unknown, ImageUse> | undefined;
  return <T>(value: T, locale: string): T => {
    const write = (name: string) => (prices[name] ? formatUsd(prices[name].amount, locale) : undefined);
    /** Counts what makes a value's walk worth doing again: a text naming a price, or an object that can change. */
    let unsettled = 0;
    const walk = (node: unknown): unknown => {
      if (typeof node === "string") {
        if (!node.includes(PRICE_PLACEHOLDER)) return node;
        unsettled++;
        return fillPrices(node, write);
      }
      if (!node || typeof node !== "object" || withoutPrices.has(node)) return node;
      const before = unsettled;
      let result: unknown = node;
      if (Array.isArray(node)) {
        const items = node.map(walk);
        if (items.some((item, index) => item !== node[index])) result = items;
      } else {
        let copy: Record<string, unknown> | undefined;
        for (const [key, child] of Object.entries(node)) {
          const changed = walk(child);
          if (changed !== child) (copy ??= { ...(node as Record<string, unknown>) })[key] = changed;
        }
        if (copy) {
          const use = (pictures ??= new Map(images.map((each) => [each.data, each]))).get(node);
          if (use) images.push({ ...use, data: copy as unknown as ImageData });
          result = copy;
        }
      }
      if (!Object.isFrozen(node)) unsettled++;
      else if (unsettled === before) withoutPrices.add(node);
      return result;
    };
    return walk(value) as T;
  };
}

const PRICE_PLACEHOLDER = "{prices.";

/**
 * Values found to name no price anywhere in them, and frozen through and through (the dev server
 * and the editor freeze what they keep from one load to the next, kept.ts): writing the prices
 * leaves them as they are at every later load, so the walk skips them. A saved edit at a thousand
 * pages walked every text of the site again for the few that name a price.
 */
const withoutPrices = new WeakSet<object>();

/** The site's words with their prices written: in the site's language, and each translation's in its own. */
function withPricesWritten(site: SiteData, written: ReturnType<typeof priceTexts>): SiteData {
  const { translations, ...own } = site;
  return {
    ...written(own, localeFor(site, undefined)),
    ...(translations
      ? { translations: Object.fromEntries(Object.entries(translations).map(([code, words]) => [code, written(words, localeFor(site, code))])) }
      : {}),
  } as SiteData;
}

/** What is published (drafts left out unless shown): the articles, and every page's route; the redirects checked against them. */
function publishedScope(input: Input, problems: Problem[]) {
  const drafts = draftRules(input.drafts ?? false);
  const articles = articleList(input.collections.articles, problems).filter((article) => drafts.keeps(input.collections.articles!.items[article.index]));
  const published = input.routes.filter((route) => drafts.keeps(route));
  const routePaths = new Set([...published.map((route) => route.path).filter((path) => path !== "*"), ...articles.map((article) => article.path)]);
  const draftPaths = drafts.paths(input.routes, input.collections.articles?.items ?? [], ARTICLES_ROUTE);
  append(problems, redirectProblems(input.routes, input.pagesSource, new Set([...routePaths, ...draftPaths])));
  return { drafts, articles, routePaths, draftPaths, routeList: [...routePaths] };
}
type Scope = ReturnType<typeof publishedScope>;

/**
 * Resolves what content refers to, wherever it is written: collection names to their items,
 * links to their addresses (checked against the routes), Markdown's links, video names to the
 * site's videos, and pictures to their data (each listed for the build to make). The site's
 * videos and the collections are resolved with it too, so they are handed in once they are.
 */
function referenceResolver(input: Input, scope: Scope, problems: Problem[], images: ImageUse[], prices: Record<string, PriceData>) {
  const imageHosts = input.site.media?.imageHosts ?? [];
  let imageList: string[] | undefined;
  const knownImages = () => (imageList ??= listImages(input.imageRoots));
  // A picture's file is checked once a load, however many places show it: a site of a thousand pages names
  // the same few pictures thousands of times, and each check opened and read the file again.
  const imageChecks = new Map<string, ImageCheck | undefined>();
  const checkImage = (ref: ImageRef) => {
    if (!imageChecks.has(ref.src)) imageChecks.set(ref.src, checkImageFile(ref, input.imageRoots, imageHosts, knownImages));
    return imageChecks.get(ref.src);
  };
  const resolved = { videos: undefined as Record<string, VideoData<ImageData>> | undefined, collections: new Map<string, unknown[]>() };
  /** How many values were resolved to what another file holds (a collection's items, a video): see keptResolutions. */
  let fromOutside = 0;
  /** The prices read, by name, in order: what a price shows is decided by the moment (a sale ends), see keptResolutions. */
  const pricesRead: string[] = [];
  /** Each picture listed in `images`, as the content wrote it, in the same order. */
  const imageRefs: ImageRef[] = [];

  /**
   * `value` with what it refers to resolved. `path` is where it is, one list the walk changes in
   * place (a thousand pages hold tens of thousands of values): copy it to keep it. A value with
   * nothing to resolve is handed on as it is, so a page's text is not copied again.
   */
  const visit = (value: unknown, path: PathSegment[], source: SourceFile): unknown => {
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        const item = visit(value[index], path, source);
        path.pop();
        if (item !== value[index] && !out) out = value.slice(0, index);
        out?.push(item);
      }
      return out ?? value;
    }
    if (!value || typeof value !== "object") return value;
    if (isCollectionRef(value)) {
      fromOutside++;
      const all = resolved.collections.get(value.$collection) ?? [];
      const tagged = value.tag ? all.filter((item) => (item as { tags?: string[] }).tags?.includes(value.tag!)) : all;
      if (tagged.length === 0) {
        problems.push(
          problemAt(source, path, {
            code: "no-tagged-items",
            message: value.tag ? `No item in content/${value.$collection}.yaml has the tag "${value.tag}".` : `content/${value.$collection}.yaml has no items.`,
            hint: value.tag
              ? `Add tags: [${value.tag}] to the items this section should show, or pick another tag.`
              : `Add items to content/${value.$collection}.yaml, or remove this section.`,
          }),
        );
      }
      // Items are resolved where they are defined, so their links point into the collection's file.
      return tagged.slice(0, value.limit ?? tagged.length);
    }
    if (isMarkdown(value)) return { $markdown: resolveMarkdown(value.$markdown, path, source) };
    if (isPriceRef(value)) {
      pricesRead.push(value.$price);
      // The loader has checked every name against site.yaml already (unknownPrices).
      const price = prices[value.$price];
      if (!price) throw new Error(`The price ${value.$price} reached resolution unchecked.`);
      return price;
    }
    if (isLink(value)) return resolveLink(value, path, source);
    if (isVideoRef(value)) {
      fromOutside++;
      // The loader has checked every name against site.yaml already (unknownVideos); the site is resolved first.
      const video = resolved.videos?.[value.$video];
      if (!video) throw new Error(`The video ${value.$video} reached resolution unchecked.`);
      return video;
    }
    if (isImageRef(value)) {
      const problem = checkImage(value);
      if (problem) {
        problems.push(
          problemAt(
            source,
            [...path, "src"],
            { code: problem.code, message: problem.message, ...(problem.hint ? { hint: problem.hint } : {}) },
            { severity: problem.severity ?? "error", path: path },
          ),
        );
      }
      // The build makes its files and puts their data in place of this object in a copy of the content (withPictures).
      const data: ImageData = { slot: value.$image, src: value.src, alt: value.alt, ...(value.focus === undefined ? {} : { focus: value.focus }) };
      if (!problem || problem.severity === "warning") {
        images.push(imageUse(data, value.src, source, [...path]));
        imageRefs.push(value);
      }
      return data;
    }
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      path.push(key);
      const resolvedChild = visit(child, path, source);
      path.pop();
      if (resolvedChild !== child) out ??= { ...value };
      // As an own field, whatever its name (a key written "__proto__" is one too).
      if (out) Object.defineProperty(out, key, { value: resolvedChild, writable: true, enumerable: true, configurable: true });
    }
    return out ?? value;
  };

  /** `index`: for a link in Markdown, where its address is in the text, so it is reported at its own line. */
  const resolveLink = (link: Link, path: PathSegment[], source: SourceFile, index?: number): Link => {
    // Located only when there is a problem to report: most links have none.
    const report = (text: ProblemText, severity: Severity) =>
      problems.push(problemAt(index === undefined ? source : locateInText(source, path, index), path, text, { severity }));
    if (link.kind === "target") {
      // The loader has checked every link field's name against site.yaml already (targets.ts); links in Markdown are checked here.
      const target = input.site.targets[link.name];
      if (!target && index !== undefined) {
        report({ code: "unknown-target", ...unknownTarget(link.name, Object.keys(input.site.targets)) }, "error");
        return link;
      }
      if (!target) throw new Error(`The named target ${link.name} reached resolution unchecked.`);
      return { kind: "target", name: link.name, href: target.href };
    }
    if (link.kind === "route" && link.href.startsWith("/")) {
      const route = link.href.replace(/[?#].*$/, "");
      if (!scope.routePaths.has(route) && scope.draftPaths.has(route)) report(draftLink(route), "warning");
      else if (!scope.routePaths.has(route)) {
        const guess = didYouMean(route, scope.routeList);
        report(
          {
            code: "unknown-route",
            message: `No page has the route ${route}; this link leads to the 404 page.`,
            hint: guess ? `Did you mean ${guess}?` : `Add a route with path: ${route} to pages.yaml, or link to an existing page.`,
          },
          "warning",
        );
      }
    }
    return link;
  };

  const resolveMarkdown = (blocks: MarkdownBlock[], path: PathSegment[], source: SourceFile): MarkdownBlock[] => {
    const inline = (nodes: MarkdownInline[]): MarkdownInline[] =>
      nodes.map((node) => {
        if (node.type === "link") return { ...node, link: resolveLink(node.link, path, source, node.at), children: inline(node.children) };
        if (node.type === "emphasis" || node.type === "strong") return { ...node, children: inline(node.children) };
        return node;
      });
    const block = (node: MarkdownBlock): MarkdownBlock => {
      switch (node.type) {
        case "heading":
        case "paragraph":
          return { ...node, children: inline(node.children) };
        case "list":
          return { ...node, items: node.items.map((item) => item.map(block)) };
        case "quote":
          return { ...node, children: node.children.map(block) };
        case "table":
          return { ...node, head: node.head.map(inline), rows: node.rows.map((row) => row.map(inline)) };
      }
    };
    return blocks.map(block);
  };

  /** Whether the picture `ref` names can be used as it is: its file is there and sound. */
  const imageIsFine = (ref: ImageRef) => checkImage(ref) === undefined;

  /** What the price named `name` is at this load, as text to compare with what a kept section showed. */
  const priceShown = (name: string) => JSON.stringify(prices[name]);

  return { visit, resolved, imageRefs, imageIsFine, fromOutside: () => fromOutside, pricesRead, priceShown };
}
type References = ReturnType<typeof referenceResolver>;

/** The site's settings, resolved first: its videos are what pages name (each page gets the same object, whose poster the build's pictures replace). */
function resolveSite(input: Input, references: References, problems: Problem[]) {
  // The warnings the site keeps are the checks' business, never the pages': kept out of the site's data (and its script).
  // Nor are the prices: what pages show of them is resolved into the pages.
  const {
    banner: siteBanner,
    knownWarnings = [],
    prices: _prices,
    ...site
  } = references.visit(input.site, [], input.siteSource) as SiteData & {
    banner?: ResolvedBanner;
    knownWarnings?: Omit<KnownWarning, "at">[];
    prices?: unknown;
  };
  const videos = Object.fromEntries(
    Object.entries((site.videos ?? {}) as Record<string, Omit<VideoData<ImageData>, "name" | keyof VideoSource> & { url: VideoSource }>).map(
      ([name, { url, title, poster }]) => [name, { name, ...url, title, poster }],
    ),
  );
  references.resolved.videos = videos;
  const known = knownWarnings.map(({ code, file, path }, index): KnownWarning => {
    const at: PathSegment[] = ["knownWarnings", index];
    // Placed when asked, which is when the entry matches no warning: placing it can mean parsing site.yaml.
    let found: { line: number; col: number } | undefined;
    const place = () => (found ??= locate(input.siteSource, at));
    return {
      code,
      file,
      path,
      at: {
        file: input.siteSource.file,
        path: at,
        get line() {
          return place().line;
        },
        get col() {
          return place().col;
        },
      },
    };
  });
  return { site, siteBanner, knownWarnings: known, videoTitles: translatedVideoTitles(input.site, input.siteSource, videos, problems) };
}

/** Each collection's items, resolved where they are written; articles published only, newest first. */
function resolveCollections(
  input: Input,
  scope: Scope,
  references: References,
  made: { schedule: ScheduledItem[]; problems: Problem[]; images: ImageUse[] },
): Map<string, unknown[]> {
  const kept = keptResolutions(input, scope, references, made);
  for (const [name, collection] of Object.entries(input.collections)) {
    if (!collection) continue;
    const items = collection.items.map((item, index) => {
      const path = ["items", index];
      return item && typeof item === "object" ? kept(item, item, collection.source, path, () => references.visit(item, path, collection.source)) : item;
    });
    // Lists of articles show the newest first.
    if (name === "articles") items.splice(0, items.length, ...scope.drafts.kept(items));
    if (name === "articles") items.sort((a, b) => (b as ArticleItem).date.localeCompare((a as ArticleItem).date));
    references.resolved.collections.set(name, items);
  }
  return references.resolved.collections;
}

/** A page for each published article; an article whose address pages.yaml declares too is refused at its slug. */
function resolveArticlePages(input: Input, scope: Scope, collections: Map<string, unknown[]>, problems: Problem[]): PageData[] {
  for (const article of scope.articles) {
    const declared = input.routes.findIndex((route) => route.path === article.path);
    if (declared < 0) continue;
    problems.push(
      problemAt(article.source, ["items", article.index, "slug"], {
        code: "duplicate-route",
        message: `The article's page ${article.path} is also declared in pages.yaml (routes[${declared}]).`,
        hint: "Give the article another slug, or remove the route from pages.yaml.",
      }),
    );
  }
  return scope.articles.map((article) =>
    scope.drafts.mark(
      articlePage(collections.get("articles")!.find((item) => (item as ArticleItem).slug === article.slug) as ArticleItem, input.site),
      input.collections.articles!.items[article.index],
    ),
  );
}

/**
 * Every route's page (drafts too, marked, for the caller to keep or leave out): its sections
 * resolved (a shared section once, where it is written), its banner (its own when on now, else
 * the site's), its language and translations, videos titled in its language, and only the
 * sections live now.
 */
function resolvePages(
  input: Input,
  scope: Scope,
  references: References,
  {
    siteBanner,
    videoTitles,
    schedule,
    problems,
    images,
  }: {
    siteBanner?: ResolvedBanner;
    videoTitles: Map<string, Map<VideoData<ImageData>, string>>;
    schedule: ScheduledItem[];
    problems: Problem[];
    images: ImageUse[];
  },
): PageData[] {
  const sharedSections = new Map<string, PageData["sections"][number]>();
  const languages = resolveLanguages(input.site, input.siteSource, input.routes, input.authoredRoutes, input.pagesSource);
  append(problems, languages.problems);
  const defaultLanguage = input.site.language?.code ?? DEFAULT_LANGUAGE;
  const kept = keptResolutions(input, scope, references, { schedule, problems, images });
  const usesAt = new Map(input.shared?.uses.map((use) => [`${use.route} ${use.section}`, use]));
  return input.routes.map((route, index) => {
    const {
      banner: own,
      translationOf: _translationOf,
      draft: _draft,
      ...page
    } = references.visit({ ...route, sections: [] }, ["routes", index], input.pagesSource) as PageData & {
      banner?: ResolvedBanner | false;
      translationOf?: string;
      draft?: boolean;
    };
    const where = route.path === "*" ? "404 page" : route.path;
    // The page's own banner when it has one on now, else the site's: never two.
    const ownLive = own && scheduled(own, ["routes", index, "banner"], input.pagesSource, `banner on ${where}`, input.now, schedule);
    const banner = own === false ? undefined : ownLive ? own : siteBanner;
    const alternates = languages.alternates[index];
    const lang = languages.langs[index] ?? defaultLanguage;
    const titles = videoTitles.get(lang);
    /** A resolved section as the page shows it: videos titled in its language, live now, its buttons ranked. */
    const shown = (resolved: PageData["sections"][number], path: PathSegment[]) =>
      liveSection(titles ? withVideoTitles(resolved, titles) : resolved, path, where, input.pagesSource, input, schedule, problems).map(withActionHierarchy);
    const sections = route.sections.flatMap((section, at): PageData["sections"] => {
      const path = ["routes", index, "sections", at];
      // A shared section is resolved once, where it is written, so its links and pictures are reported at its own line.
      const use = usesAt.get(`${index} ${at}`);
      // A kept page's sections are kept with it.
      if (!use)
        return kept(route, section, input.pagesSource, path, () =>
          shown(references.visit(section, path, input.pagesSource) as PageData["sections"][number], path),
        );
      if (!sharedSections.has(use.name))
        sharedSections.set(
          use.name,
          references.visit(input.shared!.sections[use.name], ["sections", use.name], input.shared!.source) as PageData["sections"][number],
        );
      return shown(sharedSections.get(use.name)!, path);
    });
    return scope.drafts.mark(
      {
        ...page,
        lang,
        ...(alternates ? { alternates } : {}),
        ...(banner ? { banner: bannerData(banner) } : {}),
        sections,
      },
      route,
    );
  });
}

/**
 * What resolving made of an unchanged section of a page or item of a collection (an article, a
 * testimonial), kept from one load to the next: the dev server and the editor load again at every
 * save, and most of a large site is unchanged. It is made again when it changed or moved, or when
 * what any of them may read did: the site's settings, the list of routes and drafts, the day, the
 * settings of the load. Only what stands alone is kept: what shows a collection or a video, has
 * something scheduled or is reported on is made at every load, so its problems are placed in the
 * file as it now is. A kept one's pictures are checked again, since a file can change while the
 * content does not, and so are the prices it shows: a sale can end within the day, with nothing
 * saved. A kept one is the very object it was, frozen, so what is made from it (an article's page,
 * the pictures' join) passes by what did not change.
 */
function keptResolutions(
  input: Input,
  scope: Scope,
  references: References,
  { schedule, problems, images }: { schedule: ScheduledItem[]; problems: Problem[]; images: ImageUse[] },
) {
  const context = keptContext(input, scope);
  /** `value`, written at `path` of `source`, as `make` resolves it; kept while `owner` (the value itself, or a section's page) is. */
  return <T>(owner: unknown, value: object, source: SourceFile, path: PathSegment[], make: () => T): T => {
    const at = `${source.file} ${path.join(".")}`;
    const entry = isKept(owner) ? madeResolutions.get(value) : undefined;
    if (
      entry &&
      entry.context === context &&
      entry.at === at &&
      entry.refs.every(references.imageIsFine) &&
      entry.prices.every(([name, shown]) => references.priceShown(name) === shown)
    ) {
      entry.images.forEach((use, index) => {
        images.push(imageUse(use.data, use.source, source, use.path));
        references.imageRefs.push(entry.refs[index]!);
      });
      return entry.made as T;
    }
    const before = {
      problems: problems.length,
      schedule: schedule.length,
      images: images.length,
      refs: references.imageRefs.length,
      fromOutside: references.fromOutside(),
      prices: references.pricesRead.length,
    };
    const made = make();
    const alone = problems.length === before.problems && schedule.length === before.schedule && references.fromOutside() === before.fromOutside;
    if (alone && isKept(owner))
      madeResolutions.set(value, {
        context,
        at,
        made: keep(made),
        // Without the place each use finds in this load's file: keeping it would keep the whole file in memory, one per save.
        images: images.slice(before.images).map(({ data, source, path }) => ({ data, source, path })),
        refs: references.imageRefs.slice(before.refs),
        prices: [...new Set(references.pricesRead.slice(before.prices))].map((name) => [name, references.priceShown(name)]),
      });
    return made;
  };
}

const madeResolutions = new WeakMap<
  object,
  { context: object; at: string; made: unknown; images: Omit<ImageUse, "where">[]; refs: ImageRef[]; prices: [name: string, shown: string][] }
>();

let lastContext: { key: string } | undefined;

/** What any section or collection item may read besides itself, as one object while it stays the same. */
function keptContext(input: Input, scope: Scope): object {
  const key = JSON.stringify([input.site, scope.routeList, [...scope.draftPaths], input.today, input.drafts ?? false, input.imageRoots]);
  if (lastContext?.key !== key) lastContext = { key };
  return lastContext;
}

/** Advice and checks over the resolved pages: banners' labels, titles search results cut, buttons, the privacy link, dates passed. */
function contentAdvice(input: Input, pages: PageData[], hasSiteBanner: boolean): Problem[] {
  const problems: Problem[] = [];
  if (hasSiteBanner || input.routes.some((route) => route.banner)) append(problems, bannerLabelProblems(input.site, input.siteSource));
  input.routes.forEach((route, index) =>
    append(
      problems,
      quietOrChecked(quietTitles, route, () => searchResultLengths(route, index, input.pagesSource)),
    ),
  );
  input.routes.forEach((route, index) =>
    append(
      problems,
      quietOrChecked(quietActions, route, () => primaryActionProblems(route.sections, ["routes", index, "sections"], input.pagesSource)),
    ),
  );
  append(
    problems,
    privacyLinkProblems({
      footerLegal: input.site.footer.legal,
      analytics: Boolean(input.site.analytics),
      hasForm: pages.some((page) => page.sections.some(collectsDetails)),
      routes: pages.map((page) => page.path),
      siteSource: input.siteSource,
    }),
  );
  append(problems, pastDates(input.site, input.schemas.site, input.siteSource, input.today));
  append(problems, pastDates({ routes: input.routes }, input.schemas.pages, input.pagesSource, input.today));
  return problems;
}

/** Kept routes in which a check of the route alone found nothing: checked again once changed. */
const quietTitles = new WeakSet<object>();
const quietActions = new WeakSet<object>();

function quietOrChecked(quiet: WeakSet<object>, route: RouteConfig, check: () => Problem[]): Problem[] {
  if (quiet.has(route)) return [];
  const found = check();
  if (found.length === 0 && isKept(route)) quiet.add(route);
  return found;
}

type Scheduled = Window & Record<string, unknown>;
type ResolvedBanner = BannerConfig & { link?: { label: string; to: Link } };

/** Lists an item with a schedule; whether it is on at `now`. */
function scheduled(item: Window, path: PathSegment[], source: SourceFile, label: string, now: number, schedule: ScheduledItem[]): boolean {
  if (!isScheduled(item)) return true;
  schedule.push({
    file: source.file,
    ...locate(source, path),
    label,
    ...(item.from !== undefined ? { from: item.from } : {}),
    ...(item.until !== undefined ? { until: item.until } : {}),
    ...(item.hidden?.length ? { hidden: [...item.hidden] } : {}),
    state: stateOf(item, now),
    next: nextChange(item, now),
  });
  return isLive(item, now);
}

/**
 * What a section of a page shows at the build's moment: nothing when it is outside its schedule
 * (from, until, hidden windows), or past the date its block hides it after (an offer's
 * validUntil); a block's scheduled items (cards) outside their schedule are left out, and the
 * section with them when none is left. Every scheduled item is listed in `schedule`.
 */
function liveSection(
  section: PageData["sections"][number],
  at: PathSegment[],
  where: string,
  source: SourceFile,
  input: Input,
  schedule: ScheduledItem[],
  problems: Problem[],
): PageData["sections"] {
  const keep = (item: Window, path: PathSegment[], label: string) => scheduled(item, path, source, label, input.now, schedule);
  const hooks = definitionOf(section.type)?.resolve;
  const { from, until, hidden, draft, ...unmarked } = section as Scheduled;
  if (!draftRules(input.drafts ?? false).keeps({ draft })) return [];
  const rest = draft ? { ...unmarked, draft } : unmarked;
  const name = (rest.heading ?? rest.title) as string | undefined;
  if (!keep({ from, until, hidden }, at, `${where} ${section.type}${name ? ` "${name}"` : ""}`)) {
    if (hooks?.ended && until !== undefined && stateOf({ until }, input.now) === "ended") {
      problems.push(
        problemAt(source, [...at, "until"], { code: "date-passed", message: hooks.ended.message(until), hint: hooks.ended.hint }, { severity: "warning" }),
      );
    }
    return [];
  }
  const expiry = hooks?.hiddenAfter === undefined ? undefined : rest[hooks.hiddenAfter.field];
  if (typeof expiry === "string" && expiry < input.today) return [];
  const items = hooks?.scheduledItems;
  if (!items) return [rest as PageData["sections"][number]];
  const kept = (rest[items.field] as Scheduled[]).flatMap((item, itemIndex) => {
    const { from: itemFrom, until: itemUntil, hidden: itemHidden, ...itemRest } = item;
    return keep({ from: itemFrom, until: itemUntil, hidden: itemHidden }, [...at, items.field, itemIndex], `${where} ${items.label(item)}`) ? [itemRest] : [];
  });
  return kept.length ? [{ ...rest, [items.field]: kept } as unknown as PageData["sections"][number]] : [];
}

type ArticleItem = { slug: string; title: string; date: string; author: string; summary: string; tags?: string[]; body: MarkdownDocument };

/** The articles' routes, each once: a second article with the same slug is an error at its slug. */
function articleList(collection: { items: unknown[]; source: SourceFile } | undefined, problems: Problem[]) {
  const seen = new Map<string, number>();
  const list: { slug: string; path: string; index: number; source: SourceFile }[] = [];
  (collection?.items ?? []).forEach((item, index) => {
    const { slug } = item as ArticleItem;
    const first = seen.get(slug);
    if (first !== undefined) {
      problems.push(
        problemAt(collection!.source, ["items", index, "slug"], {
          code: "duplicate-name",
          message: `Two articles have the slug "${slug}" (the first is items[${first}]); each article is a page of its own.`,
          hint: `Give this one another slug, like ${slug}-2.`,
        }),
      );
      return;
    }
    seen.set(slug, index);
    list.push({ slug, path: `${ARTICLES_ROUTE}/${slug}`, index, source: collection!.source });
  });
  return list;
}

/** An article's page: its title and path, and the sections the block that shows articles makes of it. */
function articlePage(article: ArticleItem, site: SiteConfig): PageData {
  const shows = blockList.find(({ definition }) => definition.itemPage?.collection === "articles");
  if (!shows) throw new Error("No block makes the articles' pages.");
  return {
    path: `${ARTICLES_ROUTE}/${article.slug}`,
    title: `${article.title} | ${site.brand.shortName ?? site.brand.name}`,
    description: article.summary,
    sections: shows.definition.itemPage!.sections(article as never) as PageData["sections"],
  };
}

function isMarkdown(value: object): value is MarkdownDocument {
  return "$markdown" in value && Array.isArray(value.$markdown);
}

/** Search engines cut titles and descriptions past about these lengths. */
export const SEARCH_RESULT_LIMITS = { title: 60, description: 160 } as const;

function searchResultLengths(route: RouteConfig, index: number, source: SourceFile): Problem[] {
  return (["title", "description"] as const).flatMap((field) => {
    const length = [...route[field]].length;
    const limit = SEARCH_RESULT_LIMITS[field];
    if (length <= limit) return [];
    const path = ["routes", index, field];
    return [
      problemAt(
        source,
        path,
        {
          code: field === "title" ? ("title-too-long" as const) : ("description-too-long" as const),
          message: `The ${field} is ${length} characters; search results cut it after about ${limit}.`,
          hint: `Shorten it to ${limit} characters or fewer, with the words that matter first.`,
        },
        { severity: "warning" },
      ),
    ];
  });
}

/** A picture in the content and where it is written, for the build that makes its files (and reports a corrupt one at its line). */
export interface ImageUse {
  data: ImageData;
  /** The picture as the content names it: /images/<file> or an https: address. */
  source: string;
  /** The picture's field, for a problem with its file (reported at the line of its src). */
  path: PathSegment[];
  /** Where its src is written. Found when a problem asks: most pictures have none, and finding a place in a large file read from its cache parses the page it is on. */
  where(): FilePosition;
}

function imageUse(data: ImageData, src: string, source: SourceFile, path: PathSegment[]): ImageUse {
  let found: FilePosition | undefined;
  return { data, source: src, path, where: () => (found ??= { file: source.file, ...locate(source, [...path, "src"]) }) };
}

function isImageRef(value: object): value is ImageRef {
  return "$image" in value && typeof value.$image === "string";
}

function isCollectionRef(value: object): value is { $collection: string; tag?: string; limit?: number } {
  return "$collection" in value && typeof value.$collection === "string";
}

function isLink(value: object): value is Link {
  // The fields are listed only for an object that has a link's: resolving asks this of every object of every page.
  return (
    "kind" in value &&
    "href" in value &&
    typeof value.href === "string" &&
    (value.kind === "route" || value.kind === "url" || value.kind === "target") &&
    Object.keys(value).every((key) => key === "kind" || key === "href" || key === "name")
  );
}

/** Every expiry date in a file (validUntil(), whatever its field is called) that has passed, as a warning at its line. */
function pastDates(data: unknown, schema: JsonSchema, source: SourceFile, today: string): Problem[] {
  return valuesOfKind(FIELD_KINDS.expiry, schema, data).flatMap((found) => {
    const date = found.value;
    if (date >= today) return [];
    const at = found.path;
    // A section past the date its block hides it after is no longer shown (liveSections); everything else stays until it is updated.
    const key = at[at.length - 1];
    const holder = at.slice(0, -1).reduce<unknown>((node, segment) => (node as Record<PathSegment, unknown>)[segment], data);
    const type = (holder as { type?: unknown }).type;
    const hiddenAfter = typeof type === "string" ? definitionOf(type)?.resolve?.hiddenAfter : undefined;
    const hidden = hiddenAfter !== undefined && hiddenAfter.field === key ? hiddenAfter : undefined;
    return [
      problemAt(
        source,
        at,
        {
          code: "date-passed",
          message: hidden ? hidden.passed(date) : `This was valid until ${date}, which has passed.`,
          hint: "Update what it dates (a price, an offer, a copyright year), then move validUntil to the new date or remove it.",
        },
        { severity: "warning" },
      ),
    ];
  });
}

/**
 * Each translation's titles of the site's videos (translations.<code>.videos), by video
 * object, so a page in that language can swap in its own title; a name that is not one of
 * the site's videos is reported at its line.
 */
function translatedVideoTitles(
  site: SiteConfig,
  source: SourceFile,
  videos: Record<string, VideoData<ImageData>>,
  problems: Problem[],
): Map<string, Map<VideoData<ImageData>, string>> {
  const byLanguage = new Map<string, Map<VideoData<ImageData>, string>>();
  for (const [code, translation] of Object.entries(site.translations ?? {})) {
    const titles = new Map<VideoData<ImageData>, string>();
    for (const [name, { title }] of Object.entries(translation.videos ?? {})) {
      const video = videos[name];
      if (video) titles.set(video, title);
      else {
        const path = ["translations", code, "videos", name];
        // At the name, which is what is wrong.
        problems.push(problemAt(source, path.slice(0, -1), { code: "unknown-video", ...unknownVideo(name, Object.keys(videos)) }, { path, key: name }));
      }
    }
    if (titles.size) byLanguage.set(code, titles);
  }
  return byLanguage;
}

/**
 * The page's sections with each of the site's videos under its title in the page's language.
 * Only what holds a video is copied: the build finds each picture's data (ImageData) by the
 * object resolving handed out, so every other object, and a video's poster, stays the very object it was.
 */
function withVideoTitles<T>(value: T, titles: Map<VideoData<ImageData>, string>): T {
  if (!value || typeof value !== "object") return value;
  const title = titles.get(value as unknown as VideoData<ImageData>);
  if (title !== undefined) return { ...value, title };
  const entries = Object.entries(value);
  const changed = entries.map(([key, child]) => [key, withVideoTitles(child, titles)] as const);
  if (changed.every(([, child], index) => child === entries[index]![1])) return value;
  return (Array.isArray(value) ? changed.map(([, child]) => child) : Object.fromEntries(changed)) as T;
}
