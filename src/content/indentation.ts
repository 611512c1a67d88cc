/**
 * Finds the line whose indentation breaks a block-style YAML file. The parser
 * sees such a line as the start of something else and reports several errors,
 * often on other lines and in its own vocabulary; this reads the file as an
 * author does (fields of one item line up, a field's children sit deeper) and
 * names the one line that is out of step.
 *
 * It is a reading of the common layout, not a YAML parser: the loader asks it
 * only when the parser has failed, and trusts it only when the parser's errors
 * start at or after the line it names.
 */

export interface Misindented {
  line: number;
  indent: number;
  expected: number;
  message: string;
  hint: string;
}

const KEY = /^(?:"[^"]*"|'[^']*'|[^\s#'"[\]{},:&*!|>%@`-][^:#]*?|-[^\s:][^:#]*?)\s*:(?:\s|$)/;
const ITEM = /^-(?:\s|$)/;

/** An open block: a mapping (fields) or a sequence (list items), and the column its lines start at. */
interface Level {
  indent: number;
  kind: "map" | "seq";
}

export function firstMisindentedLine(lines: readonly string[]): Misindented | undefined {
  const levels: Level[] = [{ indent: 0, kind: "map" }];
  /** Set after a line that opens a nested block (`key:` with nothing after it, `- `): the indent of that line. */
  let opener: { indent: number; keyOnly: boolean } | undefined;
  /** Lines deeper than this belong to a block scalar (| or >) and are text. */
  let scalarParent: number | undefined;
  /** Inside a quoted value or bracketed list that spans lines: the character that closes it. */
  let open: { close: string; depth: number } | undefined;

  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.replace(/\r$/, "");
    const content = raw.trimStart();
    if (content === "" || content.startsWith("#")) continue;
    const indent = raw.length - content.length;
    if (scalarParent !== undefined) {
      if (indent > scalarParent) continue;
      scalarParent = undefined;
    }
    if (open) {
      open = scan(content, open);
      continue;
    }
    if (index === 0 && /^(---|%)/.test(content)) continue;
    if (content === "---" || content === "...") continue;

    const isItem = ITEM.test(content);
    const isKey = !isItem && KEY.test(content);
    // A line that is neither a field nor a list item continues the text of the line above.
    if (!isItem && !isKey) continue;

    const kind = isItem ? "seq" : "map";
    if (opener && indent > opener.indent) {
      levels.push({ indent, kind });
    } else if (opener && opener.keyOnly && isItem && indent === opener.indent) {
      // A list written at its key's own indentation (key:\n- item) is valid YAML.
      levels.push({ indent, kind });
    } else {
      const before = [...levels];
      while (levels.length > 1 && levels.at(-1)!.indent > indent) levels.pop();
      const top = levels.at(-1)!;
      if (top.indent !== indent || top.kind !== kind) {
        // A list item may also start where its parent field does (key:\n- item).
        const sameKind = before.filter((level) => level.kind === kind);
        if (!(kind === "seq" && top.indent === indent)) {
          const expected = nearest(sameKind.length ? sameKind : before, indent, lastLevelOf(before, kind));
          return describe(index + 1, indent, expected, indent > expected);
        }
      }
    }
    opener = undefined;

    // What this line opens for the lines after it.
    let rest = content;
    let base = indent;
    if (isItem) {
      rest = content.replace(/^-\s*/, "");
      base = indent + (content.length - rest.length);
      if (rest === "" || rest.startsWith("#")) {
        opener = { indent, keyOnly: false };
        continue;
      }
      if (KEY.test(rest)) levels.push({ indent: base, kind: "map" });
      else {
        open = startOfMultiline(rest);
        continue;
      }
    }
    const value = rest.replace(KEY, "").trim();
    if (value === "" || value.startsWith("#")) opener = { indent: base, keyOnly: true };
    else if (/^[|>][-+0-9]*\s*(#.*)?$/.test(value)) scalarParent = base;
    else open = startOfMultiline(value);
  }
  return undefined;
}

/** The column of the open block nearest to `indent`, preferring the innermost on a tie. */
function nearest(levels: Level[], indent: number, innermost: number | undefined): number {
  return levels
    .map((level) => level.indent)
    .reduce((best, candidate) => {
      const [gap, bestGap] = [Math.abs(candidate - indent), Math.abs(best - indent)];
      return gap < bestGap || (gap === bestGap && candidate === innermost) ? candidate : best;
    });
}

function lastLevelOf(levels: Level[], kind: Level["kind"]): number | undefined {
  return levels.filter((level) => level.kind === kind).at(-1)?.indent;
}

function describe(line: number, indent: number, expected: number, deeper: boolean): Misindented {
  const spaces = (n: number) => `${n} space${n === 1 ? "" : "s"}`;
  return {
    line,
    indent,
    expected,
    message: `This line is indented ${spaces(indent)}, but the field above it is indented ${expected}.`,
    hint: deeper
      ? `YAML reads a line indented deeper than the field above it as part of that field's text. Start it at column ${expected + 1}, like the fields around it, using spaces only.`
      : `Line it up with the other fields of the same item (${spaces(expected)}), using spaces only.`,
  };
}

/** A quoted value or a bracketed list that does not end on its own line. */
function startOfMultiline(value: string): { close: string; depth: number } | undefined {
  const first = value[0];
  if (first === '"' || first === "'") return scan(value.slice(1), { close: first, depth: 1 });
  if (first === "[" || first === "{") return scan(value, { close: first === "[" ? "]" : "}", depth: 0 });
  return undefined;
}

/** Reads on through a multi-line value; undefined once it has closed. */
function scan(text: string, state: { close: string; depth: number }): { close: string; depth: number } | undefined {
  let { depth } = state;
  const quote = state.close === '"' || state.close === "'";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (state.close === '"' && ch === "\\") i++;
      else if (ch === state.close) {
        if (state.close === "'" && text[i + 1] === "'") i++;
        else return undefined;
      }
    } else if (ch === "[" || ch === "{") depth++;
    else if (ch === "]" || ch === "}") {
      if (--depth <= 0) return undefined;
    }
  }
  return { close: state.close, depth };
}
