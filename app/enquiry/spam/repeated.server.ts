import { createHash } from "node:crypto";
import { hasLink } from "./links.server";

/** Bounds the memory: a flood of distinct texts pushes the oldest out. */
const REMEMBERED = 5_000;

/** A text this long (letters and digits) is nobody's quick question: the same one from several
 * people within the window is copied, not typed (decision 0037). */
export const TYPED_ONCE_CHARS = 100;

/** Who sent a text, as the visitor gave it: the same person writes from one e-mail address or
 * one phone number. The client's address is no sender: a hotel's Wi-Fi, a club's, a mobile
 * carrier's NAT put many people behind one. */
export type Sender = { email: string; phone: string };

/**
 * The same message text (letters and digits, case and spacing aside) `count` times or more
 * within `windowMs`, and evidently automated: from one sender (the same e-mail address or the
 * same phone number), or, for a text long enough that nobody types it twice or one with a link,
 * from anyone (a campaign rotating its addresses). The `count`-th and every later one is caught;
 * the first ones are not (a person's own retries). Ten people asking "VIP table tonight?" are ten
 * bookings, not a bot (decision 0037). `count` 0 switches it off. In this process's memory,
 * hashed: no text or address is kept.
 */
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

  /** Notes one more time for `key`; whether it has now been seen `count` times in the window. */
  function again(key: string, at: number): boolean {
    const times = (seen.get(key) ?? []).filter((t) => at - t < windowMs);
    times.push(at);
    seen.delete(key);
    seen.set(key, times.slice(-count));
    for (const [old] of seen) {
      if (seen.size <= REMEMBERED) break;
      seen.delete(old);
    }
    return times.length >= count;
  }

  return function isRepeated(message: string, sender: Sender): boolean {
    if (count <= 0) return false;
    const text = message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
    const at = now();
    const keys = [`e:${sender.email.trim().toLowerCase()}`, `p:${sender.phone.replace(/\D/g, "")}`];
    if (text.length >= TYPED_ONCE_CHARS || hasLink(message)) keys.push("anyone");
    // Every key noted (no short-circuit), so each sender's count is right for the next time.
    return keys.map((key) => again(hash(`${key}\n${text}`), at)).some(Boolean);
  };
}

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");
