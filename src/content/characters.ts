/**
 * The characters that may reach a page or a terminal. Invisible and direction
 * characters make text read differently from what its author sees in the editor
 * (or hide text altogether), so one rule covers every string that is shown.
 */

/**
 * Control (Cc, except the line break block scalars produce), format (Cf: zero-width
 * and direction marks, soft hyphen, tag characters, U+061C, U+180E, U+2060...),
 * surrogate halves (Cs), private use (Co) and unassigned (Cn) code points, and the
 * letters that draw nothing: the Hangul fillers and the blank Braille pattern.
 */
const HIDDEN = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** A zero-width joiner between two pictographs builds one emoji (👩‍💻); that one is visible. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** The first hidden character of `text` and its position (1-based, in characters), if any. */
export function hiddenCharacter(text: string): { char: string; position: number } | undefined {
  // Every text field of every page is checked on each save: most have no hidden character, and
  // swapping the joiners only takes some away, so a text without one is answered at once.
  if (!HIDDEN.test(text)) return undefined;
  // The joiner is swapped for a space of the same length, so positions stay right.
  const found = HIDDEN.exec(text.replace(EMOJI_JOINER, (_joined, pictograph: string) => `${pictograph} `));
  if (!found) return undefined;
  const char = found[0];
  return { char, position: [...text.slice(0, found.index)].length + 1 };
}

/** True when the text shows something: a letter, digit, punctuation mark or symbol. */
export function hasVisibleCharacter(text: string): boolean {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(text) && !/^[\s\u115F\u1160\u3164\uFFA0\u2800]*$/u.test(text);
}

const NAMES: Record<number, string> = {
  0x00: "a NUL character",
  0x09: "a tab",
  0x0a: "a line break",
  0x0d: "a carriage return",
  0x1b: "an escape character",
  0x20: "a space",
  0x7f: "a delete character",
  0xa0: "a non-breaking space",
  0xad: "a soft hyphen",
  0x061c: "an Arabic letter mark",
  0x115f: "a Hangul filler",
  0x1160: "a Hangul filler",
  0x180e: "a Mongolian vowel separator",
  0x200b: "a zero-width space",
  0x200c: "a zero-width non-joiner",
  0x200d: "a zero-width joiner",
  0x200e: "a left-to-right mark",
  0x200f: "a right-to-left mark",
  0x202a: "a left-to-right embedding",
  0x202b: "a right-to-left embedding",
  0x202c: "a pop directional formatting mark",
  0x202d: "a left-to-right override",
  0x202e: "a right-to-left override",
  0x2013: "an en dash (–)",
  0x2014: "an em dash (—)",
  0x2060: "a word joiner",
  0x2066: "a left-to-right isolate",
  0x2067: "a right-to-left isolate",
  0x2068: "a first-strong isolate",
  0x2069: "a pop directional isolate",
  0x2800: "a blank Braille pattern",
  0x3164: "a Hangul filler",
  0xfeff: "a zero-width no-break space (byte order mark)",
  0xffa0: "a Hangul filler",
};

/** A character as an author can find it: its common name, or its kind, and its code point. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase().padStart(4, "0");
  const kind =
    NAMES[code] ??
    (code >= 0xd800 && code <= 0xdfff
      ? "half of a broken character pair (a lone surrogate)"
      : code >= 0xe0000 && code <= 0xe007f
        ? "an invisible tag character"
        : code < 0x20 || (code >= 0x7f && code < 0xa0)
          ? "a control character"
          : /\p{Cf}/u.test(char)
            ? "an invisible formatting character"
            : /\p{Co}|\p{Cn}/u.test(char)
              ? "a character with no agreed meaning (private use or unassigned)"
              : `the character "${char}"`);
  return `${kind} (U+${hex})`;
}

/**
 * Text made safe to print in a terminal or an overlay: control and direction
 * characters become visible escapes (\u{1B}), so content can neither move the
 * cursor, recolour the terminal nor reorder the line it is quoted in.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(/(?!\n)[\p{Cc}\p{Cf}\p{Cs}]/gu, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
