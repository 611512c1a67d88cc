import { Box, Flex, Heading, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Checklist } from "../../app/Checklist.tsx";
import { initials } from "../../app/format.ts";
import { Icon } from "../../app/Icon.tsx";
import { ActionButton } from "../../app/links.tsx";
import { Section } from "../../app/Section.tsx";
import { Eyebrow } from "../../app/SectionHeader.tsx";
import type { BioProps } from "./schema.ts";

export function Bio({ id, tone = "plain", eyebrow, name, role, location, paragraphs, highlights, image, actions }: BioProps) {
  const headingId = useId();
  const onDark = tone === "brand";
  return (
    <Section id={id} tone={tone} labelledBy={headingId}>
      <SimpleGrid columns={{ base: 1, md: 5 }} gap={{ base: "8", md: "12" }} alignItems="center">
        <Box gridColumn={{ md: "span 2" }}>
          {image ? (
            <Image src={image.src} alt={image.alt} borderRadius="2xl" w="full" aspectRatio="4 / 5" objectFit="cover" loading="lazy" />
          ) : (
            <Flex
              aria-hidden="true"
              w="full"
              aspectRatio="4 / 5"
              maxH={{ base: "72", md: "none" }}
              borderRadius="2xl"
              bgGradient="to-br"
              gradientFrom="navy.700"
              gradientTo="navy.950"
              align="center"
              justify="center"
            >
              <Text fontSize="7xl" fontWeight="bold" color="brand.accent" letterSpacing="tight">
                {initials(name)}
              </Text>
            </Flex>
          )}
        </Box>
        <Stack gap="5" gridColumn={{ md: "span 3" }}>
          {eyebrow && <Eyebrow onDark={onDark}>{eyebrow}</Eyebrow>}
          <Stack gap="1">
            <Heading as="h2" id={headingId} fontSize={{ base: "3xl", md: "4xl" }} letterSpacing="tight">
              {name}
            </Heading>
            <Text fontWeight="semibold" color={onDark ? "brand.muted" : "navy.fg"}>
              {role}
            </Text>
            {location && (
              <HStack gap="1.5" color={onDark ? "brand.muted" : "fg.muted"} fontSize="sm">
                <Icon name="map" boxSize="4" />
                <Text>{location}</Text>
              </HStack>
            )}
          </Stack>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} color={onDark ? "brand.muted" : "fg.muted"} lineHeight="tall">
              {paragraph}
            </Text>
          ))}
          {highlights && highlights.length > 0 && <Checklist items={highlights} onDark={onDark} />}
          {actions && actions.length > 0 && (
            <HStack gap="3" wrap="wrap" pt="2">
              {actions.map((action) => (
                <ActionButton key={action.label} {...action} onDark={onDark} />
              ))}
            </HStack>
          )}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
