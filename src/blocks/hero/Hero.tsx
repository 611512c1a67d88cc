import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { ActionButton } from "../../app/links.tsx";
import { Section } from "../../app/Section.tsx";
import type { HeroProps } from "./schema.ts";

export function Hero({ id, tone = "plain", eyebrow, heading, lead, badges, actions }: HeroProps) {
  const headingId = useId();
  const onDark = tone === "brand";
  return (
    <Section id={id} tone={tone} labelledBy={headingId} py={{ base: "16", md: "24" }}>
      <Stack gap="6" maxW="3xl" align="flex-start">
        {eyebrow && (
          <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color={onDark ? "brand.accent" : "gold.fg"}>
            {eyebrow}
          </Text>
        )}
        <Heading as="h1" id={headingId} fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.1" letterSpacing="tight" fontWeight="bold">
          {heading}
        </Heading>
        {lead && (
          <Text fontSize={{ base: "lg", md: "xl" }} color={onDark ? "brand.muted" : "fg.muted"} maxW="2xl">
            {lead}
          </Text>
        )}
        {badges && badges.length > 0 && (
          <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label="Highlights">
            {badges.map((badge) => (
              <Badge as="li" key={badge} size="lg" variant={onDark ? "outline" : "subtle"} colorPalette={onDark ? "gray" : "navy"} color={onDark ? "white" : undefined} borderRadius="full" px="3">
                {badge}
              </Badge>
            ))}
          </HStack>
        )}
        {actions && actions.length > 0 && (
          <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }} pt="2">
            {actions.map((action) => (
              <ActionButton key={action.label} label={action.label} to={action.to} variant={action.variant} onDark={onDark} />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
