/** One formatter per locale: making one costs more than formatting with it, and an article list formats a date per article. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A year-month-day date as the page's locale writes it: September 15, 2026; 15 de septiembre de 2026. */
export function formatDate(date: string, locale: string): string {
  let format = formats.get(locale);
  // Read and written in UTC, so the day never shifts with the reader's time zone.
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" })));
  return format.format(new Date(`${date}T00:00:00Z`));
}
