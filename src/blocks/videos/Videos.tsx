import { isoDuration } from "../../ui/format.ts";
import { Badge, Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { ActionButton, AppLink } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { PHONE, subgridCard } from "../../ui/card-rows.ts";
import { cardSurface } from "../../ui/surface.ts";
import type { VideosProps } from "./schema.ts";

/**
 * On phones a card is a row: the picture on the left, its title and description beside it, so
 * three videos take a third of the height a stack of full-width pictures would. The picture
 * keeps its 16:9 frame (and its length in the corner), at the top of the card.
 */
const PHONE_ROW = {
  [PHONE]: {
    gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
    "& > [data-video-thumbnail]": {
      gridColumn: "1",
      gridRow: "1 / span 3",
      alignSelf: "start",
      margin: "0.75rem 0 0.75rem 0.75rem",
      borderRadius: "md",
      overflow: "hidden",
    },
    "& > :not([data-video-thumbnail])": { gridColumn: "2" },
  },
} as const;

export function Videos({ id, tone = "plain", eyebrow, heading, intro, items, note, action }: VideosProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap={{ base: "5", md: "6" }}>
        {items.map((video) => {
          // Three rows shared with the other cards of the row (picture, title, description), so the
          // descriptions start at one height whatever the length of the titles above them.
          const card = (
            <Box {...subgridCard(3, "0")} css={PHONE_ROW} h="full" {...cardSurface} overflow="hidden" shadow="sm">
              <Box position="relative" aspectRatio="16 / 9" bgGradient="to-br" gradientFrom="navy.600" gradientTo="navy.950" data-video-thumbnail="">
                {video.thumbnail && <Picture image={video.thumbnail} w="full" h="full" objectFit="cover" />}
                {/*
                 * No play button: these cards lead to a page (to:), and a play button promises a
                 * video that plays here. The length, with a small video mark, says what is there.
                 */}
                <Badge
                  position="absolute"
                  bottom={{ base: "1", sm: "2" }}
                  right={{ base: "1", sm: "2" }}
                  bg="blackAlpha.800"
                  color="white"
                  fontVariantNumeric="tabular-nums"
                  gap="1"
                  css={{ [PHONE]: { fontSize: "0.6875rem", paddingInline: "0.25rem", minHeight: "0", lineHeight: "1.25rem", gap: "0.125rem" } }}
                >
                  <Icon name="play" boxSize={{ base: "2.5", sm: "3" }} fill="currentColor" aria-hidden="true" />
                  <time dateTime={isoDuration(video.duration)}>{video.duration}</time>
                </Badge>
              </Box>
              <Heading as={heading ? "h3" : "h2"} fontSize={{ base: "md", sm: "lg" }} px={{ base: "3", sm: "5" }} pt={{ base: "3", sm: "5" }} pb="2">
                {video.title}
              </Heading>
              {video.description ? (
                <Text color="fg.muted" fontSize={{ base: "sm", sm: "md" }} px={{ base: "3", sm: "5" }} pb={{ base: "3", sm: "5" }}>
                  {keepHyphenatedWordsInText(video.description)}
                </Text>
              ) : (
                <Box pb="3" />
              )}
            </Box>
          );
          return (
            <Box as="li" key={video.title} {...subgridCard(3, "0")}>
              {video.to ? (
                <AppLink link={video.to} data-track={video.track} style={{ display: "grid", gridTemplateRows: "subgrid", gridRow: "span 3" }}>
                  {card}
                </AppLink>
              ) : (
                card
              )}
            </Box>
          );
        })}
      </SimpleGrid>
      {(note || action) && (
        <Stack align="center" gap="4" mt="10" textAlign="center">
          {action && <ActionButton {...action} />}
          {note && (
            <Text fontWeight="semibold" color="fg.muted">
              {note}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}
