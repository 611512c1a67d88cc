import { chakra } from "@chakra-ui/react";
import { SQUARE_TARGET } from "../targets.ts";
import { SEARCH_ATTRIBUTE, type SearchLabels } from "./search-dom.ts";

/** Search needs the page's script: without it the buttons are not drawn, rather than drawn and dead. */
const withScriptsOnly = { "@media (scripting: none)": { display: "none" } } as const;

const MagnifyingGlass = () => (
  <chakra.svg viewBox="0 0 24 24" boxSize="5" flexShrink="0" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </chakra.svg>
);

/**
 * A button that opens the site search (search-dialog.ts, loaded on the first press):
 * in the header an icon the size of a fingertip, named by its label; on the 404 page and at the
 * top of a narrow phone's menu a wide field-like button that shows its hint.
 */
export function SearchButton({ labels, look, css }: { labels: SearchLabels; look: "icon" | "field"; css?: Record<string, unknown> }) {
  const opens = { type: "button" as const, [SEARCH_ATTRIBUTE]: JSON.stringify(labels), "aria-haspopup": "dialog" as const };
  const focus = { _focusVisible: { outline: "2px solid", outlineColor: "navy.focusRing", outlineOffset: "2px" } };
  if (look === "icon")
    return (
      <chakra.button
        {...opens}
        aria-label={labels.label}
        {...SQUARE_TARGET}
        // Framed like the menu button beside it; the header makes it bare beside the links, as they are (css).
        borderWidth="1px"
        borderColor="border"
        color="fg"
        cursor="pointer"
        _hover={{ bg: "navy.subtle", color: "navy.fg" }}
        {...focus}
        css={{ ...css, ...withScriptsOnly }}
      >
        <MagnifyingGlass />
      </chakra.button>
    );
  return (
    <chakra.button
      {...opens}
      display="flex"
      alignItems="center"
      gap="3"
      w="full"
      minH="11"
      px="3"
      borderWidth="1px"
      // A field's edge, at 3:1 or more against the page.
      borderColor="gray.500"
      borderRadius="md"
      bg="bg"
      color="fg.muted"
      textAlign="start"
      cursor="text"
      _hover={{ borderColor: "navy.fg" }}
      {...focus}
      css={{ ...css, ...withScriptsOnly }}
    >
      <MagnifyingGlass />
      {labels.placeholder}
    </chakra.button>
  );
}
