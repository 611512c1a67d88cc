import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { Eyebrow } from "../../ui/SectionHeader.tsx";
import type { SpotlightProps } from "./schema.ts";

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
        <Stack gap="4" align="flex-start">
          {icon && (
            <Box w="14" h="14" display="grid" placeItems="center" borderRadius="xl" bg="bg.tint" color="fg.highlight">
              <Icon name={icon} boxSize="7" />
            </Box>
          )}
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <Heading as="h2" id={headingId} fontSize={{ base: "2xl", md: "3xl" }} lineHeight="1.2">
            {heading}
          </Heading>
          <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
            {description}
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
