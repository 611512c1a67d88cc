import { Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { fill, formatCount } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { cardSurface } from "../../ui/surface.ts";
import { usePageLocale } from "../../ui/page-context.ts";
import type { ModulesProps } from "./schema.ts";

export function courseTotals(items: readonly { lessons: number; hours: number }[]) {
  return {
    modules: items.length,
    lessons: items.reduce((sum, item) => sum + item.lessons, 0),
    hours: items.reduce((sum, item) => sum + item.hours, 0),
  };
}

export function Modules(props: ModulesProps) {
  const { id, tone = "plain", eyebrow, heading, intro, label, moduleCount, lessonCount, hourCount, items, totalLabel } = props;
  const headingId = useId();
  const locale = usePageLocale();
  const totals = courseTotals(items);
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <Stack maxW="4xl" mx="auto" gap="6">
        <Stack as="ol" gap="3">
          {items.map((module, index) => (
            <Flex
              as="li"
              key={module.title}
              direction={{ base: "column", sm: "row" }}
              align={{ base: "stretch", sm: "center" }}
              gap={{ base: "3", sm: "6" }}
              p={{ base: "4", md: "5" }}
              {...cardSurface}
            >
              <Box
                aria-hidden="true"
                display={{ base: "none", sm: "grid" }}
                placeItems="center"
                flexShrink={0}
                w="12"
                h="12"
                borderRadius="full"
                bg="bg.tint"
                color="fg.highlight"
                fontWeight="bold"
                fontSize="lg"
              >
                {index + 1}
              </Box>
              <Stack gap="1" flex="1">
                {label && (
                  <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="gold.fg">
                    {fill(label, { number: index + 1 })}
                  </Text>
                )}
                <Heading as={heading ? "h3" : "h2"} fontSize="lg" lineHeight="1.3">
                  {module.title}
                </Heading>
                {module.description && (
                  <Text fontSize="sm" color="fg.muted">
                    {keepHyphenatedWordsInText(module.description)}
                  </Text>
                )}
              </Stack>
              <HStack gap="4" flexShrink={0} fontSize="sm" fontWeight="semibold" color="navy.fg">
                <HStack gap="1.5">
                  <Icon name="play" boxSize="4" />
                  <Text as="span">{formatCount(module.lessons, lessonCount, locale)}</Text>
                </HStack>
                <HStack gap="1.5">
                  <Icon name="clock" boxSize="4" />
                  <Text as="span">{formatCount(module.hours, hourCount, locale)}</Text>
                </HStack>
              </HStack>
            </Flex>
          ))}
        </Stack>
        <Text
          p={{ base: "4", md: "5" }}
          // A total between two rules: a filled box here read as a button a visitor might press.
          borderBlockWidth="2px"
          borderColor="border.action"
          fontWeight="bold"
          fontSize={{ base: "lg", md: "xl" }}
          textAlign="center"
        >
          {fill(totalLabel, {
            modules: formatCount(totals.modules, moduleCount, locale),
            lessons: formatCount(totals.lessons, lessonCount, locale),
            hours: formatCount(totals.hours, hourCount, locale),
          })}
        </Text>
      </Stack>
    </Section>
  );
}
