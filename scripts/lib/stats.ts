// The statistics every measuring script quotes, defined once (an even count's median was the
// lower middle in one script and the upper in another).

const sorted = (xs: readonly number[]) => {
  if (xs.length === 0) throw new Error("no samples");
  return [...xs].sort((a, b) => a - b);
};

export function median(xs: readonly number[]): number {
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest rank: the smallest sample with at least q of all the samples at or below it (q in (0, 1]). */
export function quantile(xs: readonly number[], q: number): number {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
