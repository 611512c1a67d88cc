import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Checklist } from "../../ui/Checklist.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { ComparisonProps } from "./schema.ts";

export function Comparison({ id, tone = "plain", eyebrow, heading, intro, without, with: withPlanning }: ComparisonProps) {
  const headingId = useId();
  const columns = [
    { column: without, tone: "negative" as const, bg: "red.50", border: "red.200" },
    { column: withPlanning, tone: "positive" as const, bg: "green.50", border: "green.300" },
  ];
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "4", md: "6" }}>
        {columns.map(({ column, tone: look, bg, border }) => (
          <Stack
            key={column.title}
            data-tone="plain"
            // Closer on phones, where the two columns stack: wider lines wrap less, and the parts sit nearer.
            gap={{ base: "4", md: "5" }}
            p={{ base: "5", md: "8" }}
            bg={bg}
            color="fg"
            borderWidth="1px"
            borderColor={border}
            borderRadius="xl"
          >
            <Heading as={heading ? "h3" : "h2"} fontSize="xl">
              {column.title}
            </Heading>
            <Checklist items={column.items} tone={look} />
            {column.summary && (
              <Text fontWeight="bold" color={look === "positive" ? "green.800" : "red.800"}>
                {column.summary}
              </Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
