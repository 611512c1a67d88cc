import { Box, Container } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageWidth } from "./page-context.ts";

export type Tone = "plain" | "muted" | "brand";

const TONES: Record<Tone, { bg: string; color: string }> = {
  plain: { bg: "bg", color: "fg" },
  muted: { bg: "bg.muted", color: "fg" },
  brand: { bg: "brand.bg", color: "brand.fg" },
};

/** The shared frame of every block: one vertical rhythm, one content width. */
export function Section({
  id,
  tone = "plain",
  labelledBy,
  children,
  py,
}: {
  id?: string;
  tone?: Tone;
  labelledBy?: string;
  children: ReactNode;
  py?: Record<string, string> | string;
}) {
  const narrow = usePageWidth() === "narrow";
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={labelledBy}
      py={py ?? (narrow ? { base: "6", md: "8" } : { base: "14", md: "20" })}
      {...TONES[tone]}
      data-tone={tone}
    >
      <Container maxW={narrow ? "xl" : "6xl"} px={{ base: "5", md: narrow ? "5" : "8" }}>
        {children}
      </Container>
    </Box>
  );
}
