import { describe, expect, it } from "vitest";
import { ENQUIRY_ANSWERS } from "~/i18n/enquiry.server";
import { detailRule, teamToday } from "./schema.server";

const en = ENQUIRY_ANSWERS.en.details;
const hr = ENQUIRY_ANSWERS.hr.details;
const verdict = (rule: ReturnType<typeof detailRule>, value: string) => {
  const result = rule.safeParse(value);
  return result.success ? "ok" : result.error.issues[0]!.message;
};

describe("an optional detail's rule, by its kind", () => {
  it("accepts it left empty, whatever its kind", () => {
    for (const check of [
      { kind: "text" as const },
      { kind: "integer" as const, min: 1, max: 500 },
      { kind: "oneOf" as const, options: ["a"] },
      { kind: "day" as const, notPast: true },
    ])
      expect(verdict(detailRule({ max: 10, check }, "X", en), "")).toBe("ok");
  });

  it("a whole number within its range, named by its label in the visitor's language", () => {
    const guests = detailRule({ max: 9, check: { kind: "integer", min: 1, max: 500 } }, "Guests", en);
    expect(verdict(guests, "12")).toBe("ok");
    expect(verdict(guests, "500")).toBe("ok");
    for (const bad of ["0", "501", "1.5", "-3", "12a", " 1e2"])
      expect(verdict(guests, bad)).toBe("Please give “Guests” as a number from 1 to 500.");
    const gosti = detailRule({ max: 3, check: { kind: "integer", min: 1, max: 500 } }, "Broj gostiju", hr);
    expect(verdict(gosti, "900")).toBe("Upišite „Broj gostiju” kao broj od 1 do 500.");
  });

  it("one of its list, and nothing else", () => {
    const budget = detailRule(
      { max: 20, check: { kind: "oneOf", options: ["under-1000", "1000-5000"] } },
      "Budget",
      en,
    );
    expect(verdict(budget, "1000-5000")).toBe("ok");
    expect(verdict(budget, "a million")).toBe("Please choose “Budget” from the list.");
  });

  it("a real day, from today on in Split's time zone", () => {
    const today = () => "2026-11-26";
    const date = detailRule({ max: 10, check: { kind: "day", notPast: true } }, "Date", en, today);
    expect(verdict(date, "2026-11-26")).toBe("ok");
    expect(verdict(date, "2027-02-28")).toBe("ok");
    for (const bad of ["2026-11-25", "2027-02-30", "26.11.2026", "tomorrow"])
      expect(verdict(date, bad)).toBe("Please give “Date” as a date from today on.");
    // Split is an hour or two ahead of UTC: at 23:30 UTC it is already tomorrow there.
    expect(teamToday(new Date("2026-11-26T23:30:00Z"))).toBe("2026-11-27");
  });

  it("refuses a value over its bound, never cuts it", () => {
    const note = detailRule({ max: 5, check: { kind: "text" } }, "Venue", en);
    expect(verdict(note, "Hvar!")).toBe("ok");
    expect(verdict(note, "Hvar island")).toBe("Please keep “Venue” under 5 characters.");
  });
});
