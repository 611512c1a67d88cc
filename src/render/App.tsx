import { Box, Link } from "@chakra-ui/react";
import { memo, useEffect, useMemo, type ComponentType } from "react";
import { useLocation } from "react-router-dom";
import * as blockComponents from "../blocks/components.ts";
import { Banner } from "./Banner.tsx";
import { brandCss } from "../content/brand.ts";
import { fontFaceCss, fontStack } from "../ui/fonts.ts";
import { ErrorBoundary } from "./ErrorScreen.tsx";
import { DRAW_FIRST_SCREEN } from "./first-screen.ts";
import { Footer } from "./Footer.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { pageContextOf, siteFor, switcherLabel } from "./localized-site.ts";
import { Header, headerBarWidth } from "./Header.tsx";
import { IslandSlot, useIslandSlots } from "./island.tsx";
import { logNotFound } from "./not-found-log.ts";
import { NotFoundHelp } from "./NotFound.tsx";
import { matchRoute, type PageStore } from "./page-store.ts";
import { PageContext } from "../ui/page-context.ts";
import { PAGE_IDS } from "../content/page-ids.ts";
import { INDEXED_ATTRIBUTE } from "../ui/search/search-dom.ts";
import { DraftMark } from "../ui/DraftMark.tsx";
import { SiteContext, useSite } from "../ui/site-context.ts";
import type { PageData, SectionData, SiteData } from "../site/types.ts";

/**
 * The whole site as one tree: prerendered route by route for the static HTML,
 * and rendered in the browser by the dev server. Links between pages are plain
 * links, so every page is a document of its own.
 */
export function App({ site, store }: { site: SiteData; store: PageStore }) {
  const { pathname } = useLocation();
  // Every route is a path of its own (no pattern), so the page is found by its path: a tree of a
  // <Route> per page, which the router ranks on every render, cost a site of a thousand pages some
  // 150 ms of each saved edit in the dev server, and every prerendered page its share.
  const route = matchRoute(pathname, store.routes);

  return (
    <SiteContext value={site}>
      <BrandStyle site={site} />
      <ErrorBoundary resetKey={pathname}>{route === "*" ? <NotFoundView store={store} /> : <PageView store={store} path={route} />}</ErrorBoundary>
    </SiteContext>
  );
}

/**
 * The brand's colours and font from content/site.yaml, as overrides of the theme's variables:
 * every semantic token (theme.ts) follows, on the prerendered page and in every island.
 */
function BrandStyle({ site }: { site: SiteData }) {
  // Latin is always among the typeface's subsets: the site's own language is named only when it is not English.
  const languages = [...(site.language ? [site.language.code] : []), ...Object.keys(site.translations ?? {})];
  const css = fontFaceCss(site.brand.font, languages) + brandCss(site.brand.colors, fontStack(site.brand.font));
  return css ? <style data-brand="">{css}</style> : null;
}

function PageView({ store, path }: { store: PageStore; path: string }) {
  return <PageFrame page={store.usePage(path)} />;
}

function NotFoundView({ store }: { store: PageStore }) {
  const { pathname } = useLocation();
  useEffect(() => {
    logNotFound(pathname);
  }, [pathname]);
  return <PageFrame page={store.usePage("*")} />;
}

/** The page's last section, alone or in its island's wrapper (the first-screen script may follow it). */
const LAST_SECTION = "& > section:nth-last-child(1 of section, [data-island]), & > [data-island]:nth-last-child(1 of section, [data-island]) > section";

/**
 * The header, the page's main content and the footer. The footer belongs to the
 * page because a page can narrow its column or carry its own copyright line.
 */
function PageFrame({ page }: { page: PageData }) {
  // The page's shared words (menu, footer, skip link, form messages) are in its language.
  const siteData = useSite();
  const site = useMemo(() => siteFor(siteData, page.lang), [siteData, page.lang]);
  // Kept while the page's path, width and language stay: the blocks reading it render again only when it changes.
  const pageContext = useMemo(() => pageContextOf(page, site), [page.path, page.width, page.lang, site]); // eslint-disable-line react-hooks/exhaustive-deps
  const islands = useIslandSlots();
  // The built pages carry their language in <html lang>; the dev server's single document follows the page shown.
  useEffect(() => {
    if (page.lang) document.documentElement.lang = page.lang;
  }, [page.lang]);
  return (
    <SiteContext value={site}>
      <PageContext value={pageContext}>
        <Link
          href={`#${PAGE_IDS.main}`}
          position="absolute"
          left="4"
          top="-20"
          zIndex="skipLink"
          bg="navy.solid"
          color="navy.contrast"
          px="4"
          py="2"
          borderRadius="md"
          _focus={{ top: "4" }}
        >
          {site.skipLink}
        </Link>
        {page.banner && <Banner banner={page.banner} />}
        {page.alternates && (
          <LanguageSwitcher alternates={page.alternates} current={page.lang} label={switcherLabel(site, page.lang)} maxWidth={headerBarWidth(site)} />
        )}
        <IslandSlot island={islands?.header}>
          <SiteHeader />
        </IslandSlot>
        {/* A narrow page's sections are close together; its last one keeps the usual room before the footer. */}
        <Box
          as="main"
          id={PAGE_IDS.main}
          // What the site search indexes of a page (src/pipeline/search-index.ts): its main content, on every page but the 404 page.
          {...(site.search && page.path !== "*" ? { [INDEXED_ATTRIBUTE]: "" } : {})}
          tabIndex={-1}
          outline="none"
          css={pageContext.width === "narrow" ? { [LAST_SECTION]: { pb: { base: "14", md: "20" } } } : undefined}
        >
          <ErrorBoundary resetKey={page.path}>
            <PageContent page={page} />
            {page.path === "*" && <NotFoundHelp />}
          </ErrorBoundary>
          {/* The prerendered page's only: a script that React renders in the browser would never run. */}
          {import.meta.env.SSR && <script dangerouslySetInnerHTML={{ __html: DRAW_FIRST_SCREEN }} />}
        </Box>
        {islands?.footerPlaceholder ? <template data-placeholder={islands.footerPlaceholder} /> : <SiteFooter site={site} copyright={page.copyright} />}
        {/* The window a video button plays in, with the page's video script; prerendered pages with videos only. */}
        {islands?.video && <IslandSlot island={islands.video}>{null}</IslandSlot>}
      </PageContext>
    </SiteContext>
  );
}

export function PageContent({ page }: { page: PageData }) {
  const islands = useIslandSlots();
  return (
    <>
      {page.draft && <DraftMark what="page" />}
      {page.sections.map((section, index) => (
        // Sections have no identity beyond their place on the page.
        <IslandSlot key={`${index}-${section.type}`} island={islands?.sections[index]}>
          <SectionView section={section} />
        </IslandSlot>
      ))}
    </>
  );
}

/**
 * One section. Memoised, as the header and footer: when the dev server swaps in new content,
 * only what changed renders again (its unchanged parts keep their identity, dev-client.tsx).
 */
export const SectionView = memo(function SectionView({ section }: { section: SectionData }) {
  // The registry's mapped type guarantees the component matches its section's type.
  const Block = blockComponents[section.type] as ComponentType<SectionData>;
  const block = <Block {...section} />;
  return section.draft ? <DraftMark what="section">{block}</DraftMark> : block;
});

const SiteHeader = memo(Header);
const SiteFooter = memo(Footer);
