import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuditThrottle } from "./audit-throttle.server";

afterEach(() => vi.restoreAllMocks());

describe("the audit throttle for refusals caused without a session", () => {
  it("writes the first of each kind from an address a minute, counts the rest, and starts again the next minute", () => {
    let now = Date.parse("2026-11-25T10:00:05Z");
    const skipped: string[] = [];
    const throttle = createAuditThrottle({ perMinute: 100, skipped: (e) => skipped.push(e), now: () => now });
    const one = { address: "203.0.113.7", event: "rate-limited" };
    const written = Array.from({ length: 300 }, () => throttle.admit(one)).filter(Boolean);
    expect(written).toHaveLength(1);
    expect(skipped).toHaveLength(299);
    // Another kind, or another address, is its own first.
    expect(throttle.admit({ address: "203.0.113.7", event: "sign-in" })).toBe(true);
    expect(throttle.admit({ address: "203.0.113.8", event: "rate-limited" })).toBe(true);
    expect(throttle.pending()).toEqual({ "rate-limited": 299 });

    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((line) => (lines.push(String(line)), true));
    now += 60_000;
    expect(throttle.admit(one)).toBe(true);
    // The minute that skipped some is summed in one line, without any address.
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      event: "staff.audit_throttled",
      skipped: { "rate-limited": 299 },
      written: 3,
    });
    expect(lines[0]).not.toContain("203.0.113");
    expect(throttle.pending()).toEqual({});
  });

  it("many addresses (a botnet): no more rows a minute than the budget, however many addresses", () => {
    let now = Date.parse("2026-11-25T10:00:00Z");
    const throttle = createAuditThrottle({ perMinute: 60, now: () => now });
    const minute = () =>
      Array.from({ length: 5_000 }, (_, i) =>
        throttle.admit({ address: `198.51.${i >> 8}.${i & 255}`, event: "session-refused" }),
      ).filter(Boolean).length;
    expect(minute()).toBe(60);
    now += 60_000;
    expect(minute()).toBe(60);
    expect(throttle.pending()).toEqual({ "session-refused": 4_940 });
  });
});
