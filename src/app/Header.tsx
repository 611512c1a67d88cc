import { Box, chakra, Container, Flex, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ActionButton } from "./links.tsx";
import { useCurrentPath } from "./page-context.ts";
import { useSite } from "./site-context.ts";

const Details = chakra("details");
const Summary = chakra("summary");

const navLinkStyle = {
  px: "3",
  py: "2",
  borderRadius: "md",
  fontWeight: "medium",
  color: "fg",
  _hover: { bg: "navy.subtle", color: "navy.fg" },
  // Same weight as the other links, so the row does not shift from page to page.
  "&[aria-current=page]": { color: "navy.fg", bg: "navy.muted", boxShadow: "inset 0 -2px 0 var(--chakra-colors-navy-solid)" },
} as const;

/**
 * Sticky header. On small screens the menu is a <details> disclosure, so it opens
 * without JavaScript; once hydrated it also closes on Escape, returning focus to
 * its button, and when a link is chosen.
 */
export function Header() {
  const site = useSite();
  const { brand, navigation } = site;
  const currentPath = useCurrentPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);

  // The header hydrates on first touch, so the visitor may have opened the menu already.
  useEffect(() => {
    if (detailsRef.current?.open) setMenuOpen(true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && menuOpen) {
      setMenuOpen(false);
      summaryRef.current?.focus();
    }
  };

  const links = (onChoose?: () => void) =>
    navigation.links.map((item) => (
      <chakra.a key={item.to.href} href={item.to.href} aria-current={item.to.href === currentPath ? "page" : undefined} onClick={onChoose} {...navLinkStyle}>
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
    >
      <Container maxW="7xl" px={{ base: "4", md: "8" }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <chakra.a
            href="/"
            display="flex"
            alignItems="center"
            gap="2"
            fontWeight="bold"
            color="navy.fg"
            borderRadius="md"
            _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing" }}
          >
            {brand.logo && <Image src={brand.logo.src} alt="" width="32px" height="32px" />}
            <Text as="span" fontSize="lg" lineHeight="1.1" hideBelow="sm">
              {brand.name}
            </Text>
            <Text as="span" fontSize="lg" hideFrom="sm">
              {brand.shortName ?? brand.name}
            </Text>
          </chakra.a>

          <HStack as="nav" aria-label={site.labels.mainNavigation} gap="1" hideBelow="lg">
            {links()}
          </HStack>
          <Box hideBelow="lg">
            <ActionButton label={navigation.cta.label} to={navigation.cta.to} size="md" w="auto" />
          </Box>

          <Details ref={detailsRef} hideFrom="lg" open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)} onKeyDown={onKeyDown}>
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
              _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing", outlineOffset: "2px" }}
            >
              <chakra.svg viewBox="0 0 24 24" boxSize="5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </chakra.svg>
              {navigation.menuLabel}
            </Summary>
            <Box position="absolute" insetX="0" top="16" bg="bg" borderBottomWidth="1px" borderColor="border" shadow="lg" px="4" pb="5" pt="2">
              <Stack as="nav" aria-label={site.labels.mainNavigation} gap="1">
                {links(() => setMenuOpen(false))}
              </Stack>
              <ActionButton label={navigation.cta.label} to={navigation.cta.to} mt="4" w="full" onClick={() => setMenuOpen(false)} />
            </Box>
          </Details>
        </Flex>
      </Container>
    </Box>
  );
}
