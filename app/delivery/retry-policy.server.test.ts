import { KEPT_ATTEMPTS, keptAttempts } from "~/store/record.server";
import { failingSince, judgeEmailJs, retryDelay } from "./retry-policy.server";
import { describe, expect, it } from "vitest";

describe("retry policy", () => {
  it.each([
    [{ ok: false, reason: "timeout" }, "provider", false],
    [{ ok: false, reason: "network" }, "provider", false],
    [{ ok: false, reason: "http_429", status: 429, detail: "Too Many Requests" }, "provider", true],
    [{ ok: false, reason: "http_503", status: 503, detail: "Service Unavailable" }, "provider", true],
    [{ ok: false, reason: "http_500", status: 500, detail: "Internal Server Error" }, "provider", false],
    [{ ok: false, reason: "http_426", status: 426, detail: "The monthly quota is used up" }, "provider", true],
    [{ ok: false, reason: "http_400", status: 400, detail: "Something nobody has seen before" }, "retry", undefined],
    [
      { ok: false, reason: "http_413", status: 413, detail: "Variables size limit. The maximum allowed is 50Kb" },
      "give-up",
      undefined,
    ],
    [
      { ok: false, reason: "http_403", status: 403, detail: "API calls are disabled for non-browser applications" },
      "give-up",
      undefined,
    ],
    [{ ok: false, reason: "http_400", status: 400, detail: "The user_id parameter is required" }, "give-up", undefined],
    [{ ok: false, reason: "http_400", status: 400, detail: "The service ID is invalid" }, "give-up", undefined],
    [
      {
        ok: false,
        reason: "http_412",
        status: 412,
        detail: "Gmail_API: Request had insufficient authentication scopes.",
      },
      "give-up",
      undefined,
    ],
  ] as const)("%j → %s (unavailable: %s)", (result, kind, unavailable) => {
    const verdict = judgeEmailJs(result);
    expect(verdict.kind).toBe(kind);
    if (verdict.kind === "provider") expect(verdict.unavailable).toBe(unavailable);
  });

  it("names the fix for a permanent problem", () => {
    const verdict = judgeEmailJs({
      ok: false,
      reason: "http_403",
      status: 403,
      detail: "API calls are disabled for non-browser applications",
    });
    expect(verdict).toMatchObject({ kind: "give-up", fix: expect.stringMatching(/non-browser applications/) });
  });

  it("backs off exponentially, capped, with jitter between half and all of the step", () => {
    const backoff = { baseMs: 5_000, maxMs: 3_600_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, backoff, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(1, backoff, () => 0)).toBe(2_500);
    expect(retryDelay(30, backoff, () => 1)).toBe(3_600_000);
  });

  it("counts a delivery's failure from its first failed try, or from when its channel started failing for it", () => {
    const at = (m: number) => new Date(Date.parse("2026-11-28T20:00:00.000Z") + m * 60_000).toISOString();
    const record = { id: "x", receivedAt: at(0), enquiry: {} as never, attempts: [] };
    // Waiting behind a backlog is not failing.
    expect(failingSince(record)).toBeUndefined();
    // Its channel failing since before it arrived: from its arrival; since after: from then.
    expect(failingSince(record, at(-90))).toBe(Date.parse(at(0)));
    expect(failingSince(record, at(30))).toBe(Date.parse(at(30)));
    // A failed try of its own earlier than the channel's outage: from that try.
    const tried = { ...record, attempts: [{ at: at(10), outcome: "http_409" }] };
    expect(failingSince(tried, at(30))).toBe(Date.parse(at(10)));
    // An operator's retry starts the clock again: earlier tries no longer count.
    expect(failingSince({ ...tried, retriedAt: at(20) }, at(-5))).toBe(Date.parse(at(20)));
    expect(failingSince({ ...tried, retriedAt: at(20) })).toBeUndefined();
  });

  it("keeps a probe's first try and its latest ones, however long the outage", () => {
    const tries = Array.from({ length: 3 * KEPT_ATTEMPTS }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 28, 20, 0, i)).toISOString(),
      outcome: "http_503",
    }));
    const kept = keptAttempts(tries);
    expect(kept).toHaveLength(KEPT_ATTEMPTS);
    expect(kept[0]).toBe(tries[0]);
    expect(kept.at(-1)).toBe(tries.at(-1));
    expect(keptAttempts(tries.slice(0, 5))).toEqual(tries.slice(0, 5));
    // The give-up clock still starts at the first failure.
    const record = { id: "x", receivedAt: tries[0]!.at, enquiry: {} as never, attempts: kept };
    expect(failingSince(record)).toBe(Date.parse(tries[0]!.at));
  });
});
