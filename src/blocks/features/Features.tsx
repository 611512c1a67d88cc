import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { IconTile } from "../../ui/IconTile.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { ICON_ROW_PART, phoneIconRow, subgridCard } from "../../ui/card-rows.ts";
import { cardSurface } from "../../ui/surface.ts";
import type { FeaturesProps } from "./schema.ts";

/** On phones a feature is a row of the list, icon beside title, without a card's frame: six features, half the height. */
const PHONE_ROW = phoneIconRow("0.5rem", {
  borderWidth: "0",
  padding: "0",
  background: "transparent",
  // Out of its card, the icon's tile stands on the section itself: framed and white, so it shows on a tinted section too.
  "& [data-feature-icon]": { background: "var(--chakra-colors-bg)", borderWidth: "1px", borderColor: "var(--chakra-colors-border)" },
});

export function Features({ id, tone = "plain", eyebrow, heading, intro, items }: FeaturesProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "5", sm: "6" }}>
        {items.map((item) => (
          // Icon, title and description rows shared across a row of cards (see card-rows.ts).
          // On phones the icon sits beside the title, a row rather than a stack: six features take half the height.
          <Box as="li" key={item.title} {...subgridCard(3, "3")} css={PHONE_ROW} p={{ base: "4", sm: "6" }} {...cardSurface}>
            <IconTile {...ICON_ROW_PART} data-feature-icon="" name={item.icon} from="sm" />
            <Heading as={heading ? "h3" : "h2"} fontSize="lg" {...ICON_ROW_PART}>
              {item.title}
            </Heading>
            <Text color="fg.muted">{keepHyphenatedWordsInText(item.description)}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
