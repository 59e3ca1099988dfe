import { log } from "~/utils/log.server";

type ThrottledEvent = { address?: string; event: string };

export type AuditThrottle = {
  /** The first of its kind from its address this minute, while the budget lasts; the rest are counted. */
  admit(entry: ThrottledEvent): boolean;
  pending(): Record<string, number>;
};

const MINUTE = 60_000;

/** For rows a client without a session can cause. `perMinute` in all, so many addresses (a botnet) can't grow the
 * table faster either; memory is bounded by it, as only this minute's written keys are kept. */
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
