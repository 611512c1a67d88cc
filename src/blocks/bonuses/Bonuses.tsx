import { Badge, Box, Flex, Grid, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { fill, formatUsd } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { usePageLocale } from "../../ui/page-context.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { subgridCard } from "../../ui/card-rows.ts";
import { cardSurface } from "../../ui/surface.ts";
import type { BonusesProps } from "./schema.ts";

/**
 * Each bonus spans two of the grid's half-width tracks. The first bonus of a last row of one
 * (or, three to a row, of two) starts one track later, which centres that row. Counted by
 * type: every child is a bonus, and emotion warns against :nth-child in server rendering.
 */
const CENTRED_LAST_ROW = {
  "@media (min-width: 48rem)": {
    gridColumn: "span 2",
    "&:nth-of-type(2n + 1):last-of-type": { gridColumn: "2 / span 2" },
  },
  "@media (min-width: 64rem)": {
    "&:nth-of-type(2n + 1):last-of-type": { gridColumn: "span 2" },
    "&:nth-of-type(3n + 1):nth-last-of-type(2)": { gridColumn: "2 / span 2" },
    "&:nth-of-type(3n + 1):last-of-type": { gridColumn: "3 / span 2" },
  },
} as const;

export const bonusTotal = (items: readonly { value: number }[]) => items.reduce((sum, item) => sum + item.value, 0);

export function Bonuses({ id, tone = "plain", eyebrow, heading, intro, label, valueLabel, items, totalLabel }: BonusesProps) {
  const headingId = useId();
  const locale = usePageLocale();
  const hasHeader = Boolean(label) || items.some((bonus) => bonus.icon);
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/*
       * Rows of two, then three, on a grid of half-width tracks, so a last row of one or two
       * bonuses sits in the middle rather than in a corner; each bonus takes its rows from the
       * grid (subgrid), so titles, descriptions and values line up across a row.
       */}
      <Grid as="ol" templateColumns={{ base: "minmax(0, 1fr)", md: "repeat(4, minmax(0, 1fr))", lg: "repeat(6, minmax(0, 1fr))" }} gap={{ base: "4", md: "6" }}>
        {items.map((bonus, index) => (
          <Box
            as="li"
            key={bonus.title}
            {...subgridCard(hasHeader ? 4 : 3, "3")}
            p={{ base: "5", md: "6" }}
            {...cardSurface}
            shadow="xs"
            css={CENTRED_LAST_ROW}
          >
            {hasHeader && (
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
            )}
            <Heading as={heading ? "h3" : "h2"} fontSize="lg" lineHeight="1.3">
              {bonus.title}
            </Heading>
            <Text color="fg.muted">{keepHyphenatedWordsInText(bonus.description)}</Text>
            <Text fontWeight="bold" color="navy.fg" alignSelf="end">
              {fill(valueLabel, { value: formatUsd(bonus.value, locale) })}
            </Text>
          </Box>
        ))}
      </Grid>
      <Box
        mt={{ base: "6", md: "8" }}
        mx="auto"
        maxW="xl"
        textAlign="center"
        p="5"
        // A total between two rules: a filled box here read as a button a visitor might press.
        borderBlockWidth="2px"
        borderColor="border.action"
        fontSize={{ base: "xl", md: "2xl" }}
        fontWeight="bold"
      >
        {fill(totalLabel, { total: formatUsd(bonusTotal(items), locale) })}
      </Box>
    </Section>
  );
}
