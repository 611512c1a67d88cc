import { Box, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId, type ReactNode } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { ActionButton, AppLink } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { cardSurface } from "../../ui/surface.ts";
import { isoDuration } from "../../ui/format.ts";
import type { VideoLibraryProps } from "./schema.ts";

export function VideoLibrary({ id, tone = "plain", eyebrow, heading, intro, categories, action }: VideoLibraryProps) {
  const headingId = useId();
  const categoryLevel = heading ? "h3" : "h2";
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid columns={{ base: 1, lg: Math.min(categories.length, 3) }} gap={{ base: "6", md: "8" }}>
        {categories.map((category) => (
          <Stack key={category.title} gap="4" p={{ base: "5", md: "6" }} {...cardSurface}>
            <Stack gap="1">
              <Heading as={categoryLevel} fontSize="xl">
                {category.title}
              </Heading>
              {category.description && (
                <Text fontSize="sm" color="fg.muted">
                  {keepHyphenatedWordsInText(category.description)}
                </Text>
              )}
            </Stack>
            <Stack as="ul" gap="0">
              {category.videos.map((video) => {
                const row = (
                  <Flex gap="3" align="flex-start" py="3">
                    <Box flexShrink={0} mt="0.5" w="8" h="8" borderRadius="full" bg="bg.tint" color="fg.highlight" display="grid" placeItems="center">
                      <Icon name="play" boxSize="3.5" fill="currentColor" ml="0.5" />
                    </Box>
                    <Stack gap="0.5" flex="1">
                      <Text fontWeight="semibold" lineHeight="1.35">
                        {video.title}
                      </Text>
                      {video.description && (
                        <Text fontSize="sm" color="fg.muted">
                          {keepHyphenatedWordsInText(video.description)}
                        </Text>
                      )}
                    </Stack>
                    <Text as="span" flexShrink={0} fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" mt="0.5">
                      <time dateTime={isoDuration(video.duration)}>{video.duration}</time>
                    </Text>
                  </Flex>
                );
                return (
                  <Box as="li" key={video.title} borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: "0" }}>
                    {video.to ? <RowLink to={video.to}>{row}</RowLink> : row}
                  </Box>
                );
              })}
            </Stack>
          </Stack>
        ))}
      </SimpleGrid>
      {action && (
        <Flex justify="center" mt="10">
          <ActionButton {...action} />
        </Flex>
      )}
    </Section>
  );
}

function RowLink({ to, children }: { to: NonNullable<VideoLibraryProps["categories"][number]["videos"][number]["to"]>; children: ReactNode }) {
  return (
    <Box asChild display="block" borderRadius="md" _hover={{ bg: "bg.muted" }} mx="-2" px="2">
      <AppLink link={to}>{children}</AppLink>
    </Box>
  );
}
