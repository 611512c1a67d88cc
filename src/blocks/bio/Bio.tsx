import { Box, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { initials } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { Eyebrow } from "../../ui/SectionHeader.tsx";
import type { BioProps } from "./schema.ts";

export function Bio({ id, tone = "plain", eyebrow, name, role, location, paragraphs, highlights, image, actions }: BioProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={headingId}>
      <SimpleGrid columns={{ base: 1, md: 5 }} gap={{ base: "5", md: "12" }} alignItems="center">
        <Box gridColumn={{ md: "span 2" }}>
          {image ? (
            // Landscape on phones: a portrait as tall as the screen would push the words a screen down.
            <Picture
              image={image}
              borderRadius="2xl"
              w="full"
              h="auto"
              aspectRatio={{ base: "3 / 2", md: "4 / 5" }}
              objectFit="cover"
              objectPosition="50% 25%"
            />
          ) : (
            <Flex
              aria-hidden="true"
              data-tone="brand"
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
              <Text fontSize="7xl" fontWeight="bold" color="fg.highlight" letterSpacing="tight">
                {initials(name)}
              </Text>
            </Flex>
          )}
        </Box>
        <Stack gap={{ base: "4", md: "5" }} gridColumn={{ md: "span 3" }}>
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <Stack gap="1">
            <Heading as="h2" id={headingId} fontSize={{ base: "3xl", md: "4xl" }} letterSpacing="tight">
              {name}
            </Heading>
            <Text fontWeight="semibold" color="fg.subtitle">
              {role}
            </Text>
            {location && (
              <HStack gap="1.5" color="fg.muted" fontSize="sm">
                <Icon name="map" boxSize="4" />
                <Text>{location}</Text>
              </HStack>
            )}
          </Stack>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} color="fg.muted" lineHeight="tall">
              {keepHyphenatedWordsInText(paragraph)}
            </Text>
          ))}
          {highlights && highlights.length > 0 && <Checklist items={highlights} />}
          {actions && actions.length > 0 && (
            <HStack gap="3" wrap="wrap" pt="2">
              {/* Side by side on phones while two fit (profile links have short labels), each as wide as the other. */}
              {actions.map((action) => (
                <ActionButton key={action.label} {...action} w="auto" flex={{ base: "1 1 9rem", sm: "0 0 auto" }} />
              ))}
            </HStack>
          )}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
