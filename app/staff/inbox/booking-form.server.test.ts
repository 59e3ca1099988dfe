import { describe, expect, it } from "vitest";
import { checkBooking, paymentLink, venueOptions } from "./booking-form.server";

const venues = venueOptions(undefined);
const today = "2027-06-01";
const good = {
  date: "2027-06-12",
  time: "22:30",
  venue: "Carpe Diem, Hvar",
  guests: "8",
  depositAmount: "150,5",
  depositLink: "https://buy.stripe.com/test_abc",
};

describe("the booking form", () => {
  it("offers the published venues, each with its time zone", () => {
    expect(venues).toContainEqual({ value: "Carpe Diem, Hvar", label: "Carpe Diem, Hvar", timeZone: "Europe/Zagreb" });
    const owner = venueOptions({ cities: { belgrade: ["Klub Beton"] } } as Parameters<typeof venueOptions>[0]);
    expect(owner).toContainEqual(
      expect.objectContaining({ value: "Klub Beton, Belgrade", timeZone: "Europe/Belgrade" }),
    );
  });

  it("takes a good booking, the amount in euros with two decimals", () => {
    expect(checkBooking(good, { venues, today })).toEqual({
      ok: true,
      value: {
        date: "2027-06-12",
        time: "22:30",
        venue: "Carpe Diem, Hvar",
        timeZone: "Europe/Zagreb",
        guests: 8,
        depositAmount: "150.50",
        depositLink: "https://buy.stripe.com/test_abc",
      },
    });
    const { depositAmount: _a, depositLink: _l, ...rest } = good;
    expect(checkBooking({ ...rest, depositAmount: "", depositLink: "" }, { venues, today })).toMatchObject({
      ok: true,
      value: { guests: 8 },
    });
  });

  it("refuses each bad field by name", () => {
    const problems = (changes: Partial<typeof good>) => {
      const checked = checkBooking({ ...good, ...changes }, { venues, today });
      return checked.ok ? {} : checked.problems;
    };
    expect(problems({ date: "2027-02-30" })).toEqual({ date: "date" });
    expect(problems({ date: "2030-01-01" })).toEqual({ date: "date" });
    expect(problems({ date: "2027-05-31" })).toEqual({ date: "past" });
    expect(problems({ time: "24:00" })).toEqual({ time: "time" });
    expect(problems({ venue: "My garage" })).toEqual({ venue: "venue" });
    expect(problems({ guests: "0" })).toEqual({ guests: "guests" });
    expect(problems({ guests: "501" })).toEqual({ guests: "guests" });
    expect(problems({ guests: "8.5" })).toEqual({ guests: "guests" });
    expect(problems({ depositAmount: "-5" })).toEqual({ depositAmount: "amount" });
    expect(problems({ depositAmount: "0" })).toEqual({ depositAmount: "amount" });
    expect(problems({ depositAmount: "" })).toEqual({ depositAmount: "linkAlone" });
    expect(problems({ depositLink: "javascript:alert(1)" })).toEqual({ depositLink: "link" });
    expect(problems({ date: "", time: "", venue: "", guests: "" })).toEqual({
      date: "date",
      time: "time",
      venue: "venue",
      guests: "guests",
    });
  });

  it("keeps a booking's own venue and day when it is edited after they left the list or passed", () => {
    const current = {
      ...good,
      guests: 8,
      date: "2027-05-20",
      venue: "Old Club, Split",
      timeZone: "Europe/Zagreb",
      uid: "u",
      sequence: 0,
      status: "confirmed" as const,
      changedAt: "",
      changedBy: "",
    };
    expect(checkBooking({ ...good, date: "2027-05-20", venue: "Old Club, Split" }, { venues, today, current }).ok).toBe(
      true,
    );
  });

  it("takes a payment link only as a whole https: address, capped", () => {
    expect(paymentLink("https://buy.stripe.com/abc")).toBe("https://buy.stripe.com/abc");
    for (const bad of [
      "http://buy.stripe.com/abc",
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://user:pw@pay.example.com/",
      "https://localhost/x",
      "https://pay.example.com/a b",
      `https://pay.example.com/${"a".repeat(500)}`,
      "buy.stripe.com/abc",
    ])
      expect(paymentLink(bad), bad).toBeUndefined();
  });
});
