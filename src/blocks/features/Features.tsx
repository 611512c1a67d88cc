import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { subgridCard } from "../../ui/card-rows.ts";
import { cardSurface } from "../../ui/surface.ts";
import type { FeaturesProps } from "./schema.ts";

export function Features({ id, tone = "plain", eyebrow, heading, intro, items }: FeaturesProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "5", md: "6" }}>
        {items.map((item) => (
          // Icon, title and description rows shared across a row of cards (see card-rows.ts).
          <Box as="li" key={item.title} {...subgridCard(3, "3")} p="6" {...cardSurface}>
            <Box w="12" h="12" display="grid" placeItems="center" borderRadius="lg" bg="bg.tint" color="fg.highlight">
              <Icon name={item.icon} />
            </Box>
            <Heading as={heading ? "h3" : "h2"} fontSize="lg">
              {item.title}
            </Heading>
            <Text color="fg.muted">{item.description}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
