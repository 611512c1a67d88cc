import { Badge, Box, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { Fragment, useId, type ReactNode } from "react";
import { ICON_ROW_PART, phoneIconRow, presentParts, subgridCard } from "../../ui/card-rows.ts";
import { Checklist } from "../../ui/Checklist.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { IconTile } from "../../ui/IconTile.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Price } from "../../ui/Price.tsx";
import { shownPrice } from "../../ui/prices.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { CardData, CardsProps } from "./schema.ts";

const PARTS = [
  ["icon", (card: CardData) => card.icon],
  ["title", () => true],
  ["description", () => true],
  ["price", (card: CardData) => card.price],
  ["timeline", (card: CardData) => card.timeline],
  ["features", (card: CardData) => card.features?.length],
  ["action", (card: CardData) => card.action],
] as [Part, (card: CardData) => unknown][];
/** With icons, a card's icon and title share a row on phones. */
const PHONE_ROW = phoneIconRow("0.75rem");

type Part = "icon" | "title" | "description" | "price" | "timeline" | "features" | "action";

export function Cards({ id, tone = "plain", eyebrow, heading, intro, columns = 3, items, note, action }: CardsProps) {
  const headingId = useId();
  const parts = presentParts(items, PARTS);
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/* Four cards a row only from 1,280 px: narrower, their titles and button labels would break on every word. */}
      <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: columns === 4 ? 2 : columns, xl: columns }} gap={{ base: "4", md: "6" }} rowGap={{ md: "8" }}>
        {items.map((card) => (
          <Card key={card.title} card={card} parts={parts} headingLevel={heading ? "h3" : "h2"} narrow={columns === 4} />
        ))}
      </SimpleGrid>
      {(note || action) && (
        <Stack align="center" gap="4" mt={{ base: "8", md: "10" }} textAlign="center">
          {note && <Text fontWeight="semibold">{note}</Text>}
          {action && <ActionButton {...action} />}
        </Stack>
      )}
    </Section>
  );
}

function Card({ card, parts, headingLevel, narrow }: { card: CardData; parts: Part[]; headingLevel: "h2" | "h3"; narrow: boolean }) {
  const highlighted = Boolean(card.badge);
  const part = (kind: Part): ReactNode => {
    switch (kind) {
      case "icon":
        return card.icon ? <IconTile {...ICON_ROW_PART} name={card.icon} from="md" /> : null;
      case "title":
        return (
          <Heading as={headingLevel} fontSize="xl" {...(card.icon ? ICON_ROW_PART : {})}>
            {card.title}
          </Heading>
        );
      case "description":
        // Closer to its title than the card's other parts are to each other.
        return (
          <Text color="fg.muted" mt="-2">
            {keepHyphenatedWordsInText(card.description)}
          </Text>
        );
      case "price":
        if (!card.price) return null;
        return <Price {...shownPrice(card.price.amount, card.price.originalAmount)} prefix={card.price.prefix} unit={card.price.unit} />;
      case "timeline":
        return card.timeline ? (
          <Flex align="center" gap="2" fontSize="sm" fontWeight="semibold" color="navy.fg">
            <Icon name="clock" boxSize="4" />
            {card.timeline}
          </Flex>
        ) : null;
      case "features":
        return card.features && card.features.length > 0 ? <Checklist items={card.features} /> : null;
      case "action":
        // A label longer than a narrow card wraps inside its button instead of overflowing the card,
        // and the buttons of a row share its height. A text link (a card's action unless the content
        // says otherwise) starts where the card's text does, as wide as its words.
        return card.action ? (
          <Flex pt={{ base: "0", md: "2" }} alignSelf="stretch">
            <ActionButton
              {...card.action}
              h="auto"
              minH="11"
              py="2.5"
              whiteSpace="normal"
              textWrap="balance"
              lineHeight="short"
              {...(card.action.variant === "link" ? { textAlign: "start" } : { w: "full", px: "4", textAlign: "center" })}
            />
          </Flex>
        ) : null;
    }
  };
  return (
    <Box
      as="li"
      {...subgridCard(parts.length, "4")}
      css={parts[0] === "icon" ? PHONE_ROW : undefined}
      p={narrow ? { base: "5", md: "7", xl: "5" } : { base: "5", md: "7" }}
      data-tone="plain"
      bg="bg"
      color="fg"
      borderRadius="xl"
      borderWidth={highlighted ? "2px" : "1px"}
      borderColor={highlighted ? "gold.solid" : "border"}
      shadow={highlighted ? "lg" : "xs"}
      position="relative"
    >
      {card.badge && (
        <Badge position="absolute" top="-3" left="6" colorPalette="gold" variant="solid" px="3" py="1" borderRadius="full" fontWeight="bold">
          {card.badge}
        </Badge>
      )}
      {parts.map((kind) => (
        <Fragment key={kind}>{part(kind) ?? <div />}</Fragment>
      ))}
    </Box>
  );
}
