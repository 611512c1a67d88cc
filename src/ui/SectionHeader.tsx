import { Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "./Heading.tsx";
import { usePageWidth } from "./page-context.ts";

/** The short uppercase line above a heading. */
export function Eyebrow({ children }: { children: string }) {
  return (
    <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.accent" css={{ textWrap: "balance" }}>
      {children}
    </Text>
  );
}

/** Eyebrow, heading and intro over a section, in the same rhythm on every block. */
export function SectionHeader({
  headingId,
  eyebrow,
  heading,
  intro,
  align = "center",
}: {
  headingId?: string;
  eyebrow?: string;
  heading?: string;
  intro?: string;
  align?: "center" | "start";
}) {
  const narrow = usePageWidth() === "narrow";
  if (!eyebrow && !heading && !intro) return null;
  return (
    // A step tighter on phones, where a section's header is most of a screen's first glance at it.
    <Stack
      gap={{ base: "2", md: "3" }}
      textAlign={align}
      align={align === "center" ? "center" : "flex-start"}
      maxW="3xl"
      mx={align === "center" ? "auto" : undefined}
      mb={narrow ? "5" : { base: "5", md: "12" }}
    >
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      {heading && (
        <Heading as="h2" id={headingId} fontSize={narrow ? "2xl" : { base: "3xl", md: "4xl" }} lineHeight="1.15" letterSpacing="tight">
          {heading}
        </Heading>
      )}
      {intro && (
        <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
          {keepHyphenatedWordsInText(intro)}
        </Text>
      )}
    </Stack>
  );
}
