import { judgeEmailJs, retryDelay } from "./retry-policy.server";
import { describe, expect, it } from "vitest";

describe("retry policy", () => {
  it.each([
    [{ ok: false, reason: "timeout" }, "retry"],
    [{ ok: false, reason: "network" }, "retry"],
    [{ ok: false, reason: "http_429", status: 429, detail: "Too Many Requests" }, "retry"],
    [{ ok: false, reason: "http_500", status: 500, detail: "Internal Server Error" }, "retry"],
    [{ ok: false, reason: "http_426", status: 426, detail: "The monthly quota is used up" }, "retry"],
    [{ ok: false, reason: "http_400", status: 400, detail: "Something nobody has seen before" }, "retry"],
    [
      { ok: false, reason: "http_403", status: 403, detail: "API calls are disabled for non-browser applications" },
      "give-up",
    ],
    [{ ok: false, reason: "http_400", status: 400, detail: "The user_id parameter is required" }, "give-up"],
    [{ ok: false, reason: "http_400", status: 400, detail: "The service ID is invalid" }, "give-up"],
    [
      {
        ok: false,
        reason: "http_412",
        status: 412,
        detail: "Gmail_API: Request had insufficient authentication scopes.",
      },
      "give-up",
    ],
  ] as const)("%j → %s", (result, kind) => {
    expect(judgeEmailJs(result).kind).toBe(kind);
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
});
