import { Box, chakra, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { FaqProps } from "./schema.ts";

const Details = chakra("details");
const Summary = chakra("summary");

/**
 * Native <details> elements sharing one `name`: the browser keeps at most one
 * open, choosing the open one closes it, and every answer is in the HTML and
 * works before (or without) JavaScript.
 */
export function Faq({ id, tone = "plain", heading, intro, items }: FaqProps) {
  const headingId = useId();
  const group = `faq-${id ?? headingId}`;
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <Stack gap="0" maxW="3xl" mx="auto">
        <SectionHeader headingId={headingId} heading={heading} intro={intro} />
        <Box borderTopWidth="1px" borderColor="border">
          {items.map((item) => (
            <Details
              key={item.question}
              name={group}
              borderBottomWidth="1px"
              borderColor="border"
              css={{ "&[open] > summary svg": { transform: "rotate(180deg)" } }}
            >
              <Summary
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                py="5"
                cursor="pointer"
                fontWeight="semibold"
                fontSize={{ base: "md", md: "lg" }}
                listStyle="none"
                css={{ "&::-webkit-details-marker": { display: "none" } }}
                _hover={{ color: "fg.highlight" }}
                _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing", outlineOffset: "2px", borderRadius: "sm" }}
              >
                {item.question}
                <chakra.svg
                  viewBox="0 0 20 20"
                  boxSize="5"
                  flexShrink={0}
                  aria-hidden="true"
                  transition="transform 0.2s"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M5 8l5 5 5-5" />
                </chakra.svg>
              </Summary>
              <Text pb="5" color="fg.muted" lineHeight="tall">
                {item.answer}
              </Text>
            </Details>
          ))}
        </Box>
      </Stack>
    </Section>
  );
}
