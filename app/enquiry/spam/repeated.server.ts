import { createHash } from "node:crypto";
import { hasLink } from "./links.server";

const REMEMBERED = 5_000;

/** Nobody types a text this long twice: the same from several people is copied (decision 0037). */
export const TYPED_ONCE_CHARS = 100;

/** The client's address is no sender: a hotel's Wi-Fi or a carrier's NAT puts many people behind one. */
export type Sender = { email: string; phone: string };

/** Ten people asking "VIP table tonight?" are ten bookings, not a bot: only one sender, or a long or linked text
 * from anyone, counts (decision 0037). */
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
    // No short-circuit: each sender's count must be right for the next time.
    return keys.map((key) => again(hash(`${key}\n${text}`), at)).some(Boolean);
  };
}

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");
