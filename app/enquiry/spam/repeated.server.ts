import { createHash } from "node:crypto";

/** Bounds the memory: a flood of distinct texts pushes the oldest out. */
const REMEMBERED = 5_000;

/** The same message text (letters and digits, case and spacing aside) from `count` enquiries
 * or more within `windowMs`, from anyone: the `count`-th and every later one is caught (the
 * first ones are not: they may be a person's own retries). `count` 0 switches it off. In this
 * process's memory, hashed: no text is kept. */
export function repeatedText({
  count,
  windowMs,
  now = Date.now,
}: {
  count: number;
  windowMs: number;
  now?: () => number;
}) {
  const seen = new Map<string, number[]>();
  return function isRepeated(message: string): boolean {
    if (count <= 0) return false;
    const key = createHash("sha256")
      .update(message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""))
      .digest("base64url");
    const at = now();
    const times = (seen.get(key) ?? []).filter((t) => at - t < windowMs);
    times.push(at);
    seen.delete(key);
    seen.set(key, times.slice(-count));
    for (const [old] of seen) {
      if (seen.size <= REMEMBERED) break;
      seen.delete(old);
    }
    return times.length >= count;
  };
}
