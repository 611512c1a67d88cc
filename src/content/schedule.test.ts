import { describe, expect, it } from "vitest";
import { loadFixture, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import { loadContent } from "../site/load.ts";
import { buildClock, formatSchedule, momentOf } from "./schedule.ts";

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
