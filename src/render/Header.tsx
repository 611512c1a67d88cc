import { Box, chakra, Flex, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { BAR, headerFit, type HeaderFit } from "./header-fit.ts";
import { Picture } from "../ui/Picture.tsx";
import { ActionButton } from "../ui/links.tsx";
import { SearchButton } from "../ui/search/SearchButton.tsx";
import { useCurrentPath } from "../ui/page-context.ts";
import { useSite } from "../ui/site-context.ts";
import type { SiteData } from "../site/types.ts";

const Details = chakra("details");
const Summary = chakra("summary");

const navLinkStyle = {
  px: "2",
  py: "2",
  borderRadius: "md",
  fontWeight: "medium",
  color: "fg",
  whiteSpace: "nowrap",
  _hover: { bg: "navy.subtle", color: "navy.fg" },
  // Same weight as the other links, so the row does not shift from page to page.
  "&[aria-current=page], &[aria-current=true]": { color: "navy.fg", bg: "navy.muted", boxShadow: "inset 0 -2px 0 var(--chakra-colors-navy-solid)" },
} as const;

/** A container query on the header's width (rem), or none when the width is never reached. */
const from = (rem: number) => (Number.isFinite(rem) ? `(width >= ${rem}rem)` : undefined);
const between = (low: number, high: number) => (low < high ? `((width >= ${low}rem) and (width < ${high}rem))` : undefined);
const when = (...conditions: (string | undefined)[]) => {
  const present = conditions.filter(Boolean);
  return present.length > 0 ? `@container ${present.join(" or ")}` : undefined;
};
/** `style` where `query` holds, when it can. */
const within = (query: string | undefined, style: Record<string, string>) => (query ? { [query]: style } : {});

/**
 * Which parts of the bar show at which header width, decided by CSS alone: the
 * links and the button while they fit (header-fit.ts works out where from the
 * labels), the menu button below that; the full name where it fits beside them,
 * the short one elsewhere.
 */
function barStyles(fit: HeaderFit) {
  const inline = when(from(fit.inline));
  const fullName = when(from(fit.inlineFullName), between(fit.menuFullName, fit.inline));
  return {
    inline: { display: "none", ...within(inline, { display: "flex" }) },
    menu: within(inline, { display: "none" }),
    fullName: { display: "none", ...within(fullName, { display: "block" }) },
    shortName: within(fullName, { display: "none" }),
    // On the narrowest phones the name and the menu button come first; the 404 page still offers search.
    search: { display: "none", ...within(when(from(fit.search)), { display: "flex" }) },
    searchInMenu: within(when(from(fit.search)), { display: "none" }),
    bareSearch: within(inline, { borderColor: "transparent" }),
  };
}

const labelsOf = (site: SiteData) => ({
  name: site.brand.name,
  shortName: site.brand.shortName,
  hasLogo: !!site.brand.logo,
  links: site.navigation.links.map((item) => item.label),
  cta: site.navigation.cta.label,
  menuLabel: site.navigation.menuLabel,
  hasSearch: !!site.search,
});

/** The width of the header's bar, in rem: a bar above it (the language switcher) lines up with it. */
export const headerBarWidth = (site: SiteData) => headerFit(labelsOf(site)).maxWidth;

const brandText = { fontSize: "lg", lineHeight: "1.1", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } as const;

/**
 * Which menu link marks where the visitor is: the link to this very page (aria-current="page"),
 * or to the part of the site it sits under, as /resources for an article at /resources/<slug>.
 */
export function currentMark(href: string, currentPath: string): "page" | "true" | undefined {
  if (href === currentPath) return "page";
  return href !== "/" && currentPath.startsWith(`${href}/`) ? "true" : undefined;
}

/**
 * What the header shows of the page's path: how it marks each menu link. It reads the path
 * nowhere else, so pages whose marks are alike (every article under /resources) have the same
 * header, and the prerender renders it once for them (render-page.tsx). `site` in the page's language.
 */
export const headerMarks = (site: SiteData, path: string) => site.navigation.links.map((item) => currentMark(item.to.href, path) ?? "-").join(" ");

/**
 * Sticky header, one line at every width. On narrow screens, and wherever the
 * links would not fit, the menu is a <details> disclosure, so it opens without
 * JavaScript; once hydrated it also closes on Escape (returning focus to its
 * button), when a link is chosen, when focus leaves it and on a tap outside it.
 */
export function Header() {
  const site = useSite();
  const { brand, navigation } = site;
  const currentPath = useCurrentPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const fit = headerFit(labelsOf(site));
  const show = barStyles(fit);
  const shortName = brand.shortName && brand.shortName !== brand.name ? brand.shortName : undefined;

  // The header hydrates on first touch, so the visitor may have opened the menu already.
  useEffect(() => {
    if (detailsRef.current?.open) setMenuOpen(true);
  }, []);

  // A tap or click anywhere else closes the open menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [menuOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && menuOpen) {
      setMenuOpen(false);
      summaryRef.current?.focus();
    }
  };

  // Focus moving on past the menu closes it, so the menu never covers what has focus.
  // (Focus going nowhere, as when the window loses it, leaves the menu as it is.)
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (menuOpen && next instanceof Node && !event.currentTarget.contains(next)) setMenuOpen(false);
  };

  const links = (onChoose?: () => void) =>
    navigation.links.map((item) => (
      <chakra.a key={item.to.href} href={item.to.href} aria-current={currentMark(item.to.href, currentPath)} onClick={onChoose} {...navLinkStyle}>
        {item.label}
      </chakra.a>
    ));

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="border"
      // The bar's parts show by the header's width, which leaves out any scrollbar.
      css={{ containerType: "inline-size" }}
    >
      <Box mx="auto" maxW={`${fit.maxWidth}rem`} css={{ px: "4", [`@container (width >= ${BAR.widePaddingFrom}rem)`]: { px: "8" } }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <chakra.a
            href="/"
            display="flex"
            alignItems="center"
            gap="2"
            minW="0"
            fontWeight="bold"
            color="navy.fg"
            borderRadius="md"
            _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing" }}
          >
            {brand.logo && <Picture image={brand.logo.src} boxSize="8" flexShrink="0" priority />}
            {shortName ? (
              <>
                <Text as="span" {...brandText} css={show.fullName}>
                  {brand.name}
                </Text>
                <Text as="span" {...brandText} css={show.shortName}>
                  {shortName}
                </Text>
              </>
            ) : (
              <Text as="span" {...brandText}>
                {brand.name}
              </Text>
            )}
          </chakra.a>

          <chakra.nav aria-label={site.labels.mainNavigation} alignItems="center" gap="1" flexShrink="0" css={show.inline}>
            {links()}
          </chakra.nav>
          <Flex align="center" gap="2" flexShrink="0">
            {site.search && (
              // A box of its own shows it by the header's width, apart from the button's own rule for pages without scripts.
              <Box flexShrink="0" css={show.search}>
                <SearchButton labels={site.search} look="icon" css={show.bareSearch} />
              </Box>
            )}
            <Box flexShrink="0" css={show.inline}>
              <ActionButton label={navigation.cta.label} to={navigation.cta.to} size="md" w="auto" />
            </Box>

            <Details
              ref={detailsRef}
              flexShrink="0"
              open={menuOpen}
              onToggle={(e) => setMenuOpen(e.currentTarget.open)}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
              css={{ ...show.menu, "&:not([open]) .menu-close, &[open] .menu-open": { display: "none" } }}
            >
              <Summary
                ref={summaryRef}
                listStyle="none"
                css={{ "&::-webkit-details-marker": { display: "none" } }}
                display="inline-flex"
                alignItems="center"
                gap="2"
                minH="11"
                px="3"
                borderRadius="md"
                borderWidth="1px"
                borderColor="border"
                cursor="pointer"
                fontWeight="medium"
                whiteSpace="nowrap"
                _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing", outlineOffset: "2px" }}
              >
                <chakra.svg viewBox="0 0 24 24" boxSize="5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  {/* Drawn by the open state in CSS, so the icon is right before scripts run. */}
                  <path className="menu-open" d="M4 7h16M4 12h16M4 17h16" />
                  <path className="menu-close" d="M6 6l12 12M18 6L6 18" />
                </chakra.svg>
                {navigation.menuLabel}
              </Summary>
              {/* Dims the page under the open menu, so the menu reads as a layer above it; a tap on it closes the menu. */}
              <Box
                aria-hidden="true"
                position="absolute"
                insetX="0"
                top="16"
                h="calc(100dvh - var(--chakra-sizes-16))"
                bg="surface.darkest/60"
                onClick={() => setMenuOpen(false)}
              />
              <Box
                position="absolute"
                insetX="0"
                top="16"
                // A long menu on a short screen scrolls within itself: the header stays put when the page scrolls.
                maxH="calc(100dvh - var(--chakra-sizes-16))"
                overflowY="auto"
                overscrollBehavior="contain"
                bg="bg"
                borderBottomWidth="1px"
                borderColor="border"
                shadow="lg"
                px="4"
                pb="5"
                pt="2"
              >
                {site.search && (
                  // Where the bar has no room for the search button, the menu opens with the search's field.
                  <Box css={show.searchInMenu} pt="2" pb="3">
                    <SearchButton labels={site.search} look="field" />
                  </Box>
                )}
                <Stack as="nav" aria-label={site.labels.mainNavigation} gap="1">
                  {links(() => setMenuOpen(false))}
                </Stack>
                <ActionButton label={navigation.cta.label} to={navigation.cta.to} mt="4" w="full" onClick={() => setMenuOpen(false)} />
              </Box>
            </Details>
          </Flex>
        </Flex>
      </Box>
    </Box>
  );
}
