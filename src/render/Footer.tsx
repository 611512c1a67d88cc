import { Box, chakra, Container, Flex, Grid, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { CONSENT_SETTINGS_ATTRIBUTE } from "../analytics/events.ts";
import { Heading } from "../ui/Heading.tsx";
import { AppLink } from "../ui/links.tsx";
import { Picture } from "../ui/Picture.tsx";
import { coverUpperEdge } from "../ui/Section.tsx";
import type { SiteData } from "../site/types.ts";

/**
 * Every row of the footer's columns has one height, so links, the address and the social
 * profiles keep one rhythm: 44 px where the pointer is a finger, 32 px on desktops with a mouse.
 */
const row = { minHeight: "2.75rem", "@media (min-width: 48rem) and (pointer: fine)": { minHeight: "2rem" } } as const;
const footerLink = {
  color: "fg.muted",
  fontSize: "sm",
  _hover: { color: "fg" },
  w: "fit-content",
  display: "inline-flex",
  alignItems: "center",
  css: row,
} as const;
const columnHeading = { fontSize: "sm", color: "fg", textTransform: "uppercase", letterSpacing: "wider", mb: "2" } as const;

/**
 * Always navy: marked as brand tone, so the tone tokens colour it as they do a brand section.
 * Grouped columns: the brand (logo, name, tagline, profiles), the pages, the contact details;
 * legal links and small print under them. On phones the brand spans the width and the pages sit
 * two to a row, so the footer is a screen tall rather than three.
 */
export function Footer({ site, copyright }: { site: SiteData; copyright?: string }) {
  const { brand, navigation, social, contact, footer } = site;
  const pages = [...navigation.links, ...(footer.links ?? []).filter((extra) => !navigation.links.some((item) => item.to.href === extra.to.href))];
  return (
    // A layer of its own, as each section is (content-visibility gives them paint containment):
    // a page's sections are stacked below it, not above it, even where a tool that measures a
    // section not yet drawn finds its content reaching into the footer.
    <Box
      as="footer"
      data-tone="brand"
      bg="surface.darkest"
      color="fg.muted"
      pt={{ base: "10", md: "14" }}
      pb="8"
      isolation="isolate"
      shadow={coverUpperEdge("surface.darkest")}
    >
      <Container maxW="6xl" px={{ base: "5", md: "8" }}>
        <Grid templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 5fr) minmax(0, 4fr) minmax(0, 3fr)" }} gap={{ base: "8", md: "10" }}>
          <Stack gap="3">
            <HStack gap="3">
              {brand.logo && <Picture image={brand.logo.src} boxSize="9" flexShrink="0" />}
              <Text fontWeight="bold" fontSize="lg" color="fg">
                {brand.name}
              </Text>
            </HStack>
            <Text fontSize="sm" maxW="sm">
              {footer.tagline}
            </Text>
            <HStack as="ul" listStyleType="none" columnGap="5" rowGap="0" wrap="wrap">
              {social.map((profile) => (
                <li key={profile.url.href}>
                  <Link asChild {...footerLink}>
                    <AppLink link={profile.url}>{profile.network}</AppLink>
                  </Link>
                </li>
              ))}
            </HStack>
          </Stack>
          <Stack as="nav" aria-label={site.labels.footerNavigation} gap="0">
            <Heading as="h2" {...columnHeading}>
              {footer.navigationHeading}
            </Heading>
            <Grid as="ul" listStyleType="none" templateColumns="repeat(2, minmax(0, 1fr))" columnGap="6">
              {pages.map((item) => (
                <li key={item.to.href}>
                  <Link asChild {...footerLink}>
                    <AppLink link={item.to}>{item.label}</AppLink>
                  </Link>
                </li>
              ))}
            </Grid>
          </Stack>
          {/* Phone and email side by side on phones, as the pages' links are: a row less. */}
          <Grid templateColumns={{ base: "repeat(2, minmax(0, 1fr))", md: "minmax(0, 1fr)" }} columnGap="6" alignContent="start" fontSize="sm">
            <Heading as="h2" {...columnHeading} gridColumn="1 / -1">
              {footer.contactHeading}
            </Heading>
            <Link asChild {...footerLink}>
              <AppLink link={contact.phone.href}>{contact.phone.label}</AppLink>
            </Link>
            <Link asChild {...footerLink} overflowWrap="anywhere">
              <AppLink link={contact.email.href}>{contact.email.label}</AppLink>
            </Link>
            <Text display="flex" alignItems="center" css={row} gridColumn="1 / -1">
              {contact.location}
            </Text>
          </Grid>
        </Grid>
        <Stack mt={{ base: "8", md: "12" }} pt="6" borderTopWidth="1px" borderColor="border" gap="3" fontSize="xs" color="navy.200">
          {footer.disclaimer && <Text>{footer.disclaimer}</Text>}
          <Flex direction={{ base: "column", md: "row" }} columnGap="6" rowGap="0" justify="space-between" align={{ md: "center" }}>
            <Text>{copyright ?? footer.copyright}</Text>
            {footer.legal && footer.legal.length > 0 && (
              <HStack as="ul" listStyleType="none" columnGap="5" rowGap="0" wrap="wrap" data-legal-links="">
                {footer.legal.map((item) => (
                  <li key={item.to.href}>
                    <Link asChild {...footerLink} fontSize="xs" color="navy.200">
                      <AppLink link={item.to}>{item.label}</AppLink>
                    </Link>
                  </li>
                ))}
              </HStack>
            )}
          </Flex>
          {site.analytics && "consent" in site.analytics && (
            // Hidden until the analytics script, which it needs, is on the page.
            <chakra.button
              type="button"
              {...{ [CONSENT_SETTINGS_ATTRIBUTE]: "" }}
              hidden
              alignSelf="flex-start"
              minH="11"
              color="fg.muted"
              fontSize="sm"
              textDecoration="underline"
              cursor="pointer"
              _hover={{ color: "fg" }}
              css={{ "&[hidden]": { display: "none" } }}
            >
              {(site.analytics.consent as { settings: string }).settings}
            </chakra.button>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
