import createEmotionServer from "@emotion/server/create-instance";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { isInteractive } from "../blocks/registry.ts";
import { App } from "./App.tsx";
import { headTags } from "./head.ts";
import { islandIdPrefix, IslandRoot, IslandSlots, type IslandRecord, type IslandsPayload, type RenderedIsland } from "./island.tsx";
import { islands, type IslandName } from "./islands.ts";
import { matchRoute, PageStore, type PageLoader } from "./page-store.ts";
import { createEmotionCache, Providers } from "../ui/Providers.tsx";
import type { PageData, SiteData, Video } from "../site/types.ts";
import { VIDEO_TRIGGERS, type VideoIslandProps } from "../ui/video/video-dom.ts";
import { VideoDialog } from "../ui/video/VideoDialog.tsx";
import { pageContextOf, siteFor } from "./localized-site.ts";
import type { ComponentType } from "react";
import type { EmotionCache } from "@emotion/cache";
import { headerMarks } from "./Header.tsx";
import { Footer } from "./Footer.tsx";
import { fillMarkers } from "./document.ts";
import { SiteContext } from "../ui/site-context.ts";
import { randomUUID } from "node:crypto";

type AnyComponent = ComponentType<Record<string, unknown>>;

export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** Title, description, canonical address, share tags and structured data, for <head>. */
  head: string;
  /** Critical CSS as emotion style tags, for <head>. */
  styles: string;
  page: PageData;
  /** What the browser needs to hydrate the page's islands. */
  islands: IslandsPayload;
}

/** Renders one URL of a site to HTML. An unknown URL renders the 404 page. */
export async function renderPage(url: string, site: SiteData, pageLoaders: Record<string, PageLoader>): Promise<RenderedPage> {
  const store = new PageStore(pageLoaders);
  const page = await store.load(matchRoute(new URL(url, "http://localhost").pathname, store.routes));
  store.prime(page);

  const cache = createEmotionCache();
  // Collect styles in the cache instead of inlining <style> next to each element.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  // Islands first, each as a root of its own, exactly as the browser will hydrate it.
  const records: IslandRecord[] = [];
  const pageContext = pageContextOf(page, site);
  async function renderIsland(name: IslandName, props: Record<string, unknown>, wakeOn?: string, component?: AnyComponent): Promise<RenderedIsland> {
    const record: IslandRecord = {
      id: records.length,
      name,
      props,
      page: pageContext,
      when: islands[name].when,
      by: islands[name].by,
      ...(wakeOn ? { wakeOn } : {}),
    };
    records.push(record);
    const Component = component ?? (await islands[name].render());
    const render = (into: EmotionCache) =>
      renderToString(
        <IslandRoot record={record} cache={into} site={site}>
          <Component {...props} />
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(record.id) },
      );
    if (name !== "header") return { id: record.id, html: render(cache) };
    // An island is a function of its record and the site; the header's record differs from page to page by its path alone.
    const key = JSON.stringify({ ...record, page: { ...record.page, path: headerMarks(siteFor(site, record.page.lang), record.page.path) } });
    // The page's first island: its styles come first, as rendering it here would have put them.
    return { id: record.id, html: withStyles(cache, sharedRender(site, `header ${key}`, render)) };
  }
  // The footer shows the site's words in the page's language and the page's copyright line, nothing else of the page.
  const localized = siteFor(site, page.lang);
  const footer = sharedRender(site, `footer ${JSON.stringify([page.lang, page.copyright])}`, (into) =>
    renderToString(
      <Providers cache={into} globalStyles={false}>
        <SiteContext value={localized}>
          <Footer site={localized} copyright={page.copyright} />
        </SiteContext>
      </Providers>,
    ),
  );
  const footerPlaceholder = `footer-${randomUUID()}`;
  const slots = {
    footerPlaceholder,
    header: await renderIsland("header", {}),
    video: undefined as RenderedIsland | undefined,
    sections: [] as (RenderedIsland | undefined)[],
  };
  // One after another, so island ids follow the page's order.
  for (const section of page.sections) slots.sections.push(isInteractive(section.type) ? await renderIsland(section.type, section) : undefined);
  const videos = videoIslandProps(page, site);
  if (videos) slots.video = await renderIsland("video", videos as unknown as Record<string, unknown>, VIDEO_TRIGGERS, VideoDialog as AnyComponent);

  const rendered = renderToString(
    <StrictMode>
      <Providers cache={cache}>
        <StaticRouter location={url}>
          <IslandSlots value={slots}>
            <App site={site} store={store} />
          </IslandSlots>
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  // The footer comes last in the page's tree, so its styles come after the rest, as rendering it there would have put them.
  const html = fillMarkers(rendered, { [`<template data-placeholder="${footerPlaceholder}"></template>`]: withStyles(cache, footer) });
  // The browser's emotion cache would adopt tags marked data-emotion by moving each one, which makes the
  // browser restyle the whole page; these carry their style names under another attribute instead,
  // which clientEmotionCache() reads to skip styles the page already has.
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html)).replace(
    /<style data-emotion="[^" ]+ ?([^"]*)"/g,
    (_tag, names: string) => `<style data-styles="${names}"`,
  );
  return { html, styles, head: headTags(page, site), page, islands: { path: page.path, islands: records } };
}

/** Markup rendered once for many pages of a site, with the styles it inserted. */
interface SharedRender {
  html: string;
  inserted: [string, EmotionCache["inserted"][string]][];
  registered: [string, EmotionCache["registered"][string]][];
}

/** By site: a build's pages share one site object, and another site (a test's, an edited one) starts afresh. */
const sharedRenders = new WeakMap<SiteData, Map<string, SharedRender>>();

/**
 * The markup `render` makes, rendered once per `key` for `site` (the header and the footer were
 * half of an article page's rendering), with the styles it inserted.
 */
function sharedRender(site: SiteData, key: string, render: (into: EmotionCache) => string): SharedRender {
  let renders = sharedRenders.get(site);
  if (!renders) sharedRenders.set(site, (renders = new Map()));
  let made = renders.get(key);
  if (!made) {
    const own = createEmotionCache();
    own.compat = true;
    const html = render(own);
    made = { html, inserted: Object.entries(own.inserted), registered: Object.entries(own.registered) };
    renders.set(key, made);
  }
  return made;
}

/** The shared markup, its styles added to the page's `cache` where it has not got them yet. */
function withStyles(cache: EmotionCache, { html, inserted, registered }: SharedRender): string {
  for (const [id, css] of inserted) if (!(id in cache.inserted)) cache.inserted[id] = css;
  for (const [name, styles] of registered) if (!(name in cache.registered)) cache.registered[name] = styles;
  return html;
}

/** The videos a page shows or opens (in any block), for its video script; undefined when it has none. */
function videoIslandProps(page: PageData, site: SiteData): VideoIslandProps | undefined {
  const videos: VideoIslandProps["videos"] = {};
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const video = value as Partial<Video>;
      if (typeof video.name === "string" && typeof video.embedUrl === "string" && typeof video.title === "string")
        videos[video.name] = { title: video.title, embedUrl: video.embedUrl };
      else Object.values(value).forEach(walk);
    }
  };
  walk(page.sections);
  const { videoLabels } = siteFor(site, page.lang);
  if (Object.keys(videos).length === 0 || !videoLabels) return undefined;
  return { videos, play: videoLabels.play };
}
