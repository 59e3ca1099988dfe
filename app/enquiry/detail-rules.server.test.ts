import { describe, expect, it } from "vitest";
import { ENQUIRY_ANSWERS } from "~/i18n/enquiry.server";
import { teamDay } from "~/utils/team-time";
import { detailRule, normalizeDetail, parseEnquiry } from "./schema.server";

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
      { kind: "day" as const, notPast: true, withinDays: 731 },
      { kind: "time" as const },
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
    expect(teamDay(new Date("2026-11-26T23:30:00Z"))).toBe("2026-11-27");
  });

  it("refuses a value over its bound, never cuts it", () => {
    const note = detailRule({ max: 5, check: { kind: "text" } }, "Venue", en);
    expect(verdict(note, "Hvar!")).toBe("ok");
    expect(verdict(note, "Hvar island")).toBe("Please keep “Venue” under 5 characters.");
  });

  it("a day within its horizon: two years ahead is the last one", () => {
    const today = () => "2026-11-26";
    const date = detailRule({ max: 12, check: { kind: "day", notPast: true, withinDays: 731 } }, "Date", en, today);
    expect(verdict(date, "2028-11-26")).toBe("ok");
    expect(verdict(date, "2028-11-27")).toBe("Please give “Date” as a date within the next two years.");
    expect(verdict(date, "9999-12-31")).toBe("Please give “Date” as a date within the next two years.");
    expect(verdict(date, "2026-11-25")).toBe("Please give “Date” as a date from today on.");
  });

  it("a time of day, 00:00 to 23:59", () => {
    const time = detailRule({ max: 5, check: { kind: "time" } }, "Time", en);
    for (const good of ["00:00", "09:05", "23:59"]) expect(verdict(time, good)).toBe("ok");
    for (const bad of ["24:00", "9:5", "12:60", "noon", "1pm"])
      expect(verdict(time, bad)).toBe("Please give “Time” as a time of day, such as 22:30.");
    const vrijeme = detailRule({ max: 5, check: { kind: "time" } }, "Sat", hr);
    expect(verdict(vrijeme, "25:00")).toBe("Upišite „Sat” kao vrijeme, npr. 22:30.");
  });
});

describe("a day or a time as people type them", () => {
  const day = { kind: "day" as const, notPast: true };
  it("reads the Croatian way of writing a day (and slashes) as the form's layout", () => {
    expect(normalizeDetail(day, "24.12.2026.")).toBe("2026-12-24");
    expect(normalizeDetail(day, "4.7.2027")).toBe("2027-07-04");
    expect(normalizeDetail(day, "04/07/2027")).toBe("2027-07-04");
    expect(normalizeDetail(day, "2027-07-04")).toBe("2027-07-04");
    expect(normalizeDetail(day, "next friday")).toBe("next friday");
  });
  it("reads 21.30, 21h and 9:05 as times", () => {
    const time = { kind: "time" as const };
    expect(normalizeDetail(time, "21.30")).toBe("21:30");
    expect(normalizeDetail(time, "21h")).toBe("21:00");
    expect(normalizeDetail(time, "9:05")).toBe("09:05");
    expect(normalizeDetail(time, "late")).toBe("late");
  });
});

describe("an enquiry with its booking details (the contact form's fields)", () => {
  const base = {
    name: "Ana",
    email: "ana@example.com",
    number: "+385 91 234 5678",
    category: "Event organization",
    message: "A birthday.",
  };
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return data;
  };
  const nextYear = `${Number(teamDay().slice(0, 4)) + 1}-06-15`;

  it("sends exactly as before when the details are skipped (sent empty or not at all)", () => {
    const skipped: Record<string, string>[] = [
      {},
      { event_date: "", event_time: "", guests: "", budget: "", city: "" },
      { event_date: "", event_time: "", guests: "", budget: "", city: "split" },
    ];
    for (const extra of skipped) {
      const parsed = parseEnquiry(form({ ...base, ...extra }), "en");
      const { number, ...rest } = base;
      expect(parsed.ok && parsed.enquiry).toEqual({ ...rest, phone: number, language: "en" });
    }
  });

  it("keeps a city chosen, and Split beside any other detail", () => {
    expect(parseEnquiry(form({ ...base, city: "zrce" }), "en")).toMatchObject({ ok: true, enquiry: { city: "zrce" } });
    expect(parseEnquiry(form({ ...base, city: "split", guests: "4" }), "en")).toMatchObject({
      ok: true,
      enquiry: { city: "split", guests: "4" },
    });
  });

  it("keeps every detail given, normalized", () => {
    const parsed = parseEnquiry(
      form({
        ...base,
        event_date: nextYear.split("-").reverse().join(".") + ".",
        event_time: "21h",
        guests: "40",
        budget: "3000-10000",
        city: "hvar",
      }),
      "hr",
    );
    expect(parsed.ok && parsed.enquiry).toMatchObject({
      event_date: nextYear,
      event_time: "21:00",
      guests: "40",
      budget: "3000-10000",
      city: "hvar",
    });
  });

  it("refuses each detail out of bounds with its own message, in the page's language, keeping every value", () => {
    const parsed = parseEnquiry(
      form({ ...base, event_date: "2020-01-01", event_time: "25:00", guests: "0", budget: "a lot", city: "paris" }),
      "hr",
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.incomplete).toBe(false);
    expect(parsed.fieldErrors).toEqual({
      event_date: "Upišite „Datum” kao datum od danas nadalje.",
      event_time: "Upišite „Sat” kao vrijeme, npr. 22:30.",
      guests: "Upišite „Gosti” kao broj od 1 do 500.",
      budget: "Odaberite „Budžet” s popisa.",
      city: "Odaberite „Grad” s popisa.",
    });
    expect(parsed.values).toMatchObject({ guests: "0", budget: "a lot", city: "paris", name: "Ana" });
    expect(parseEnquiry(form({ ...base, guests: "501" }), "en")).toMatchObject({
      fieldErrors: { guests: "Please give “Guests” as a number from 1 to 500." },
    });
  });
});
