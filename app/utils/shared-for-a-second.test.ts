import { describe, expect, it } from "vitest";
import { sharedForASecond } from "./shared-for-a-second";

describe("sharedForASecond", () => {
  it("answers every caller within a second from one computation, asks again after it, and forgets a failure", async () => {
    let calls = 0;
    let fail = false;
    const read = sharedForASecond(async (now) => {
      calls++;
      if (fail) throw new Error("database away");
      return now;
    });
    expect(await Promise.all([read(1_000), read(1_500), read(1_999)])).toEqual([1_000, 1_000, 1_000]);
    expect(calls).toBe(1);
    expect(await read(2_000)).toBe(2_000);
    expect(calls).toBe(2);
    fail = true;
    await expect(read(3_000)).rejects.toThrow("database away");
    fail = false;
    expect(await read(3_001)).toBe(3_001);
    expect(calls).toBe(4);
  });
});
