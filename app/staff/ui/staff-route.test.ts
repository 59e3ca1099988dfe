import { describe, expect, it } from "vitest";
import { staffClock } from "./staff-route";

describe("a time as staff read it", () => {
  const now = new Date("2026-11-28T21:30:00.000Z"); // 22:30 in Split

  it("is the time of day alone when it is today in Croatia, in either language", () => {
    expect(staffClock("2026-11-28T21:14:03.000Z", "en", now)).toBe("22:14");
    expect(staffClock("2026-11-28T21:19:40.000Z", "hr", now)).toBe("22:19");
    // Past midnight in Split, still the 28th in UTC: tomorrow there.
    expect(staffClock("2026-11-28T23:05:00.000Z", "en", now)).toMatch(/29 Nov 2026.*00:05/);
  });

  it("carries its date on another day", () => {
    expect(staffClock("2026-11-27T08:00:00.000Z", "en", now)).toMatch(/27 Nov 2026.*09:00/);
    expect(staffClock("2026-11-27T08:00:00.000Z", "hr", now)).toMatch(/27\. ?(stu|11)/);
  });
});
