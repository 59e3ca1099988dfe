// The statistics every measuring script quotes, defined once (an even count's median was the
// lower middle in one script and the upper in another).

const sorted = (xs: readonly number[]) => {
  if (xs.length === 0) throw new Error("no samples");
  return [...xs].sort((a, b) => a - b);
};

/** The median; for an even count, the mean of the two middle values. */
export function median(xs: readonly number[]): number {
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The q-quantile by nearest rank (q in (0, 1]): the smallest sample with at least q of all the
 * samples at or below it. quantile(xs, 0.99) is the p99. */
export function quantile(xs: readonly number[], q: number): number {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
