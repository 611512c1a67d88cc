import { Box, chakra, Flex, Text } from "@chakra-ui/react";
import { AppLink } from "../ui/links.tsx";
import { Icon } from "../ui/Icon.tsx";
import { useSite } from "../ui/site-context.ts";
import type { BannerData } from "../site/types.ts";
import { SQUARE_TARGET } from "../ui/targets.ts";

/**
 * Each tone's colours, chosen for WCAG AA at the bar's small size: white on the dark surface (navy.900) 16:1,
 * navy.950 on gold.400 9:1, navy.950 on navy.50 17:1.
 */
const TONES = {
  brand: { bg: "surface.dark", color: "white", focus: "gold.300" },
  accent: { bg: "gold.400", color: "navy.950", focus: "navy.900" },
  muted: { bg: "navy.50", color: "navy.950", focus: "navy.700" },
} as const;

/**
 * The announcement bar above the header: prerendered in the page, so it never moves what is
 * below it as the page loads. Its close button works without React: the inline script in
 * index.html remembers the banner's key in localStorage and marks <html> with every key the
 * visitor dismissed, before the body is drawn, so a dismissed banner is hidden by the rule
 * below on every later visit without appearing first. Without JavaScript there is no close
 * button, since it could not close anything.
 */
export function Banner({ banner }: { banner: BannerData }) {
  const { labels } = useSite();
  const tone = TONES[banner.tone];
  return (
    <Box
      as="section"
      aria-label={labels.announcement}
      data-banner={banner.key}
      bg={tone.bg}
      color={tone.color}
      css={{ [`html[data-banner-dismissed~="${banner.key}"] &`]: { display: "none" } }}
    >
      <Flex maxW="6xl" mx="auto" minH="11" ps={{ base: "4", md: "8" }} pe={{ base: "1", md: "4" }} align="center" gap="2">
        <Text flex="1" py="2" fontSize="sm" fontWeight="medium" lineHeight="1.4" textAlign={{ base: "start", md: "center" }}>
          {banner.text}
          {banner.link && (
            <>
              {" "}
              <chakra.span
                asChild
                fontWeight="semibold"
                textDecoration="underline"
                textUnderlineOffset="3px"
                whiteSpace="nowrap"
                _hover={{ textDecorationThickness: "2px" }}
                _focusVisible={{ outline: "2px solid", outlineColor: tone.focus, outlineOffset: "2px", borderRadius: "xs" }}
              >
                <AppLink link={banner.link.to}>{banner.link.label}</AppLink>
              </chakra.span>
            </>
          )}
        </Text>
        <chakra.button
          type="button"
          data-banner-dismiss={banner.key}
          aria-label={labels.dismiss}
          {...SQUARE_TARGET}
          color="inherit"
          cursor="pointer"
          _hover={{ bg: banner.tone === "brand" ? "whiteAlpha.200" : "blackAlpha.100" }}
          _focusVisible={{ outline: "2px solid", outlineColor: tone.focus, outlineOffset: "-2px" }}
          css={{ "html:not([data-js]) &": { display: "none" } }}
        >
          <Icon name="x" boxSize="5" />
        </chakra.button>
      </Flex>
    </Box>
  );
}
