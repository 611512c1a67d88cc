/**
 * Schedules: `from` and `until` on a section, a card or a banner say when it is on the
 * site. The pages are static, so an item appears or goes at the first build after its
 * moment; the build's clock is the machine's, or SITE_NOW (tests and previews fix it).
 */
import { z } from "zod";

/** 2026-12-01, or 2026-12-01T09:00-05:00 (seconds optional; Z or an offset required with a time). */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;

export type Edge = "from" | "until";

/**
 * The instant a `from` or `until` stands for, in milliseconds since 1970. A day alone
 * is whole, in UTC: `from: 2026-12-01` starts at its first moment, `until: 2026-12-31`
 * holds through its last (the item goes at 2027-01-01T00:00Z). A time is exact.
 * Throws with the reason when the value is not a real moment.
 */
export function momentOf(value: string, edge: Edge): number {
  const match = MOMENT.exec(value);
  if (!match) throw new Error("Expected a date like 2026-12-01, or a date and time with its offset like 2026-12-01T09:00-05:00.");
  const [, year, month, day, hours, minutes, seconds, zone] = match;
  const date = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (new Date(date).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) throw new Error(`${value.slice(0, 10)} is not a date.`);
  if (hours === undefined) return edge === "until" ? date + DAY : date;
  if (zone === undefined) throw new Error("A time needs its offset from UTC, like 2026-12-01T09:00-05:00 (Eastern) or 2026-12-01T14:00Z.");
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) throw new Error(`${hours}:${minutes} is not a time of day.`);
  const offset = zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  if (Math.abs(offset) > 14 * 60 || Number(zone.slice(4, 6) || 0) > 59) throw new Error(`${zone} is not an offset from UTC.`);
  return date + ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds ?? 0)) * 1000 - offset * 60_000;
}

const DAY = 86_400_000;

const moment = (edge: Edge, description: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      try {
        momentOf(value, edge);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: (error as Error).message,
          params: {
            code: "bad-date",
            hint: "Write year-month-day (2026-12-01); for a time, add it with its offset from UTC: 2026-12-01T09:00-05:00. 2026-02-30 is not a date.",
          },
          input: value,
        });
      }
    })
    .optional()
    .meta({ description });

/** The two schedule fields, spread into a strict object's shape. */
export const schedule = (what: string) => ({
  from: moment("from", `When ${what} appears, like 2026-12-01 (the whole day, UTC) or 2026-12-01T09:00-05:00. Shown from the first build after it.`),
  until: moment("until", `The last day ${what} is shown, like 2026-12-31 (through its end, UTC), or the moment it goes, like 2026-12-31T17:00-05:00.`),
});

/**
 * The check for an object with a schedule: its `until` must come after its `from`, or the item
 * would never be on the site while `npm run validate` announced it. At the `until` line.
 */
export const scheduleOrder =
  (what: string) =>
  (value: { from?: unknown; until?: unknown }, ctx: z.RefinementCtx): void => {
    if (typeof value.from !== "string" || typeof value.until !== "string") return;
    let opens: number;
    let closes: number;
    try {
      opens = momentOf(value.from, "from");
      closes = momentOf(value.until, "until");
    } catch {
      // A moment that is not one is reported at its own line.
      return;
    }
    if (closes > opens) return;
    ctx.addIssue({
      code: "custom",
      path: ["until"],
      message: `until: ${value.until} ends ${what} no later than from: ${value.from} starts it, so it would never be shown.`,
      params: {
        code: "schedule-order",
        hint: "Make until later than from (until: 2026-12-31 holds through the end of that day), or swap the two if they are the wrong way round.",
      },
      input: value.until,
    });
  };

export interface Window {
  from?: string;
  until?: string;
}

/** Whether an item with this window is on the site at `now`. */
export function isLive(window: Window, now: number): boolean {
  return (window.from === undefined || momentOf(window.from, "from") <= now) && (window.until === undefined || now < momentOf(window.until, "until"));
}

export type ScheduleState = "upcoming" | "live" | "ended";

export function stateOf(window: Window, now: number): ScheduleState {
  if (window.from !== undefined && now < momentOf(window.from, "from")) return "upcoming";
  if (window.until !== undefined && now >= momentOf(window.until, "until")) return "ended";
  return "live";
}

/** The next moment after `now` at which this item appears or goes, if any. */
export function nextChange(window: Window, now: number): number | undefined {
  const moments = [window.from && momentOf(window.from, "from"), window.until && momentOf(window.until, "until")].filter(
    (moment): moment is number => typeof moment === "number" && moment > now,
  );
  return moments.length ? Math.min(...moments) : undefined;
}

/**
 * The build's clock: SITE_NOW when set (a date, or a date and time with its offset, as
 * in the content), else the machine's. A SITE_NOW that is not a moment stops the build
 * rather than publishing what another day would show.
 */
export function buildClock(env: string | undefined = process.env.SITE_NOW): Date {
  if (!env) return new Date();
  try {
    return new Date(momentOf(env.trim(), "from"));
  } catch (error) {
    throw new Error(`SITE_NOW=${JSON.stringify(env)} is not a moment: ${(error as Error).message}`);
  }
}

/** One scheduled item, for `npm run validate`'s listing. */
export interface ScheduledItem {
  file: string;
  line: number;
  col: number;
  /** Where it shows and what it is, like "/tax-course offer \"Mastery Course\"" or "banner (every page)". */
  label: string;
  from?: string;
  until?: string;
  state: ScheduleState;
  /** The next moment it appears or goes, in ms, if any. */
  next?: number;
}

/** The listing `npm run validate` prints: every scheduled item, what is live, and the next change. */
export function formatSchedule(items: readonly ScheduledItem[], now: Date): string {
  if (items.length === 0) return "";
  const at = (ms: number) => new Date(ms).toISOString().replace(/:00\.000Z$/, "Z");
  const lines = items.map((item) => {
    const window = [item.from && `from ${item.from}`, item.until && `until ${item.until}`].filter(Boolean).join(" ");
    return `  ${item.state.padEnd(8)} ${item.file}:${item.line}:${item.col}  ${item.label}  (${window})`;
  });
  const live = items.filter((item) => item.state === "live").length;
  const upcoming = items
    .filter((item) => item.next !== undefined)
    .sort((a, b) => a.next! - b.next!)
    .at(0);
  const next = upcoming
    ? `Next change: ${at(upcoming.next!)}, when ${upcoming.label} ${upcoming.state === "upcoming" ? "appears" : "goes"}. The site changes at the first build after it: rebuild daily (docs/scheduled-builds.md).`
    : "No scheduled change ahead.";
  return [`Scheduled (${items.length}, ${live} live now at ${now.toISOString().replace(/\.000Z$/, "Z")}):`, ...lines, next].join("\n");
}
