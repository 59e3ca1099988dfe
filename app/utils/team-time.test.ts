import { describe, expect, it } from "vitest";
import { addDays, teamClock, teamInstant, teamMonday, teamTimeWithOffset } from "./team-time";

describe("the team's time (Europe/Zagreb)", () => {
  it("writes an instant as the team's wall clock with its offset, winter and summer", () => {
    expect(teamTimeWithOffset("2026-11-26T13:05:00.000Z")).toBe("2026-11-26 14:05 +01:00");
    expect(teamTimeWithOffset("2026-07-01T22:30:00.000Z")).toBe("2026-07-02 00:30 +02:00");
    expect(teamTimeWithOffset(undefined)).toBe("");
    expect(teamClock(new Date("2026-03-29T01:00:00.000Z"))).toEqual({
      date: "2026-03-29",
      time: "03:00",
      offset: "+02:00",
    });
  });

  it("finds the instant of a wall-clock time on either side of the clock changes", () => {
    expect(teamInstant("2026-11-23").toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(teamInstant("2026-10-19").toISOString()).toBe("2026-10-18T22:00:00.000Z");
    expect(teamInstant("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(teamInstant("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(teamInstant("2026-11-20", "15:00").toISOString()).toBe("2026-11-20T14:00:00.000Z");
  });

  it("names the Monday of an instant's week in the team's calendar", () => {
    expect(teamMonday(new Date("2026-11-22T22:59:59.999Z"))).toBe("2026-11-16"); // Sunday 23:59
    expect(teamMonday(new Date("2026-11-22T23:00:00.000Z"))).toBe("2026-11-23"); // Monday 00:00
    expect(teamMonday(new Date("2026-11-27T14:00:00.000Z"))).toBe("2026-11-23");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
  });
});
