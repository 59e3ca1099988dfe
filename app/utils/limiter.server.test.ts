import type { Pool } from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddress } from "./client-address.server";
import { createLimiter, type LimiterOptions } from "./limiter.server";

const inMemory = (points: number, more: Partial<LimiterOptions> = {}) =>
  createLimiter({ where: { memory: true }, keyPrefix: "test", tableName: "t", points, windowSeconds: 60, ...more });

const brokenPool = (how: "refuses" | "hangs") =>
  ({
    query: () =>
      how === "refuses"
        ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
        : new Promise(() => {}),
  }) as unknown as Pool;

afterEach(() => vi.restoreAllMocks());

describe("createLimiter", () => {
  it("refuses a flood from one address with a Retry-After within the window, and counts others apart", async () => {
    const limiter = inMemory(3);
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await limiter.hit("203.0.113.9"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    const refused = verdicts[3] as { retryAfterSeconds: number };
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit("198.51.100.1")).allowed).toBe(true);
  });

  it("counts an IPv6 /64 block as one client", async () => {
    const limiter = inMemory(1);
    const key = (address: string) => clientAddress({ headers: { get: () => null } }, address);
    expect(key("2001:db8:1:2::a")).toBe(key("2001:db8:1:2:ffff::b"));
    expect((await limiter.hit(key("2001:db8:1:2::a"))).allowed).toBe(true);
    expect((await limiter.hit(key("2001:db8:1:2:ffff::b"))).allowed).toBe(false);
    expect((await limiter.hit(key("2001:db8:1:3::a"))).allowed).toBe(true);
  });

  it("is off when its limit is 0", async () => {
    const limiter = inMemory(0);
    for (let i = 0; i < 50; i++) expect((await limiter.hit("203.0.113.9")).allowed).toBe(true);
    expect((await limiter.look("203.0.113.9")).allowed).toBe(true);
  });

  it("looks without counting", async () => {
    const limiter = inMemory(2);
    for (let i = 0; i < 5; i++) expect((await limiter.look("a")).allowed).toBe(true);
    await limiter.hit("a");
    expect((await limiter.look("a")).allowed).toBe(true);
    await limiter.hit("a");
    expect(await limiter.look("a")).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
  });

  it("holds at most maxKeys keys in memory: past them the oldest is forgotten", async () => {
    const bounded = inMemory(1, { maxKeys: 3 });
    const unbounded = inMemory(1);
    for (const limiter of [bounded, unbounded]) {
      await limiter.hit("first");
      for (const key of ["b", "c", "d"]) await limiter.hit(key);
    }
    expect((await bounded.hit("first")).allowed).toBe(true);
    expect((await bounded.hit("d")).allowed).toBe(false);
    expect((await unbounded.hit("first")).allowed).toBe(false);
  });

  for (const how of ["refuses", "hangs"] as const)
    it(`counts in memory, and says so, while the database ${how}`, async () => {
      const lines: string[] = [];
      vi.spyOn(process.stderr, "write").mockImplementation((line) => (lines.push(String(line)), true));
      const limiter = createLimiter({
        where: { pool: brokenPool(how) },
        keyPrefix: "enquiry",
        tableName: "enquiry_rate_limit",
        points: 2,
        windowSeconds: 60,
        deadlineMs: 50,
      });
      const verdicts = [];
      for (let i = 0; i < 3; i++) verdicts.push((await limiter.hit("192.0.2.7")).allowed);
      expect(verdicts).toEqual([true, true, false]);
      expect((await limiter.look("192.0.2.7")).allowed).toBe(false);
      expect(lines.filter((l) => l.includes('"rate_limit.local"'))).toHaveLength(1);
    });
});
