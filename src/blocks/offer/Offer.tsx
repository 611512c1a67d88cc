import { Badge, Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { fill, formatUsd } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ActionButton } from "../../ui/links.tsx";
import { Price } from "../../ui/Price.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { OfferProps } from "./schema.ts";

export function Offer(props: OfferProps) {
  const {
    id,
    tone = "plain",
    eyebrow,
    heading,
    intro,
    badge,
    title,
    description,
    price,
    originalPrice,
    savingsLabel,
    featuresHeading,
    features,
    action,
    note,
  } = props;
  const headingId = useId();
  const saving = originalPrice !== undefined ? originalPrice - price : 0;
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <Box
        data-tone="plain"
        maxW="4xl"
        mx="auto"
        bg="bg"
        color="fg"
        borderRadius="2xl"
        borderWidth="2px"
        borderColor="gold.solid"
        shadow="xl"
        overflow="hidden"
      >
        <SimpleGrid columns={{ base: 1, md: features?.length ? 2 : 1 }}>
          <Stack gap="4" p={{ base: "6", md: "10" }} bg="navy.subtle" align="flex-start">
            {badge && (
              <Badge colorPalette="gold" variant="solid" px="3" py="1" borderRadius="full" fontWeight="bold">
                {badge}
              </Badge>
            )}
            <Heading as={heading ? "h3" : "h2"} fontSize={{ base: "2xl", md: "3xl" }} lineHeight="1.2">
              {title}
            </Heading>
            {description && <Text color="fg.muted">{description}</Text>}
            <Price amount={price} originalAmount={originalPrice} size="lg" />
            {savingsLabel && saving > 0 && (
              <Badge colorPalette="green" variant="subtle" fontSize="md" px="3" py="1" borderRadius="md" color="green.800">
                {fill(savingsLabel, { amount: formatUsd(saving) })}
              </Badge>
            )}
            <ActionButton {...action} w={{ base: "full", sm: "auto" }} />
            {note && (
              <Text display="flex" alignItems="center" gap="2" fontSize="sm" color="fg.muted">
                <Icon name="shield" boxSize="5" color="navy.fg" />
                {note}
              </Text>
            )}
          </Stack>
          {features && features.length > 0 && (
            <Stack gap="4" p={{ base: "6", md: "10" }} justify="center">
              {featuresHeading && (
                <Heading as={heading ? "h4" : "h3"} fontSize="md" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
                  {featuresHeading}
                </Heading>
              )}
              <Checklist items={features} />
            </Stack>
          )}
        </SimpleGrid>
      </Box>
    </Section>
  );
}
