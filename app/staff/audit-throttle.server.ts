import { log } from "~/utils/log.server";

/** What a throttle knows of a refusal: the address that caused it and what kind it is. */
export type ThrottledEvent = { address?: string; event: string };

export type AuditThrottle = {
  /** Whether this refusal is written: the first of its kind from its address this minute, while
   * the minute's budget lasts. Otherwise it is counted as skipped. */
  admit(entry: ThrottledEvent): boolean;
  /** Skipped so far this minute, by kind (what the next summary line will say). */
  pending(): Record<string, number>;
};

const MINUTE = 60_000;

/** One rule for every audit row a client without a session can cause (a forged cookie, a made-up
 * invitation, a refused or rate-limited passkey ceremony): at most one row a minute for each
 * address and kind, and at most `perMinute` rows a minute in all, so that many addresses (a
 * botnet) cannot grow the table faster either. What is not written is counted (`skipped`, a
 * metric) and said in one log line at the end of each minute that skipped any. Memory is bounded
 * by the budget: only the keys written this minute are kept. */
export function createAuditThrottle({
  perMinute,
  skipped = () => {},
  now = Date.now,
}: {
  perMinute: number;
  skipped?: (event: string) => void;
  now?: () => number;
}): AuditThrottle {
  let minute = Math.floor(now() / MINUTE);
  let written = new Set<string>();
  let counts = new Map<string, number>();
  let summary: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (summary) clearTimeout(summary);
    summary = undefined;
    if (counts.size === 0) return;
    log("warn", "staff.audit_throttled", {
      message: "refusals by clients without a session were counted, not written to the audit log",
      skipped: Object.fromEntries(counts),
      written: written.size,
    });
    counts = new Map();
  };
  const roll = () => {
    const current = Math.floor(now() / MINUTE);
    if (current === minute) return;
    flush();
    minute = current;
    written = new Set();
  };

  return {
    admit({ address = "", event }) {
      roll();
      const key = `${event} ${address}`;
      if (!written.has(key) && written.size < perMinute) {
        written.add(key);
        return true;
      }
      counts.set(event, (counts.get(event) ?? 0) + 1);
      skipped(event);
      // The minute's summary is written when it ends, even if nothing else comes.
      summary ??= setTimeout(
        () => {
          roll();
          flush();
        },
        MINUTE - (now() % MINUTE),
      ).unref();
      return false;
    },
    pending: () => Object.fromEntries(counts),
  };
}
