import { Badge, Box, Flex, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { fill, formatUsd } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { usePageLocale } from "../../ui/page-context.ts";
import { ActionButton } from "../../ui/links.tsx";
import { Price } from "../../ui/Price.tsx";
import { shownPrice } from "../../ui/prices.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { OfferProps } from "./schema.ts";

export function Offer(props: OfferProps) {
  const { id, tone = "plain", eyebrow, heading, intro, badge, title, description, savingsLabel, featuresHeading, features, action, note } = props;
  const headingId = useId();
  const locale = usePageLocale();
  // A named price brings its sale (the regular price struck through) while the sale runs; after it, the regular price alone.
  const { amount, originalAmount } = shownPrice(props.price, props.originalPrice);
  const saving = originalAmount !== undefined ? originalAmount - amount : 0;
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/*
        One column whatever the width, with the price and button in a strip across its foot:
        two columns side by side left one of them half empty whenever the list of what is
        included was much shorter or longer than the sales copy beside it.
      */}
      <Box
        data-tone="plain"
        maxW="3xl"
        mx="auto"
        bg="bg"
        color="fg"
        borderRadius="2xl"
        borderWidth="2px"
        borderColor="gold.solid"
        shadow="xl"
        overflow="hidden"
      >
        {/* A little closer on phones, where the panel fills the screen's width and every line it gives back is height saved. */}
        <Stack gap={{ base: "4", md: "5" }} p={{ base: "5", md: "10" }} align="flex-start">
          {badge && (
            <Badge colorPalette="gold" variant="solid" px="3" py="1" borderRadius="full" fontWeight="bold">
              {badge}
            </Badge>
          )}
          <Stack gap="2">
            <Heading as={heading ? "h3" : "h2"} fontSize={{ base: "2xl", md: "3xl" }} lineHeight="1.2">
              {title}
            </Heading>
            {description && (
              <Text color="fg.muted" fontSize={{ md: "lg" }}>
                {keepHyphenatedWordsInText(description)}
              </Text>
            )}
          </Stack>
          {features && features.length > 0 && (
            <Stack gap="3" w="full" pt="1">
              {featuresHeading && (
                <Heading as={heading ? "h4" : "h3"} fontSize="sm" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
                  {featuresHeading}
                </Heading>
              )}
              <Checklist items={features} columns={features.length > 3 ? 2 : 1} />
            </Stack>
          )}
        </Stack>
        <Flex
          direction={{ base: "column", md: "row" }}
          align={{ base: "stretch", md: "center" }}
          justify="space-between"
          gap={{ base: "4", md: "8" }}
          px={{ base: "5", md: "10" }}
          py={{ base: "5", md: "7" }}
          bg="navy.subtle"
          borderTopWidth="1px"
          borderColor="border"
        >
          <Stack gap="2" align="flex-start">
            <Price amount={amount} originalAmount={originalAmount} size="lg" />
            {savingsLabel && saving > 0 && (
              <Badge colorPalette="green" variant="subtle" fontSize="md" px="3" py="1" borderRadius="md" color="green.800">
                {fill(savingsLabel, { amount: formatUsd(saving, locale) })}
              </Badge>
            )}
          </Stack>
          {/* The action and its note as one column beside the price: the button as wide as the note under it. */}
          <Stack gap="3" align="stretch" w={{ base: "full", md: "20rem" }} flexShrink="0">
            <ActionButton {...action} w="full" />
            {note && (
              <Text display="flex" alignItems="flex-start" justifyContent={{ base: "center", md: "flex-start" }} gap="2" fontSize="sm" color="fg.muted">
                <Icon name="shield" boxSize="5" color="navy.fg" flexShrink="0" />
                {note}
              </Text>
            )}
          </Stack>
        </Flex>
      </Box>
    </Section>
  );
}
