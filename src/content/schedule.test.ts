import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { loadContent } from "../site/load.ts";
import { buildClock, formatSchedule, isLive, MAX_HIDDEN_WINDOWS, momentOf, nextChange, stateOf, type Window } from "./schedule.ts";

const page = (sections: string) =>
  `routes:\n  - path: /\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n${sections}  - path: "*"\n    title: T\n    description: D\n    sections:\n      - type: hero\n        heading: H\n`;
const cta = (heading: string, schedule: string) =>
  `      - type: cta\n        heading: ${heading}\n${schedule}        actions:\n          - label: Go\n            to: booking\n`;
const load = (pages: string, now: string) => loadFixture({ "pages.yaml": pages }, { now: new Date(now) });
const headings = (result: ReturnType<typeof load>) => result.content?.pages[0]?.sections.map((section) => ("heading" in section ? section.heading : undefined));

describe("momentOf", () => {
  it("reads a day as a whole day in UTC, and a time with its offset", () => {
    expect(new Date(momentOf("2026-12-01", "from")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(new Date(momentOf("2026-12-31", "until")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(new Date(momentOf("2026-12-01T09:00-05:00", "from")).toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(new Date(momentOf("2026-12-01T09:00:30Z", "until")).toISOString()).toBe("2026-12-01T09:00:30.000Z");
  });

  it.each([
    ["2026-02-30", "2026-02-30 is not a date."],
    ["2026-13-01", "2026-13-01 is not a date."],
    ["2026-12-01T09:00", "A time needs its offset from UTC"],
    ["2026-12-01T25:00Z", "25:00 is not a time of day."],
    ["2026-12-01T09:00+15:00", "+15:00 is not an offset from UTC."],
    ["December 1", "Expected a date like 2026-12-01"],
  ])("refuses %s", (value, message) => {
    expect(() => momentOf(value, "from")).toThrow(message);
  });

  it("takes the build clock from SITE_NOW, and refuses one that is not a moment", () => {
    expect(buildClock("2026-11-23T12:00Z").toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(() => buildClock("tomorrow")).toThrow(/SITE_NOW="tomorrow" is not a moment/);
  });
});

describe("schedules", () => {
  const pages = page(
    cta("Past", "        until: 2026-08-31\n") +
      cta("Now", "        from: 2026-11-01\n        until: 2026-11-30\n") +
      cta("Later", "        from: 2026-12-01T09:00-05:00\n") +
      cta("Always", ""),
  );

  it("leaves a section out of the page outside its window, by the clock it is given", () => {
    expect(headings(load(pages, "2026-11-23T12:00Z"))).toEqual(["H", "Now", "Always"]);
    expect(headings(load(pages, "2026-12-01T13:59Z"))).toEqual(["H", "Always"]);
    expect(headings(load(pages, "2026-12-01T14:00Z"))).toEqual(["H", "Later", "Always"]);
    expect(headings(load(pages, "2026-08-31T23:59Z"))).toEqual(["H", "Past", "Always"]);
  });

  it("keeps the schedule fields out of what the page receives", () => {
    const section = load(pages, "2026-11-23T12:00Z").content?.pages[0]?.sections[1];
    expect(section).toEqual({ type: "cta", heading: "Now", actions: [{ label: "Go", to: expect.objectContaining({ kind: "target" }), variant: "primary" }] });
  });

  it("lists what is scheduled, what is live, and the next change", () => {
    const now = new Date("2026-11-23T12:00Z");
    const { content } = load(pages, now.toISOString());
    const onThisPage = content!.schedule.filter((item) => item.file === "pages.yaml");
    expect(formatSchedule(onThisPage, now)).toBe(
      [
        "Scheduled (3, 1 live now at 2026-11-23T12:00:00Z):",
        '  ended    pages.yaml:8:9  / cta "Past"  (until 2026-08-31)',
        '  live     pages.yaml:14:9  / cta "Now"  (from 2026-11-01 until 2026-11-30)',
        '  upcoming pages.yaml:21:9  / cta "Later"  (from 2026-12-01T09:00-05:00)',
        'Next change: 2026-12-01T00:00Z, when / cta "Now" goes. The site changes at the first build after it: rebuild daily (docs/scheduled-builds.md).',
      ].join("\n"),
    );
  });

  it("refuses a date that does not exist at its line", () => {
    const { content, problems } = load(page(cta("Feb", "        from: 2026-02-30\n")), "2026-11-23T12:00Z");
    expect(content).toBeUndefined();
    expect(problems).toContainEqual(
      expect.objectContaining({ code: "bad-date", line: 10, col: 15, path: "routes[0].sections[1].from", message: "2026-02-30 is not a date." }),
    );
  });

  it("refuses a schedule on the hero, which holds the page's main heading", () => {
    const { problems } = load(page("").replace("        heading: H\n", "        heading: H\n        until: 2026-12-31\n"), "2026-11-23T12:00Z");
    expect(problems).toContainEqual(expect.objectContaining({ code: "invalid-combination", line: 8, path: "routes[0].sections[0].until" }));
  });

  it("leaves out a card outside its window, and a cards section with no card left", () => {
    const card = (title: string, schedule: string) => `          - title: ${title}\n            description: D\n${schedule}`;
    const cards = (items: string) => `      - type: cards\n        heading: Cards\n        items:\n${items}`;
    const { content } = load(
      page(cards(card("Gone", "            until: 2026-01-31\n") + card("Kept", "")) + cards(card("Soon", "            from: 2099-01-01\n"))),
      "2026-11-23T12:00Z",
    );
    const sections = content!.pages[0]!.sections;
    expect(sections.map((section) => section.type)).toEqual(["hero", "cards"]);
    expect(sections[1]).toMatchObject({ items: [{ title: "Kept", description: "D" }] });
  });

  it("no longer shows an offer whose validUntil has passed, and says so at its line", () => {
    const offer = `      - type: offer\n        title: Course\n        price: 497\n        validUntil: 2026-10-31\n        action:\n          label: Enroll\n          to: course\n`;
    const { content, problems } = load(page(offer), "2026-11-23T12:00Z");
    expect(content!.pages[0]!.sections.map((section) => section.type)).toEqual(["hero"]);
    expect(problems).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "date-passed",
        line: 11,
        message: "This offer was valid until 2026-10-31, which has passed: it is no longer shown.",
      }),
    );
  });

  it("builds the fixture's scheduled page as the fixture build's clock shows it", () => {
    const { content } = loadContent(SPEC_SITE, { now: new Date("2026-11-23T12:00Z") });
    const page = content!.pages.find((candidate) => candidate.path === "/whats-new")!;
    expect(page.sections.map((section) => section.id ?? section.type)).toEqual(["hero", "this-season", "newsletter"]);
    expect(page.sections[1]).toMatchObject({ items: [{ title: "Year-end planning sessions" }, { title: "Estimated tax reminders" }] });
  });
});

describe("an offer past its until", () => {
  it("is no longer shown, and a warning says so at its line", () => {
    const offer = `      - type: offer\n        title: Course\n        price: 497\n        until: 2026-10-31\n        action:\n          label: Enroll\n          to: course\n`;
    const { content, problems } = load(page(offer), "2026-11-23T12:00Z");
    expect(content!.pages[0]!.sections.map((section) => section.type)).toEqual(["hero"]);
    expect(problems).toContainEqual(
      expect.objectContaining({ severity: "warning", code: "date-passed", line: 11, col: 16, path: "routes[0].sections[1].until" }),
    );
  });
});

describe("hidden windows", () => {
  const at = (moment: string) => new Date(moment).getTime();
  const holidays: Window = { hidden: [{ from: "2026-12-20", until: "2027-01-03" }] };

  it("take an always-on item off the site from the first day of a window through its last", () => {
    expect(
      ["2026-12-19T23:59Z", "2026-12-20T00:00Z", "2027-01-03T23:59Z", "2027-01-04T00:00Z"].map((moment) => [
        isLive(holidays, at(moment)),
        stateOf(holidays, at(moment)),
      ]),
    ).toEqual([
      [true, "live"],
      [false, "paused"],
      [false, "paused"],
      [true, "live"],
    ]);
  });

  it("give the next change at their edges, for the daily rebuild", () => {
    expect(new Date(nextChange(holidays, at("2026-11-23T12:00Z"))!).toISOString()).toBe("2026-12-20T00:00:00.000Z");
    expect(new Date(nextChange(holidays, at("2026-12-25T12:00Z"))!).toISOString()).toBe("2027-01-04T00:00:00.000Z");
    expect(nextChange(holidays, at("2027-01-05T00:00Z"))).toBeUndefined();
    // A window with a time of day, and several windows: the nearest edge.
    const twice: Window = {
      hidden: [
        { from: "2026-12-24T12:00-05:00", until: "2026-12-26" },
        { from: "2026-11-26", until: "2026-11-27" },
      ],
    };
    expect(new Date(nextChange(twice, at("2026-11-23T12:00Z"))!).toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(new Date(nextChange(twice, at("2026-11-28T12:00Z"))!).toISOString()).toBe("2026-12-24T17:00:00.000Z");
  });

  it("combine with from and until: an open end, or a window outside the item's own, changes nothing outside them", () => {
    const season: Window = { from: "2026-11-01", until: "2026-12-31", hidden: [{ until: "2026-11-15" }, { from: "2027-02-01", until: "2027-02-28" }] };
    expect(stateOf(season, at("2026-11-10T00:00Z"))).toBe("upcoming");
    expect(new Date(nextChange(season, at("2026-11-10T00:00Z"))!).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(stateOf(season, at("2026-12-01T00:00Z"))).toBe("live");
    // February's window is after the item's until: its edges are no change.
    expect(nextChange(season, at("2027-01-01T00:00Z"))).toBeUndefined();
    expect(stateOf(season, at("2027-02-10T00:00Z"))).toBe("ended");
    // Hidden from a day on, with no end: the item has ended, it is not paused.
    expect(stateOf({ hidden: [{ from: "2026-12-01" }] }, at("2026-12-10T00:00Z"))).toBe("ended");
  });

  const pause = `        hidden:\n          - { from: 2026-12-20, until: 2027-01-03 }\n`;
  const pages = page(cta("Paused", pause) + cta("Always", ""));

  it("leave a section out of the page while one holds, and keep the field out of what the page receives", () => {
    expect(headings(load(pages, "2026-12-19T23:59Z"))).toEqual(["H", "Paused", "Always"]);
    expect(headings(load(pages, "2026-12-25T12:00Z"))).toEqual(["H", "Always"]);
    expect(headings(load(pages, "2027-01-04T00:00Z"))).toEqual(["H", "Paused", "Always"]);
    expect(load(pages, "2026-11-23T12:00Z").content?.pages[0]?.sections[1]).not.toHaveProperty("hidden");
  });

  it("work on a card and on the banner too", () => {
    const cards = `      - type: cards\n        heading: Cards\n        items:\n          - title: Paused\n            description: D\n            hidden:\n              - { from: 2026-11-20, until: 2026-11-29 }\n          - title: Kept\n            description: D\n`;
    const banner = `banner:\n  text: Open all week.\n  hidden:\n    - { from: 2026-11-20, until: 2026-11-29 }\n`;
    const site = `${readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8")
      .replace(/\n(# [^\n]*\n)*banner:\n( {2}[^\n]*\n)*/, "\n")
      .trimEnd()}\n${banner}`;
    const during = loadFixture({ "pages.yaml": page(cards), "content/site.yaml": site }, { now: new Date("2026-11-23T12:00Z") });
    expect(during.content!.pages[0]!.sections[1]).toMatchObject({ items: [{ title: "Kept" }] });
    expect(during.content!.pages[0]!.sections[1]).not.toHaveProperty("items.0.hidden");
    expect(during.content!.pages[0]!.banner).toBeUndefined();
    const after = loadFixture({ "pages.yaml": page(cards), "content/site.yaml": site }, { now: new Date("2026-11-30T00:00Z") });
    expect(after.content!.pages[0]!.sections[1]).toMatchObject({ items: [{ title: "Paused" }, { title: "Kept" }] });
    expect(after.content!.pages[0]!.banner).toMatchObject({ text: "Open all week." });
  });

  it("are listed: a paused item says when it comes back, and the next change is when one does", () => {
    const now = new Date("2026-12-25T12:00Z");
    const { content } = load(page(cta("Paused", pause) + cta("Season", "        from: 2026-11-01\n        until: 2027-03-31\n" + pause)), now.toISOString());
    const onThisPage = content!.schedule.filter((item) => item.file === "pages.yaml");
    expect(formatSchedule(onThisPage, now)).toBe(
      [
        "Scheduled (2, 0 live now at 2026-12-25T12:00:00Z):",
        '  paused   pages.yaml:8:9  / cta "Paused"  (hidden from 2026-12-20 until 2027-01-03)  back at 2027-01-04T00:00Z',
        '  paused   pages.yaml:15:9  / cta "Season"  (from 2026-11-01 until 2027-03-31; hidden from 2026-12-20 until 2027-01-03)  back at 2027-01-04T00:00Z',
        'Next change: 2027-01-04T00:00Z, when / cta "Paused" comes back. The site changes at the first build after it: rebuild daily (docs/scheduled-builds.md).',
      ].join("\n"),
    );
  });

  it("refuse a window's mistakes at their line: a date that is not one, a window that ends before it starts", () => {
    const written = page(
      cta("Pause", `        hidden:\n          - { from: 2026-12-20, until: 2026-02-30 }\n          - from: 2026-12-20\n            until: 2026-12-19\n`),
    );
    const { content, problems } = load(written, "2026-11-23T12:00Z");
    expect(content).toBeUndefined();
    expect(problems.map(({ code, line, col, path }) => ({ code, line, col, path }))).toEqual([
      { code: "bad-date", line: 11, col: 40, path: "routes[0].sections[1].hidden[0].until" },
      { code: "schedule-order", line: 13, col: 20, path: "routes[0].sections[1].hidden[1].until" },
    ]);
    expect(problems[1]!.message).toBe("until: 2026-12-19 ends this hidden window no later than from: 2026-12-20 starts it, so it would hide nothing.");
  });

  it("refuse a window with neither from nor until, which would hide the item for good, at its line", () => {
    const { problems } = load(page(cta("Pause", `        hidden:\n          - { from: 2026-12-20 }\n          - {}\n`)), "2026-11-23T12:00Z");
    expect(problems).toEqual([
      expect.objectContaining({
        code: "hidden-forever",
        line: 12,
        col: 13,
        path: "routes[0].sections[1].hidden[1]",
        message: "A hidden window with neither from nor until would hide the section for good.",
        hint: expect.stringContaining("draft: true"),
      }),
    ]);
  });

  it("refuse windows that cover the whole of the item's own, at the list", () => {
    const schedule = `        from: 2026-12-01\n        until: 2026-12-31\n        hidden:\n          - { until: 2026-12-15 }\n          - { from: 2026-12-10, until: 2027-01-31 }\n`;
    const { problems } = load(page(cta("Pause", schedule)), "2026-11-23T12:00Z");
    expect(problems).toEqual([expect.objectContaining({ code: "hidden-forever", line: 13, col: 11, path: "routes[0].sections[1].hidden" })]);
  });

  it(`refuse more than ${MAX_HIDDEN_WINDOWS} windows on one item`, () => {
    const windows = Array.from(
      { length: MAX_HIDDEN_WINDOWS + 1 },
      (_, index) => `          - { from: 2027-01-${String(index + 1).padStart(2, "0")}, until: 2027-01-${String(index + 1).padStart(2, "0")} }\n`,
    );
    const { problems } = load(page(cta("Pause", `        hidden:\n${windows.join("")}`)), "2026-11-23T12:00Z");
    expect(problems).toEqual([
      expect.objectContaining({
        code: "too-many",
        line: 11,
        col: 11,
        path: "routes[0].sections[1].hidden",
        message: `The section has 21 hidden windows; at most ${MAX_HIDDEN_WINDOWS} are allowed.`,
      }),
    ]);
  });

  it("refuse hidden: on the hero, which holds the page's main heading", () => {
    const { problems } = load(page("").replace("        heading: H\n", `        heading: H\n${pause}`), "2026-11-23T12:00Z");
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: "invalid-combination",
        line: 9,
        path: "routes[0].sections[0].hidden",
        message: expect.stringContaining("A hero is never hidden"),
      }),
    );
  });

  it("build the fixture's page as each moment shows it: paused sections out, the holiday version of #this-season in their place", () => {
    const sections = (now: string) =>
      loadContent(SPEC_SITE, { now: new Date(now) })
        .content!.pages.find((candidate) => candidate.path === "/whats-new")!
        .sections.map((section) => `${section.id ?? section.type} ${section.type}`);
    expect(sections("2026-11-23T12:00Z")).toEqual(["hero hero", "this-season cards", "newsletter cta"]);
    expect(sections("2026-12-01T00:00Z")).toEqual(["hero hero", "this-season cards", "walk-in-hours cta", "newsletter cta"]);
    expect(sections("2026-12-25T12:00Z")).toEqual(["hero hero", "this-season cta", "newsletter cta"]);
  });
});
