import { Badge, Box, Heading, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Icon } from "../../app/Icon.tsx";
import { ActionButton, AppLink } from "../../app/links.tsx";
import { usePageWidth } from "../../app/page-context.ts";
import { Section } from "../../app/Section.tsx";
import { Eyebrow } from "../../app/SectionHeader.tsx";
import type { HeroProps } from "./schema.ts";

export function Hero({ id, tone = "plain", align = "start", avatar, topActions, eyebrow, heading, lead, badges, actions, cards }: HeroProps) {
  const headingId = useId();
  const onDark = tone === "brand";
  const centered = align === "center";
  const compact = usePageWidth() === "narrow";
  return (
    <Section id={id} tone={tone} labelledBy={headingId} py={compact ? { base: "10", md: "12" } : { base: "14", md: "24" }}>
      <Stack
        gap={compact ? "4" : "6"}
        maxW="3xl"
        align={centered ? "center" : "flex-start"}
        textAlign={centered ? "center" : undefined}
        mx={centered ? "auto" : undefined}
      >
        {avatar && (
          <Box
            aria-hidden="true"
            w="24"
            h="24"
            borderRadius="full"
            overflow="hidden"
            display="grid"
            placeItems="center"
            bg="gold.solid"
            color="gold.contrast"
            fontSize="3xl"
            fontWeight="bold"
            borderWidth="4px"
            borderColor={onDark ? "whiteAlpha.400" : "bg"}
            shadow="lg"
          >
            {avatar.src ? <Image src={avatar.src} alt="" w="full" h="full" objectFit="cover" /> : avatar.initials}
          </Box>
        )}
        {topActions && topActions.length > 0 && (
          <HStack gap="2" wrap="wrap">
            {topActions.map((action) => (
              <ActionButton
                key={action.label}
                {...action}
                variant={action.variant ?? "secondary"}
                onDark={onDark}
                size="sm"
                borderRadius="full"
                w="auto"
                bg={onDark ? "whiteAlpha.200" : undefined}
                borderColor={onDark ? "transparent" : undefined}
              />
            ))}
          </HStack>
        )}
        {eyebrow && <Eyebrow onDark={onDark}>{eyebrow}</Eyebrow>}
        <Heading
          as="h1"
          id={headingId}
          fontSize={compact ? { base: "3xl", md: "4xl" } : { base: "4xl", md: "6xl" }}
          lineHeight="1.1"
          letterSpacing="tight"
          fontWeight="bold"
        >
          {heading}
        </Heading>
        {lead && (
          <Text fontSize={{ base: "lg", md: "xl" }} color={onDark ? "brand.muted" : "fg.muted"} maxW="2xl">
            {lead}
          </Text>
        )}
        {badges && badges.length > 0 && (
          <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" justify={centered ? "center" : undefined}>
            {badges.map((badge) => (
              <Badge
                as="li"
                key={badge}
                size="lg"
                variant={onDark ? "outline" : "subtle"}
                colorPalette={onDark ? "gray" : "navy"}
                color={onDark ? "white" : undefined}
                borderRadius="full"
                px="3"
              >
                {badge}
              </Badge>
            ))}
          </HStack>
        )}
        {actions && actions.length > 0 && (
          <Stack direction={{ base: "column", sm: compact ? "column" : "row" }} gap="3" w={{ base: "full", sm: compact ? "full" : "auto" }} pt="2">
            {actions.map((action) => (
              <ActionButton key={action.label} {...action} onDark={onDark} />
            ))}
          </Stack>
        )}
      </Stack>
      {cards && cards.length > 0 && (
        <SimpleGrid as="ul" columns={{ base: 1, md: cards.length }} gap="4" mt={{ base: "10", md: "14" }}>
          {cards.map((card) => (
            <li key={card.title}>
              <AppLink link={card.to} style={{ display: "block", height: "100%" }}>
                <Stack
                  gap="2"
                  h="full"
                  p="5"
                  borderRadius="xl"
                  bg={onDark ? "whiteAlpha.100" : "bg.muted"}
                  borderWidth="1px"
                  borderColor={onDark ? "whiteAlpha.300" : "border"}
                  transition="background 0.15s"
                  _hover={{ bg: onDark ? "whiteAlpha.200" : "navy.subtle" }}
                >
                  {card.icon && (
                    <Box color={onDark ? "brand.accent" : "navy.fg"}>
                      <Icon name={card.icon} />
                    </Box>
                  )}
                  <Text fontWeight="bold" fontSize="lg">
                    {card.title}
                  </Text>
                  <Text fontSize="sm" color={onDark ? "brand.muted" : "fg.muted"}>
                    {card.description}
                  </Text>
                  <Text fontSize="sm" fontWeight="semibold" color={onDark ? "brand.accent" : "navy.fg"} mt="auto">
                    {card.linkLabel} <span aria-hidden="true">→</span>
                  </Text>
                </Stack>
              </AppLink>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
