import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { formatNumber } from "../../ui/format.ts";
import { usePageLocale } from "../../ui/page-context.ts";
import { Section } from "../../ui/Section.tsx";
import type { StatsProps } from "./schema.ts";

export function formatStat({ value, prefix = "", suffix = "" }: { value: number; prefix?: string; suffix?: string }, locale = "en-US"): string {
  return `${prefix}${formatNumber(value, locale)}${suffix}`;
}

export function Stats({ id, tone = "plain", heading, items }: StatsProps) {
  const headingId = useId();
  const locale = usePageLocale();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined} py={{ base: "8", md: "14" }}>
      {heading && (
        <Heading as="h2" id={headingId} textAlign="center" fontSize={{ base: "2xl", md: "3xl" }} mb="8">
          {heading}
        </Heading>
      )}
      <SimpleGrid as="dl" columns={{ base: items.length === 3 ? 3 : 2, md: Math.min(items.length, 4) }} gap={{ base: items.length === 3 ? "3" : "6", md: "8" }}>
        {items.map((item) => (
          <Stack key={item.label} gap="1" align="center" textAlign="center">
            <Text as="dt" order={2} fontSize={{ base: "sm", md: "md" }} color="fg.muted" fontWeight="medium">
              {item.label}
            </Text>
            <Text as="dd" order={1} fontSize={{ base: "3xl", md: "5xl" }} fontWeight="bold" color="fg.highlight" lineHeight="1">
              {formatStat(item, locale)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
