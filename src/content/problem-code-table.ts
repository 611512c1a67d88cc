/**
 * CONTENT.md's table of problem codes ("Reading an error"), made from the catalogue
 * (problem-codes.ts), so that the guide gives every code with the words and the fix
 * the checks use. `npm run docs` writes it between the two markers below; a test fails
 * when the guide's table differs from what this makes.
 */
import { PROBLEM_CODES } from "./problem-codes.ts";

export const TABLE_START = "<!-- The table below is made from src/content/problem-codes.ts by npm run docs: edit it there. -->";
export const TABLE_END = "<!-- End of the table made by npm run docs. -->";

/** Every code, in the catalogue's order, with what it means and how to fix it. */
export function problemCodeTable(): string {
  return [
    "| code | what it means | how to fix |",
    "|---|---|---|",
    ...Object.entries(PROBLEM_CODES).map(([code, { title, hint }]) => `| \`${code}\` | ${markdownCell(title)} | ${markdownCell(hint)} |`),
  ].join("\n");
}

/** The guide with the table between its markers made afresh; the rest of it as it is. */
export function withProblemCodeTable(guide: string): string {
  const start = guide.indexOf(TABLE_START);
  const end = guide.indexOf(TABLE_END, start);
  if (start < 0 || end < 0) throw new Error(`CONTENT.md has lost the markers around its table of problem codes: ${TABLE_START} and ${TABLE_END}`);
  return `${guide.slice(0, start + TABLE_START.length)}\n\n${problemCodeTable()}\n\n${guide.slice(end)}`;
}

/**
 * Catalogue text as a table cell that shows as written: the marks of a hint (*emphasis*,
 * [text](/route), /images/<file>) are what to type, not formatting. Spans in backticks
 * stay code; a | would end the cell.
 */
function markdownCell(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*_[\]<>|]/g, "\\$&")))
    .join("");
}
