import { Heading as ChakraHeading, type HeadingProps } from "@chakra-ui/react";
import { Children, type ReactNode } from "react";

/** A word holding a hyphen between letters or digits: "well-paid", "Year-Round", "step-by-step", "4-6". */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * Keeps each hyphenated word of a heading's text on one line: browsers may break after
 * any hyphen, which splits "well-paid" into "well-" and "paid" on a phone. The word is
 * wrapped in a span that does not wrap (the class is in the theme's global CSS), so the
 * text itself stays as written for screen readers, search and copying.
 */
export function keepHyphenatedWords(children: ReactNode): ReactNode {
  return Children.map(children, (child) => (typeof child === "string" ? keepWords(child) : child));
}

/** Two last words together at most this long stay on one line (see keepWords). */
const SHORT_ENDING = 12;

/**
 * A heading's text with its hyphenated words kept whole and, when they are short, its last two
 * words kept together: balanced wrapping alone still leaves a lone word on the last line when
 * a long word fills the line above, as in "Become a / confident, / well-paid tax / preparer".
 */
function keepWords(text: string): ReactNode {
  const ending = /\S+\s+\S+\s*$/.exec(text);
  if (ending && ending.index > 0 && ending[0].trim().length <= SHORT_ENDING) {
    return [
      keepHyphens(text.slice(0, ending.index), "head"),
      <span key="ending" className="keep-word">
        {ending[0]}
      </span>,
    ];
  }
  return keepHyphens(text, "text");
}

function keepHyphens(child: string, keyPrefix: string): ReactNode {
  if (!child.includes("-")) return child;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of child.matchAll(HYPHENATED)) {
    if (match.index > last) parts.push(child.slice(last, match.index));
    parts.push(
      <span key={`${keyPrefix}${match.index}`} className="keep-word">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return child;
  if (last < child.length) parts.push(child.slice(last));
  return parts;
}

/** Chakra's heading, with hyphenated words and a short ending kept whole (see keepHyphenatedWords). */
export function Heading({ children, ...props }: HeadingProps) {
  return <ChakraHeading {...props}>{keepHyphenatedWords(children)}</ChakraHeading>;
}
