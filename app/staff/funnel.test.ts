import { describe, expect, it } from "vitest";
import { funnelPeriod, funnelTotal, stepRates } from "./funnel";

const NOW = new Date("2026-11-28T23:30:00.000Z");
const row = (key: string, v: number, c: number, e: number, r: number, b: number) => ({
  key,
  visitors: v,
  contactVisitors: c,
  enquiries: e,
  replied: r,
  booked: b,
});

describe("the funnel's period", () => {
  it("is the last N UTC days, today included; anything not offered is the default 30 days by source", () => {
    expect(funnelPeriod(new URLSearchParams("days=7&by=campaign"), NOW)).toEqual({
      days: 7,
      from: "2026-11-22",
      to: "2026-11-28",
      by: "campaign",
    });
    for (const query of ["", "days=8", "days=-1&by=x", "days=1e9", "days=%00"])
      expect(funnelPeriod(new URLSearchParams(query), NOW)).toEqual({
        days: 30,
        from: "2026-10-30",
        to: "2026-11-28",
        by: "channel",
      });
  });
});

describe("the funnel's figures", () => {
  it("totals every row, and gives each step's share of the one before", () => {
    const total = funnelTotal([row("instagram", 200, 40, 10, 8, 2), row("", 0, 0, 2, 1, 1)]);
    expect(total).toEqual(row("", 200, 40, 12, 9, 3));
    expect(stepRates(total, "en")).toEqual(["", "20%", "30%", "75%", "33.3%"]);
    expect(stepRates(total, "hr")).toEqual(["", "20\u00a0%", "30\u00a0%", "75\u00a0%", "33,3\u00a0%"]);
    expect(stepRates(row("x", 0, 0, 1, 0, 0), "en")).toEqual(["", "–", "–", "0%", "–"]);
  });
});
