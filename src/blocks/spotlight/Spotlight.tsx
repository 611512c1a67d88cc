import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { Eyebrow } from "../../ui/SectionHeader.tsx";
import { ICON_ROW_PART, phoneIconRow } from "../../ui/card-rows.ts";
import type { SpotlightProps } from "./schema.ts";

/** On phones the icon sits beside the eyebrow and heading, as a card's icon beside its title, instead of on a row of its own. */
const PHONE_ROW = phoneIconRow("1rem");

export function Spotlight({ id, tone = "plain", icon, eyebrow, heading, description, features, action }: SpotlightProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={headingId}>
      <SimpleGrid
        columns={{ base: 1, md: features?.length ? 2 : 1 }}
        gap={{ base: "6", md: "12" }}
        alignItems="center"
        p={{ base: "6", md: "12" }}
        borderRadius="2xl"
        data-tone="brand"
        bg="navy.solid"
        color="fg"
        shadow="lg"
      >
        <Stack gap="4" align="flex-start" css={icon ? PHONE_ROW : undefined}>
          {icon && (
            <Box
              {...ICON_ROW_PART}
              w={{ base: "12", md: "14" }}
              h={{ base: "12", md: "14" }}
              display="grid"
              placeItems="center"
              borderRadius="xl"
              bg="bg.tint"
              color="fg.highlight"
            >
              <Icon name={icon} boxSize={{ base: "6", md: "7" }} />
            </Box>
          )}
          {/* The eyebrow and the heading as one title, so on phones the icon sits beside both. */}
          <Stack gap={{ base: "2", md: "4" }} {...ICON_ROW_PART}>
            {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
            <Heading as="h2" id={headingId} fontSize={{ base: "2xl", md: "3xl" }} lineHeight="1.2">
              {heading}
            </Heading>
          </Stack>
          <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
            {keepHyphenatedWordsInText(description)}
          </Text>
          <ActionButton {...action} />
        </Stack>
        {features && features.length > 0 && (
          <Box p={{ base: "5", md: "6" }} borderRadius="xl" bg="bg.muted" borderWidth="1px" borderColor="border">
            <Checklist items={features} />
          </Box>
        )}
      </SimpleGrid>
    </Section>
  );
}
