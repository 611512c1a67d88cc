/** A year-month-day date as the page's locale writes it: September 15, 2026; 15 de septiembre de 2026. */
export function formatDate(date: string, locale: string): string {
  // Read and written in UTC, so the day never shifts with the reader's time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
