import { Box, Container } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageWidth } from "./page-context.ts";

export type Tone = "plain" | "muted" | "brand";

const BACKGROUNDS: Record<Tone, string> = { plain: "bg", muted: "bg.muted", brand: "brand.bg" };

/**
 * A shadow of one pixel above a band (a section, the footer), in the band's own colour token.
 * A band's edge may fall between two pixels, and a section drawn on demand (content-visibility)
 * is clipped there, which can leave a row of the page's white between two dark bands: the
 * shadow covers that row.
 */
export const coverUpperEdge = (colorToken: string) => `0 -1px 0 0 var(--chakra-colors-${colorToken.replaceAll(".", "-")})`;

/**
 * The shared frame of every block: one vertical rhythm, one content width. Its data-tone
 * sets the tone tokens (src/ui/theme.ts) for everything inside, so blocks colour their text
 * with fg, fg.muted, fg.accent and the like, and never look at the tone themselves.
 */
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
      py={py ?? (narrow ? { base: "6", md: "8" } : { base: "8", md: "20" })}
      bg={BACKGROUNDS[tone]}
      shadow={coverUpperEdge(BACKGROUNDS[tone])}
      color="fg"
      data-tone={tone}
    >
      <Container maxW={narrow ? "xl" : "6xl"} px={{ base: "5", md: narrow ? "5" : "8" }}>
        {children}
      </Container>
    </Box>
  );
}
