/**
 * Schedules: `from` and `until` on a section, a card or a banner say when it is on the
 * site, and `hidden` lists windows inside it when it is not (a holiday pause). The pages are
 * static, so an item appears or goes at the first build after its moment; the build's clock
 * is the machine's, or SITE_NOW (tests and previews fix it).
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

/** At most this many hidden windows on one item: more than a year of holidays and closures needs. */
export const MAX_HIDDEN_WINDOWS = 20;

const HIDDEN_FOREVER_HINT =
  "Give the window a from: (the first day hidden), an until: (the last day hidden), or both. To take it off the site for good, remove it, end it with until:, or (a section) mark it draft: true.";

/** A window during which an item is not shown: `{ from, until }`, either left out but not both. */
const hiddenWindow = (what: string) =>
  z
    .strictObject({
      from: moment("from", `The first day ${what} is hidden, like 2026-12-20 (from its start, UTC), or the moment it goes, like 2026-12-19T17:00-05:00.`),
      until: moment(
        "until",
        `The last day ${what} is hidden, like 2027-01-03 (through its end, UTC), or the moment it shows again, like 2027-01-04T09:00-05:00.`,
      ),
    })
    .superRefine((value, ctx) => {
      if (value.from === undefined && value.until === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `A hidden window with neither from nor until would hide ${what} for good.`,
          params: { code: "hidden-forever", hint: HIDDEN_FOREVER_HINT },
          input: value,
        });
        return;
      }
      windowOrder(value, ctx, `until: ${value.until} ends this hidden window no later than from: ${value.from} starts it, so it would hide nothing.`);
    })
    .meta({ title: "Hidden window", description: `A time ${what} is not shown: from its first day, until its last.`, minProperties: 1 });

/** The schedule fields (from, until, hidden), spread into a strict object's shape. */
export const schedule = (what: string) => ({
  from: moment("from", `When ${what} appears, like 2026-12-01 (the whole day, UTC) or 2026-12-01T09:00-05:00. Shown from the first build after it.`),
  until: moment("until", `The last day ${what} is shown, like 2026-12-31 (through its end, UTC), or the moment it goes, like 2026-12-31T17:00-05:00.`),
  hidden: z
    .array(hiddenWindow(what))
    .superRefine((windows, ctx) => {
      if (windows.length <= MAX_HIDDEN_WINDOWS) return;
      ctx.addIssue({
        code: "custom",
        message: `${capitalize(what)} has ${windows.length} hidden windows; at most ${MAX_HIDDEN_WINDOWS} are allowed.`,
        params: {
          code: "too-many",
          hint: "Merge windows that touch or overlap into one, remove those that have passed, or use from: and until: for the time it is shown.",
        },
      });
    })
    .meta({ maxItems: MAX_HIDDEN_WINDOWS })
    .optional()
    .meta({
      description: `Times ${what} is not shown, like a holiday pause: a list of windows, each like { from: 2026-12-20, until: 2027-01-03 }; a window may leave out from or until, not both. At most ${MAX_HIDDEN_WINDOWS}.`,
    }),
});

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Refuses a window whose until is not after its from, at the until line. */
function windowOrder(value: { from?: unknown; until?: unknown }, ctx: z.RefinementCtx, message: string): void {
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
    message,
    params: {
      code: "schedule-order",
      hint: "Make until later than from (until: 2026-12-31 holds through the end of that day), or swap the two if they are the wrong way round.",
    },
    input: value.until,
  });
}

/**
 * The check for an object with a schedule: its `until` must come after its `from`, or the item
 * would never be on the site while `npm run validate` announced it (at the `until` line); and
 * its hidden windows must leave some of that time (at the `hidden` line).
 */
export const scheduleOrder =
  (what: string) =>
  (value: { from?: unknown; until?: unknown; hidden?: unknown }, ctx: z.RefinementCtx): void => {
    windowOrder(value, ctx, `until: ${value.until} ends ${what} no later than from: ${value.from} starts it, so it would never be shown.`);
    if (!Array.isArray(value.hidden) || value.hidden.length === 0) return;
    const spans = writtenSpans(value);
    // Not every moment is one, or a window is empty or backwards: each is reported at its own line.
    if (spans === undefined || spans.length > 0) return;
    if (value.hidden.some((window) => (window as Window).from === undefined && (window as Window).until === undefined)) return;
    if (!spansOf({ from: value.from as string | undefined, until: value.until as string | undefined }).length) return;
    ctx.addIssue({
      code: "custom",
      path: ["hidden"],
      message: `hidden: covers every moment ${what} would be shown, so it would never be shown.`,
      params: { code: "hidden-forever", hint: HIDDEN_FOREVER_HINT },
      input: value.hidden,
    });
  };

/** A window during which an item is hidden, as written. */
export interface HiddenWindow {
  from?: string;
  until?: string;
}

/** An item's schedule as written: shown from `from` until `until`, except during its `hidden` windows. */
export interface Window {
  from?: string;
  until?: string;
  hidden?: readonly HiddenWindow[];
}

/** A stretch of time, from `start` (included) to `end` (excluded), in ms; open ends are infinite. */
export interface Span {
  start: number;
  end: number;
}

/** Whether the schedule says anything: from, until, or a hidden window. */
export const isScheduled = (window: Window): boolean => window.from !== undefined || window.until !== undefined || (window.hidden?.length ?? 0) > 0;

const startOf = (moment: string | undefined) => (moment === undefined ? -Infinity : momentOf(moment, "from"));
const endOf = (moment: string | undefined) => (moment === undefined ? Infinity : momentOf(moment, "until"));

/**
 * When an item is shown, in order: its window (from, until) less its hidden windows. Empty when it
 * never is. Throws, as momentOf does, when a moment is not one.
 */
export function spansOf(window: Window): Span[] {
  const start = startOf(window.from);
  const end = endOf(window.until);
  let spans: Span[] = start < end ? [{ start, end }] : [];
  for (const hidden of window.hidden ?? []) {
    const from = startOf(hidden.from);
    const until = endOf(hidden.until);
    // A backwards window hides nothing (and is refused at its line).
    if (from >= until) continue;
    spans = spans.flatMap((span) => [
      ...(span.start < Math.min(span.end, from) ? [{ start: span.start, end: Math.min(span.end, from) }] : []),
      ...(Math.max(span.start, until) < span.end ? [{ start: Math.max(span.start, until), end: span.end }] : []),
    ]);
  }
  return spans;
}

/**
 * spansOf for an item as written, which may be invalid (checks that run whatever else is wrong):
 * undefined when its schedule is not well formed, which is reported where it is written.
 */
export function writtenSpans(item: unknown): Span[] | undefined {
  if (!item || typeof item !== "object") return spansOf({});
  const { from, until, hidden } = item as Record<string, unknown>;
  const isMoment = (value: unknown) => value === undefined || typeof value === "string";
  if (!isMoment(from) || !isMoment(until)) return undefined;
  if (hidden !== undefined && !Array.isArray(hidden)) return undefined;
  const windows = (hidden as unknown[] | undefined) ?? [];
  if (!windows.every((window) => !!window && typeof window === "object" && isMoment((window as Window).from) && isMoment((window as Window).until)))
    return undefined;
  try {
    return spansOf({ from: from as string | undefined, until: until as string | undefined, hidden: windows as HiddenWindow[] });
  } catch {
    return undefined;
  }
}

/** The first moment two items are both shown, -Infinity if they always were, undefined if never. */
export function firstOverlap(a: readonly Span[], b: readonly Span[]): number | undefined {
  let first: number | undefined;
  for (const one of a)
    for (const other of b) {
      const start = Math.max(one.start, other.start);
      if (start < Math.min(one.end, other.end) && (first === undefined || start < first)) first = start;
    }
  return first;
}

/** Whether an item with this schedule is on the site at `now`. */
export function isLive(window: Window, now: number): boolean {
  return spansOf(window).some((span) => span.start <= now && now < span.end);
}

/** Before its first showing, shown, hidden for a while (it shows again later), or never again. */
export type ScheduleState = "upcoming" | "live" | "paused" | "ended";

export function stateOf(window: Window, now: number): ScheduleState {
  const spans = spansOf(window);
  if (spans.some((span) => span.start <= now && now < span.end)) return "live";
  if (!spans.some((span) => span.start > now)) return "ended";
  return spans.some((span) => span.end <= now) ? "paused" : "upcoming";
}

/** The next moment after `now` at which this item appears or goes, if any: its window's edges and its hidden windows'. */
export function nextChange(window: Window, now: number): number | undefined {
  const moments = spansOf(window)
    .flatMap((span) => [span.start, span.end])
    .filter((moment) => Number.isFinite(moment) && moment > now);
  return moments.length ? Math.min(...moments) : undefined;
}

/** A moment as the listing and the problems write it: 2026-12-01T00:00Z. */
export const formatMoment = (ms: number): string => new Date(ms).toISOString().replace(/:00\.000Z$/, "Z");

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
  /** Its hidden windows, as written. */
  hidden?: HiddenWindow[];
  state: ScheduleState;
  /** The next moment it appears, goes or comes back, in ms, if any. */
  next?: number;
}

/** from and until, as the listing writes them: "from 2026-11-01 until 2026-12-31". */
const edges = (window: HiddenWindow) => [window.from && `from ${window.from}`, window.until && `until ${window.until}`].filter(Boolean).join(" ");

/** The listing `npm run validate` prints: every scheduled item, what is live, when a paused one comes back, and the next change. */
export function formatSchedule(items: readonly ScheduledItem[], now: Date): string {
  if (items.length === 0) return "";
  const lines = items.map((item) => {
    const window = [edges(item), ...(item.hidden ?? []).map((hidden) => `hidden ${edges(hidden)}`)].filter(Boolean).join("; ");
    const back = item.state === "paused" && item.next !== undefined ? `  back at ${formatMoment(item.next)}` : "";
    return `  ${item.state.padEnd(8)} ${item.file}:${item.line}:${item.col}  ${item.label}  (${window})${back}`;
  });
  const live = items.filter((item) => item.state === "live").length;
  const upcoming = items
    .filter((item) => item.next !== undefined)
    .sort((a, b) => a.next! - b.next!)
    .at(0);
  const change: Record<ScheduleState, string> = { live: "goes", paused: "comes back", upcoming: "appears", ended: "appears" };
  const next = upcoming
    ? `Next change: ${formatMoment(upcoming.next!)}, when ${upcoming.label} ${change[upcoming.state]}. The site changes at the first build after it: rebuild daily (docs/scheduled-builds.md).`
    : "No scheduled change ahead.";
  return [`Scheduled (${items.length}, ${live} live now at ${now.toISOString().replace(/\.000Z$/, "Z")}):`, ...lines, next].join("\n");
}
