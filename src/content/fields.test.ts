import { describe, expect, it } from "vitest";
import { isoDate, validUntil } from "./fields.ts";

describe("dates", () => {
  it.each([
    ["isoDate", isoDate("A day.")],
    ["validUntil", validUntil()],
  ])("%s: a date not written as year-month-day is one problem, and a date that does not exist another", (_name, schema) => {
    const messages = (value: string) => schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages("Dec 31")).toEqual([expect.stringMatching(/^Expected a date like/)]);
    expect(messages("2026-02-30")).toEqual(["This date does not exist."]);
    expect(schema.safeParse("2026-02-28").success).toBe(true);
  });
});
