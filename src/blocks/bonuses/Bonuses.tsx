import { Badge, Box, Flex, Stack, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { fill, formatUsd } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { usePageLocale } from "../../ui/page-context.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { cardSurface } from "../../ui/surface.ts";
import type { BonusesProps } from "./schema.ts";

export const bonusTotal = (items: readonly { value: number }[]) => items.reduce((sum, item) => sum + item.value, 0);

export function Bonuses({ id, tone = "plain", eyebrow, heading, intro, label, valueLabel, items, totalLabel }: BonusesProps) {
  const headingId = useId();
  const locale = usePageLocale();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/* Wrapping rows, centred, so a last row of one or two bonuses sits in the middle rather than in a corner. */}
      <Flex as="ol" wrap="wrap" justify="center" gap={{ base: "4", md: "6" }}>
        {items.map((bonus, index) => (
          <Stack
            as="li"
            key={bonus.title}
            gap="3"
            p={{ base: "5", md: "6" }}
            flexBasis={{ base: "100%", md: "calc(50% - 0.75rem)", lg: "calc(33.333% - 1rem)" }}
            {...cardSurface}
            shadow="xs"
          >
            <Flex justify="space-between" align="center" gap="3">
              {label && (
                <Badge colorPalette="gold" variant="subtle" color="gold.fg" px="2.5" py="0.5" borderRadius="full" fontWeight="bold">
                  {fill(label, { number: index + 1 })}
                </Badge>
              )}
              {bonus.icon && (
                <Box color="navy.fg" ml="auto">
                  <Icon name={bonus.icon} />
                </Box>
              )}
            </Flex>
            <Heading as={heading ? "h3" : "h2"} fontSize="lg" lineHeight="1.3">
              {bonus.title}
            </Heading>
            <Text color="fg.muted" flex="1">
              {bonus.description}
            </Text>
            <Text fontWeight="bold" color="navy.fg">
              {fill(valueLabel, { value: formatUsd(bonus.value, locale) })}
            </Text>
          </Stack>
        ))}
      </Flex>
      <Box
        mt={{ base: "6", md: "8" }}
        mx="auto"
        maxW="xl"
        textAlign="center"
        p="5"
        borderRadius="xl"
        bg="navy.solid"
        color="navy.contrast"
        fontSize={{ base: "xl", md: "2xl" }}
        fontWeight="bold"
      >
        {fill(totalLabel, { total: formatUsd(bonusTotal(items), locale) })}
      </Box>
    </Section>
  );
}
