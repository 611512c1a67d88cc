import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { subgridCard } from "../../ui/card-rows.ts";
import { cardSurface } from "../../ui/surface.ts";
import type { FeaturesProps } from "./schema.ts";

/** Under the sm breakpoint: icon and title side by side, the description under both. */
const phoneRow = {
  "@media (max-width: 29.99em)": {
    gridTemplateRows: "auto",
    gridRow: "auto",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    columnGap: "0.875rem",
    rowGap: "0.5rem",
  },
} as const;

export function Features({ id, tone = "plain", eyebrow, heading, intro, items }: FeaturesProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "3", md: "6" }}>
        {items.map((item) => (
          // Icon, title and description rows shared across a row of cards (see card-rows.ts).
          // On phones the icon sits beside the title, a row rather than a stack: six features take half the height.
          <Box as="li" key={item.title} {...subgridCard(3, "3")} css={phoneRow} p={{ base: "4", sm: "6" }} {...cardSurface}>
            <Box
              w={{ base: "10", sm: "12" }}
              h={{ base: "10", sm: "12" }}
              display="grid"
              placeItems="center"
              borderRadius="lg"
              bg="bg.tint"
              color="fg.highlight"
            >
              <Icon name={item.icon} />
            </Box>
            <Heading as={heading ? "h3" : "h2"} fontSize="lg" alignSelf={{ base: "center", sm: "auto" }}>
              {item.title}
            </Heading>
            <Text color="fg.muted" gridColumn={{ base: "1 / -1", sm: "auto" }}>
              {item.description}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
