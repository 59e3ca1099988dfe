import { describe, expect, it } from "vitest";
import { teamDay } from "~/utils/team-time";
import { dayGroup, durationParts, weekendOf } from "./desk-days";

describe("the desk's days", () => {
  it("today is the team's (Zagreb), not the server's UTC", () => {
    // 23:30 UTC on 31 March 2030 is already 1 April in Zagreb (summer time, UTC+2).
    expect(teamDay(Date.parse("2030-03-31T23:30:00Z"))).toBe("2030-04-01");
    expect(teamDay(Date.parse("2030-01-15T22:59:00Z"))).toBe("2030-01-15");
    expect(teamDay(Date.parse("2030-01-15T23:00:00Z"))).toBe("2030-01-16");
  });

  it("the weekend is the current one from Friday to Sunday, else the coming one", () => {
    // 2030-06-10 is a Monday.
    expect(weekendOf("2030-06-10")).toEqual({ from: "2030-06-14", to: "2030-06-16" });
    expect(weekendOf("2030-06-14")).toEqual({ from: "2030-06-14", to: "2030-06-16" });
    expect(weekendOf("2030-06-15")).toEqual({ from: "2030-06-14", to: "2030-06-16" });
    expect(weekendOf("2030-06-16")).toEqual({ from: "2030-06-14", to: "2030-06-16" });
  });

  it("groups: tonight, the days before the weekend, the weekend, later", () => {
    const monday = "2030-06-10";
    expect(dayGroup("2030-06-10", monday)).toBe("tonight");
    expect(dayGroup("2030-06-12", monday)).toBe("week");
    expect(dayGroup("2030-06-14", monday)).toBe("weekend");
    expect(dayGroup("2030-06-16", monday)).toBe("weekend");
    expect(dayGroup("2030-06-17", monday)).toBe("later");
    // On Saturday: today is tonight, Sunday this weekend, Monday later.
    expect(dayGroup("2030-06-15", "2030-06-15")).toBe("tonight");
    expect(dayGroup("2030-06-16", "2030-06-15")).toBe("weekend");
    expect(dayGroup("2030-06-17", "2030-06-15")).toBe("later");
  });

  it("a duration: minutes, hours and minutes, then whole days", () => {
    expect(durationParts(59_000)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(8_100_000)).toEqual({ days: 0, hours: 2, minutes: 15 });
    expect(durationParts(30 * 3_600_000)).toEqual({ days: 0, hours: 30, minutes: 0 });
    expect(durationParts(50 * 3_600_000)).toEqual({ days: 2, hours: 0, minutes: 0 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
