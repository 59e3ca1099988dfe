import { describe, expect, it } from "vitest";
import { median, quantile } from "./stats";

describe("the measuring scripts' statistics", () => {
  it("the median of an odd and of an even count", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("a quantile by nearest rank: p99 of 200 samples is the 198th smallest, of 100 the 99th", () => {
    const two = Array.from({ length: 200 }, (_, i) => 200 - i); // 200 … 1, unsorted
    expect(quantile(two, 0.99)).toBe(198);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99);
    expect(quantile([3, 1, 2], 1)).toBe(3);
    expect(quantile([3, 1, 2], 0.01)).toBe(1);
  });

  it("refuses no samples rather than answering undefined", () => {
    expect(() => median([])).toThrow(/no samples/);
  });
});
