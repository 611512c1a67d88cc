import { Box, Link } from "@chakra-ui/react";
import { useEffect, useRef, type ComponentType } from "react";
import { Route, Routes, useLocation, useNavigationType } from "react-router-dom";
import { blockComponents } from "../blocks/components.ts";
import { ErrorBoundary } from "./ErrorScreen.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import type { PageStore } from "./page-store.ts";
import { PageWidthContext } from "./page-width.ts";
import { SiteContext, useSite } from "./site-context.ts";
import { Toaster } from "./toaster.tsx";
import type { PageData, SectionData, SiteData } from "./types.ts";

export function App({ site, store }: { site: SiteData; store: PageStore }) {
  const { pathname } = useLocation();
  useNavigationFocus();

  return (
    <SiteContext value={site}>
      <ErrorBoundary resetKey={pathname}>
        <Link
          href="#main"
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
        <Header site={site} />
        <ErrorBoundary resetKey={pathname}>
          <Routes>
            {store.routes
              .filter((path) => path !== "*")
              .map((path) => (
                <Route key={path} path={path} element={<PageView store={store} path={path} />} />
              ))}
            <Route path="*" element={<NotFoundView store={store} />} />
          </Routes>
        </ErrorBoundary>
        <Toaster />
      </ErrorBoundary>
    </SiteContext>
  );
}

/**
 * After an in-app navigation (not the first load, not Back or Forward, where the
 * browser restores the position): go to the top or to the #anchor, and move focus
 * to the content so keyboard and screen-reader users start on the new page.
 */
function useNavigationFocus() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === "POP") return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname, hash, key, navigationType]);
}

function PageView({ store, path }: { store: PageStore; path: string }) {
  return <PageFrame page={store.usePage(path)} />;
}

function NotFoundView({ store }: { store: PageStore }) {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return <PageFrame page={store.usePage("*")} />;
}

/**
 * The page's main content and the footer, which belong to the page because a page
 * can narrow its column or carry its own copyright line.
 */
function PageFrame({ page }: { page: PageData }) {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <PageWidthContext value={page.width ?? "wide"}>
      <Box as="main" id="main" tabIndex={-1} outline="none">
        <ErrorBoundary resetKey={pathname}>
          <PageContent page={page} />
        </ErrorBoundary>
      </Box>
      <Footer site={site} copyright={page.copyright} />
    </PageWidthContext>
  );
}

export function PageContent({ page }: { page: PageData }) {
  return (
    <>
      <title>{page.title}</title>
      <meta name="description" content={page.description} />
      {page.sections.map((section, index) => (
        // Sections have no identity beyond their place on the page.
        <SectionView key={`${index}-${section.type}`} section={section} />
      ))}
    </>
  );
}

function SectionView({ section }: { section: SectionData }) {
  // The registry's mapped type guarantees the component matches its section's type.
  const Block = blockComponents[section.type] as ComponentType<SectionData>;
  return <Block {...section} />;
}
