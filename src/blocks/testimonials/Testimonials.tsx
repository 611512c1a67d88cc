import { Box, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { PHONE, presentParts, subgridCard } from "../../ui/card-rows.ts";
import { keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { fill, initials } from "../../ui/format.ts";
import { Picture } from "../../ui/Picture.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { cardSurface } from "../../ui/surface.ts";
import { useSite } from "../../ui/site-context.ts";
import type { TestimonialsProps } from "./schema.ts";

/**
 * On phones the testimonials are a row to swipe through, one card and the edge of the next in
 * view, rather than a stack three screens tall. The row runs to the screen's edges (the section's
 * 1.25rem of padding taken back), so the next card goes off the screen rather than being cut
 * inside it. With one card in view, the rows shared across cards would leave gaps for the lines
 * of cards out of view: each card flows on its own, its author at the bottom.
 */
const SWIPE_ROW = {
  [PHONE]: {
    gridTemplateColumns: "none",
    gridAutoFlow: "column",
    gridAutoColumns: "84%",
    overflowX: "auto",
    scrollSnapType: "x mandatory",
    overscrollBehaviorX: "contain",
    marginInline: "-1.25rem",
    paddingInline: "1.25rem",
    scrollPaddingInline: "1.25rem",
    paddingBlock: "0.25rem 0.75rem",
    "& > li": { scrollSnapAlign: "start", display: "flex", flexDirection: "column", gap: "1rem", gridRow: "auto" },
    "& > li > :last-child": { marginTop: "auto" },
  },
} as const;

export function Testimonials({ id, tone = "plain", eyebrow, heading, intro, items }: TestimonialsProps) {
  const headingId = useId();
  const { labels } = useSite();
  // A rating and a result line take a row only when some testimonial has one.
  const parts = presentParts(items, [
    ["rating", (item) => item.rating],
    ["result", (item) => item.result],
    ["quote", () => true],
    ["author", () => true],
  ]);
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid
        as="ul"
        columns={{ base: 1, md: Math.min(items.length, 3) }}
        gap={{ base: "4", md: "6" }}
        css={items.length > 1 ? SWIPE_ROW : undefined}
        // A region a keyboard can scroll on phones, named by the section's heading.
        {...(items.length > 1 ? { tabIndex: 0, "aria-labelledby": heading ? headingId : undefined } : {})}
        _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing", outlineOffset: "2px" }}
      >
        {items.map((item) => (
          <Box as="li" key={item.name} {...subgridCard(parts.length, "4")} p={{ base: "5", md: "7" }} {...cardSurface} shadow="xs">
            {parts.includes("rating") &&
              (item.rating ? (
                <HStack gap="0.5" color="gold.600" role="img" aria-label={fill(labels.rating, { rating: item.rating })}>
                  {Array.from({ length: item.rating }, (_, index) => (
                    <Icon key={index} name="star" boxSize="5" fill="currentColor" />
                  ))}
                </HStack>
              ) : (
                <div />
              ))}
            {parts.includes("result") &&
              (item.result ? (
                <Text fontWeight="bold" color="green.700">
                  {item.result}
                </Text>
              ) : (
                <div />
              ))}
            <Box as="blockquote">
              <Text fontSize="md" lineHeight="tall">
                “{keepHyphenatedWordsInText(item.quote)}”
              </Text>
            </Box>
            {/* Top-aligned, so the names of a row stay on one line when one role wraps. */}
            <HStack gap="3" align="flex-start">
              {item.image ? (
                <Picture image={item.image} boxSize="12" borderRadius="full" objectFit="cover" flexShrink={0} />
              ) : (
                <Box
                  boxSize="12"
                  borderRadius="full"
                  bg="navy.solid"
                  color="navy.contrast"
                  display="grid"
                  placeItems="center"
                  fontWeight="bold"
                  aria-hidden="true"
                >
                  {initials(item.name)}
                </Box>
              )}
              <Stack gap="0">
                <Text fontWeight="semibold">{item.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {item.role}
                </Text>
              </Stack>
            </HStack>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
