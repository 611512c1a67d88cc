import { Box, Grid, SimpleGrid, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId, type ReactNode } from "react";
import { Icon } from "../../ui/Icon.tsx";
import type { IconName } from "../../content/icon-paths.ts";
import { AppLink } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { cardSurface } from "../../ui/surface.ts";
import { useSite } from "../../ui/site-context.ts";
import type { ContactProps } from "./schema.ts";

export function Contact({ id, tone = "plain", eyebrow, heading, intro, phoneLabel, emailLabel, locationLabel }: ContactProps) {
  const headingId = useId();
  const { contact } = useSite();
  const cards: { icon: IconName; title: string; body: ReactNode }[] = [
    { icon: "phone", title: phoneLabel, body: <AppLink link={contact.phone.href}>{contact.phone.label}</AppLink> },
    { icon: "mail", title: emailLabel, body: <AppLink link={contact.email.href}>{contact.email.label}</AppLink> },
    { icon: "map", title: locationLabel, body: contact.location },
  ];
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/* On phones each card is a row, its icon beside its title and detail: three cards in the height of one. */}
      <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap={{ base: "3", md: "6" }}>
        {cards.map((card) => (
          <Grid
            as="li"
            key={card.icon}
            templateColumns={{ base: "auto minmax(0, 1fr)", md: "minmax(0, 1fr)" }}
            justifyItems={{ base: "start", md: "center" }}
            alignItems="center"
            textAlign={{ base: "start", md: "center" }}
            columnGap="4"
            rowGap={{ base: "0", md: "3" }}
            p={{ base: "4", md: "7" }}
            {...cardSurface}
          >
            <Box
              w="12"
              h="12"
              display="grid"
              placeItems="center"
              borderRadius="full"
              bg="navy.solid"
              color="navy.contrast"
              gridRow={{ base: "span 2", md: "auto" }}
            >
              <Icon name={card.icon} />
            </Box>
            <Heading as={heading ? "h3" : "h2"} fontSize="lg">
              {card.title}
            </Heading>
            {/* As tall as a link, so a card with plain text lines up with those holding a link. */}
            <Text
              color="navy.fg"
              fontWeight="medium"
              display="flex"
              alignItems="center"
              minH="11"
              css={{ "& a": { textDecoration: "underline", textUnderlineOffset: "3px", display: "inline-flex", alignItems: "center", minHeight: "2.75rem" } }}
            >
              {card.body}
            </Text>
          </Grid>
        ))}
      </SimpleGrid>
    </Section>
  );
}
