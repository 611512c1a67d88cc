import { Badge, Box, Grid, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { ActionButton, AppLink } from "../../ui/links.tsx";
import { usePageWidth } from "../../ui/page-context.ts";
import { Section } from "../../ui/Section.tsx";
import { Eyebrow } from "../../ui/SectionHeader.tsx";
import { ICON_ROW_PART, phoneIconRow } from "../../ui/card-rows.ts";
import type { HeroProps } from "./schema.ts";

/** On phones a card's icon sits beside its title: three cards under the hero, a row shorter each. */
const PHONE_ROW = phoneIconRow("0.375rem");

export function Hero({ id, tone = "plain", align = "start", avatar, topActions, eyebrow, heading, lead, badges, actions, image, cards }: HeroProps) {
  const headingId = useId();
  const centered = align === "center";
  const compact = usePageWidth() === "narrow";
  const beside = image && !compact;
  const split = !image && !centered && !compact && !avatar && Boolean(lead || badges?.length || actions?.length);
  const opening = (
    <>
      {topActions && topActions.length > 0 && (
        <HStack gap="2" wrap="wrap">
          {topActions.map((action) => (
            <ActionButton
              key={action.label}
              {...action}
              variant={action.variant ?? "secondary"}
              size="sm"
              borderRadius="full"
              w="auto"
              bg="pill.bg"
              borderColor="pill.border"
            />
          ))}
        </HStack>
      )}
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <Heading
        as="h1"
        id={headingId}
        fontSize={compact ? { base: "3xl", md: "4xl" } : beside || split ? { base: "4xl", md: "5xl", "2xl": "6xl" } : { base: "4xl", md: "6xl" }}
        lineHeight="1.1"
        letterSpacing="tighter"
      >
        {heading}
      </Heading>
    </>
  );
  const body = (
    <>
      {lead && (
        <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
          {keepHyphenatedWordsInText(lead)}
        </Text>
      )}
      {badges && badges.length > 0 && (
        <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" justify={centered ? "center" : undefined}>
          {badges.map((badge) => (
            <Badge as="li" key={badge} size="lg" variant="outline" bg="badge.bg" color="fg.link" shadowColor="badge.border" borderRadius="full" px="3">
              {badge}
            </Badge>
          ))}
        </HStack>
      )}
      {actions && actions.length > 0 && (
        <Stack direction={{ base: "column", sm: compact ? "column" : "row" }} gap="3" w={{ base: "full", sm: compact ? "full" : "auto" }} pt="2">
          {actions.map((action) => (
            <ActionButton key={action.label} {...action} />
          ))}
        </Stack>
      )}
    </>
  );
  return (
    <Section id={id} tone={tone} labelledBy={headingId} py={compact ? { base: "8", md: "12" } : { base: "8", md: "24" }}>
      {/* With a picture: the words on the left half and the picture on the right on wide screens; the picture under the words on phones. */}
      <Grid
        templateColumns={
          beside
            ? { base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 26rem)", xl: "minmax(0, 1fr) minmax(0, 30rem)", "2xl": "minmax(0, 1fr) minmax(0, 36rem)" }
            : "minmax(0, 1fr)"
        }
        gap={{ base: "6", lg: "14" }}
        alignItems="center"
      >
        {split ? (
          // No picture to fill the right half: the heading takes the left and the lead and buttons the right,
          // their last lines on one baseline, so a wide screen shows no empty half.
          <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 7fr) minmax(0, 5fr)" }} columnGap="14" rowGap="6" alignItems="last baseline">
            <Stack gap="6" align="flex-start">
              {opening}
            </Stack>
            <Stack gap="6" align="flex-start">
              {body}
            </Stack>
          </Grid>
        ) : (
          <Stack
            gap={compact ? "4" : { base: "4", md: "6" }}
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
                borderColor="border.avatar"
                shadow="lg"
              >
                {avatar.src ? <Picture image={avatar.src} w="full" h="full" objectFit="cover" /> : avatar.initials}
              </Box>
            )}
            {opening}
            {body}
          </Stack>
        )}
        {image && <Picture image={image} priority w="full" h="auto" borderRadius="2xl" shadow="lg" objectFit="cover" maxH={{ base: "28rem", lg: "none" }} />}
      </Grid>
      {cards && cards.length > 0 && (
        <SimpleGrid as="ul" columns={{ base: 1, md: cards.length }} gap={{ base: "3", md: "4" }} mt={{ base: "6", md: "14" }}>
          {cards.map((card) => (
            <li key={card.title}>
              <AppLink link={card.to} style={{ display: "block", height: "100%" }}>
                <Stack
                  gap={{ base: "1.5", md: "2" }}
                  css={PHONE_ROW}
                  h="full"
                  p={{ base: "4", md: "5" }}
                  borderRadius="xl"
                  bg="bg.muted"
                  borderWidth="1px"
                  borderColor="border"
                  transition="background 0.15s"
                  _hover={{ bg: "bg.tint" }}
                >
                  {card.icon && (
                    <Box color="fg.highlight" {...ICON_ROW_PART}>
                      <Icon name={card.icon} />
                    </Box>
                  )}
                  <Text fontWeight="bold" fontSize="lg" {...(card.icon ? ICON_ROW_PART : {})}>
                    {card.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {keepHyphenatedWordsInText(card.description)}
                  </Text>
                  <Text fontSize="sm" fontWeight="semibold" color="fg.highlight" mt="auto">
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
