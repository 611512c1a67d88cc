import { Badge, Box, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Price } from "../../ui/Price.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { CardData, CardsProps } from "./schema.ts";

export function Cards({ id, tone = "plain", eyebrow, heading, intro, columns = 3, items, note, action }: CardsProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: columns }} gap={{ base: "8", md: "6" }} rowGap={{ md: "8" }}>
        {items.map((card) => (
          <Card key={card.title} card={card} headingLevel={heading ? "h3" : "h2"} />
        ))}
      </SimpleGrid>
      {(note || action) && (
        <Stack align="center" gap="4" mt="10" textAlign="center">
          {note && <Text fontWeight="semibold">{note}</Text>}
          {action && <ActionButton {...action} />}
        </Stack>
      )}
    </Section>
  );
}

function Card({ card, headingLevel }: { card: CardData; headingLevel: "h2" | "h3" }) {
  const highlighted = Boolean(card.badge);
  return (
    <Flex
      as="li"
      direction="column"
      gap="4"
      p={{ base: "6", md: "7" }}
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
      {card.icon && (
        <Box w="12" h="12" display="grid" placeItems="center" borderRadius="lg" bg="bg.tint" color="fg.highlight">
          <Icon name={card.icon} />
        </Box>
      )}
      <Stack gap="2">
        <Heading as={headingLevel} fontSize="xl">
          {card.title}
        </Heading>
        <Text color="fg.muted">{card.description}</Text>
      </Stack>
      {card.price && <Price {...card.price} />}
      {card.timeline && (
        <Flex align="center" gap="2" fontSize="sm" fontWeight="semibold" color="navy.fg">
          <Icon name="clock" boxSize="4" />
          {card.timeline}
        </Flex>
      )}
      {card.features && card.features.length > 0 && <Checklist items={card.features} />}
      {card.action && (
        <Box mt="auto" pt="2">
          <ActionButton {...card.action} w="full" />
        </Box>
      )}
    </Flex>
  );
}
