import { log } from "~/utils/log.server";
import { createLease, type Lease } from "./lease.server";
import { adoptEarlierRecords, type Outbox, type StoredRecord } from "./outbox.server";
import { judge, retryDelay, type Backoff } from "./retry-policy.server";
import type { Send } from "./transport.server";

export type DeliveryOptions = {
  outbox: Outbox;
  send: Send;
  /** At least this long between two calls to EmailJS (EMAILJS_MIN_INTERVAL_MS). */
  intervalMs: number;
  backoff: Backoff;
  /** A record still failing this long after it was accepted (or retried by hand) fails for good. */
  giveUpAfterMs: number;
  /** Delivered records are deleted this long after delivery. */
  retentionMs: number;
  /** How often the outbox is looked at for new or due records. */
  pollMs: number;
  lease?: Lease;
  now?: () => number;
};

export type Delivery = {
  /** Finishes the send in flight (if any), leaves the rest pending, and gives up the lease. */
  stop(): Promise<void>;
};

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The delivery worker: sends pending enquiries to EmailJS one at a time, oldest due first,
 * paced, retrying what may succeed later and setting aside what cannot. Runs in the HTTP
 * server's process; only the holder of the outbox's lease sends. */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { outbox, send, intervalMs, backoff, giveUpAfterMs, retentionMs, pollMs } = options;
  const now = options.now ?? (() => Date.now());
  const lease = options.lease ?? createLease(outbox.dir);
  let stopping = false;
  let wake: () => void = () => {};
  // Measured from the end of the previous call, so that two calls arrive at EmailJS at least
  // `intervalMs` apart whatever the network's delay did to the first.
  let lastCallEndedAt = -Infinity;
  let lastPurgeAt = -Infinity;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const isDue = (record: StoredRecord) => !record.nextAttemptAt || Date.parse(record.nextAttemptAt) <= now();

  async function deliver(record: StoredRecord) {
    if (await outbox.settledElsewhere(record)) return;
    const wait = lastCallEndedAt + intervalMs - now();
    if (wait > 0) await pause(wait);
    if (stopping) return;
    const result = await send(record.enquiry);
    lastCallEndedAt = now();
    const at = new Date(now()).toISOString();
    const attempts = [
      ...record.attempts,
      result.ok
        ? { at, outcome: "delivered", status: result.status }
        : { at, outcome: result.reason, status: result.status, detail: result.detail },
    ];
    const verdict = judge(result);
    const waitedSeconds = Math.round((now() - Date.parse(record.receivedAt)) / 1000);
    const base = { id: record.id, requestId: record.requestId, attempt: attempts.length };

    if (verdict.kind === "delivered") {
      await outbox.move(record, "delivered", { attempts, deliveredAt: at, nextAttemptAt: undefined });
      log("info", "enquiry.delivered", { ...base, status: result.status, waitedSeconds });
      return;
    }
    if (result.ok) return; // narrowed above; keeps the types honest
    const failure = { reason: result.reason, status: result.status, detail: result.detail };
    const clockStart = Date.parse(record.retriedAt ?? record.receivedAt);
    if (verdict.kind === "give-up" || now() - clockStart >= giveUpAfterMs) {
      const fix =
        verdict.kind === "give-up"
          ? verdict.fix
          : `Still failing after ${Math.round(giveUpAfterMs / 3_600_000)} h: check EmailJS's status and the account, then \`npm run outbox -- retry --failed\`.`;
      await outbox.move(record, "failed", { attempts, nextAttemptAt: undefined, failure: { ...failure, fix } });
      log("error", "enquiry.delivery_failed", { ...base, ...failure, providerText: result.detail, fix });
      return;
    }
    const delayMs = retryDelay(attempts.length, backoff);
    await outbox.update({ ...record, attempts, nextAttemptAt: new Date(now() + delayMs).toISOString() });
    log("warn", "enquiry.retry_scheduled", {
      ...base,
      reason: result.reason,
      status: result.status,
      providerText: result.detail,
      retryInSeconds: Math.round(delayMs / 1000),
    });
  }

  async function tick() {
    if (!(await lease.hold())) return;
    if (now() - lastPurgeAt >= PURGE_EVERY_MS) {
      lastPurgeAt = now();
      const purged = await outbox.purgeDelivered(retentionMs, now());
      if (purged) log("info", "outbox.purged", { delivered: purged });
      await outbox.sweepTemporary();
    }
    // One record per tick, so a stop request is seen between sends.
    const next = (await outbox.list("pending")).find(isDue);
    if (next) await deliver(next);
    return next !== undefined;
  }

  const running = (async () => {
    try {
      const adopted = await adoptEarlierRecords(outbox);
      if (adopted) log("info", "outbox.adopted", { records: adopted });
    } catch (error) {
      log("error", "outbox.adopt_failed", { error: String(error) });
    }
    let lastProblem = { message: "", at: -Infinity };
    while (!stopping) {
      let busy = false;
      try {
        busy = (await tick()) === true;
      } catch (error) {
        // An unwritable or missing volume: say so (once a minute while it lasts), keep
        // serving, look again later.
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastProblem.message || now() - lastProblem.at >= 60_000) {
          log("error", "outbox.unavailable", { error: message });
          lastProblem = { message, at: now() };
        }
      }
      if (!busy && !stopping) await pause(pollMs);
    }
    await lease.release().catch(() => {});
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await running;
    },
  };
}
