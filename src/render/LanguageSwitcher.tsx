import { Box, chakra, Flex } from "@chakra-ui/react";
import type { Alternate } from "../site/types.ts";

/**
 * The page in its other languages, as a thin bar above the header: each language named
 * in itself and marked with its language (lang, hreflang), so a screen reader reads
 * "Español" in Spanish and the visitor knows the link's language before following it.
 * Plain links in the static page: it needs no script.
 */
export function LanguageSwitcher({
  alternates,
  current,
  label,
  maxWidth,
}: {
  alternates: Alternate[];
  current: string | undefined;
  label: string | undefined;
  /** The header bar's width in rem, so the last language ends where the header's last button does. */
  maxWidth: number;
}) {
  return (
    <Box as="nav" aria-label={label} bg="bg.muted" borderBottomWidth="1px" borderColor="border" fontSize="sm">
      <Flex as="ul" listStyleType="none" maxW={`${maxWidth}rem`} mx="auto" px={{ base: "4", md: "8" }} gap="1" justify="flex-end" wrap="wrap">
        {alternates.map((alternate) => (
          <li key={alternate.lang}>
            <chakra.a
              href={alternate.path}
              lang={alternate.lang}
              hrefLang={alternate.lang}
              aria-current={alternate.lang === current ? "page" : undefined}
              display="inline-flex"
              alignItems="center"
              minH="11"
              px="3"
              borderRadius="md"
              color="fg.link"
              fontWeight={alternate.lang === current ? "semibold" : "medium"}
              textDecoration={alternate.lang === current ? "none" : "underline"}
              textUnderlineOffset="3px"
              _hover={{ bg: "bg.tint" }}
              _focusVisible={{ outline: "2px solid", outlineColor: "navy.focusRing" }}
            >
              {alternate.name}
            </chakra.a>
          </li>
        ))}
      </Flex>
    </Box>
  );
}
