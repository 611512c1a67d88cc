import { Heading as ChakraHeading, type HeadingProps } from "@chakra-ui/react";
import { Children, type ReactNode } from "react";

/**
 * What a line of a heading must not break inside: a word holding a hyphen between letters or
 * digits ("well-paid", "Year-Round", "step-by-step", "4-6"), and a word of one letter with the
 * word after it ("A Plain-English", the Spanish "y contabilidad"), as a line ending on "A" reads
 * as a stumble.
 */
/** A word holding a hyphen between letters or digits, alone: what body text keeps whole. */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

const KEPT_TOGETHER = /(?:(?<=^|\s)\p{L}\s+)?[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+|(?<=^|\s)\p{L}\s+\S+/gu;

/**
 * Keeps each hyphenated word of a heading's text on one line: browsers may break after
 * any hyphen, which splits "well-paid" into "well-" and "paid" on a phone. The word is
 * wrapped in a span that does not wrap (the class is in the theme's global CSS), so the
 * text itself stays as written for screen readers, search and copying.
 */
export function keepHyphenatedWords(children: ReactNode): ReactNode {
  return Children.map(children, (child) => (typeof child === "string" ? keepWords(child) : child));
}

/**
 * A short text read with a title (a hero's lead, a section's intro, a card's description or summary, a
 * checklist's item) with its hyphenated words kept whole: "Step-by-step", not "Step-by- / step".
 * Long prose (an article's body) is left to break as browsers do.
 */
export function keepHyphenatedWordsInText(text: string): ReactNode {
  return keepHyphens(text, "text", HYPHENATED);
}

/**
 * The longest two last words (in characters) kept together: a heading's line on a 320 px phone
 * holds about 13 to 16, so a longer ending would often not fit and, wrapping inside its block,
 * cost the heading a line.
 */
export const SHORT_ENDING = 16;

/**
 * Words a heading needs before its last two for them to be kept together: in a heading of three
 * words, keeping the last two together only moves the lone word to the top ("The / complete
 * package", "Free / Video Training"), which reads worse than balanced wrapping.
 */
export const MIN_WORDS_BEFORE = 2;

/**
 * A heading's text with its hyphenated words kept whole and its last two words, when short and
 * after at least two others, kept together:
 * balanced wrapping alone still leaves a lone word on the last line when a long word fills the
 * line above, as in "Become a / confident, / well-paid tax / preparer". The two words form an
 * inline block, which moves to the next line whole when it does not fit beside the words before
 * it, and wraps inside itself only when it is wider than the whole line, so it never overflows.
 */
function keepWords(text: string): ReactNode {
  const ending = /\S+\s+\S+\s*$/.exec(text);
  const wordsBefore = ending ? text.slice(0, ending.index).trim().split(/\s+/).filter(Boolean).length : 0;
  if (ending && wordsBefore >= MIN_WORDS_BEFORE && ending[0].trim().length <= SHORT_ENDING) {
    return [
      keepHyphens(text.slice(0, ending.index), "head"),
      <span key="ending" className="keep-ending">
        {keepHyphens(ending[0], "ending")}
      </span>,
    ];
  }
  return keepHyphens(text, "text");
}

function keepHyphens(child: string, keyPrefix: string, kept = KEPT_TOGETHER): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of child.matchAll(kept)) {
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

/**
 * The type scale's weights: the page's title (display) heaviest, a section's heading a step
 * lighter, a card's title lighter again, so the three read as three levels even at one size.
 * The brand typeface is variable: every weight is drawn from the one file.
 */
export const HEADING_WEIGHTS = { h1: 760, h2: 680, h3: 600, h4: 600 } as const;

/**
 * Chakra's heading, with hyphenated words and a short ending kept whole (see keepHyphenatedWords),
 * and its level's weight from the type scale unless a block sets another.
 * Its line height is relative to its own size: Chakra's comes with its size preset, in rem, so a
 * small title set with fontSize alone would keep the preset's spacing, and its lines fall apart.
 */
export function Heading({ children, lineHeight = "1.3", ...props }: HeadingProps) {
  const level = typeof props.as === "string" && props.as in HEADING_WEIGHTS ? (props.as as keyof typeof HEADING_WEIGHTS) : "h2";
  return (
    <ChakraHeading lineHeight={lineHeight} fontWeight={HEADING_WEIGHTS[level]} {...props}>
      {keepHyphenatedWords(children)}
    </ChakraHeading>
  );
}
