import { log } from "~/utils/log.server";
import { deliveries, deliveryFailures } from "~/utils/metrics.server";
import { errorCode } from "~/store/sql.server";
import type { DelivererLock, EnquiryStore, QueuedRecord } from "~/store/store.server";
import { judge, retryDelay, type Backoff } from "./retry-policy.server";
import type { Send } from "./transport.server";

export type DeliveryOptions = {
  store: EnquiryStore;
  send: Send;
  /** At least this long between two calls to EmailJS (EMAILJS_MIN_INTERVAL_MS). */
  intervalMs: number;
  backoff: Backoff;
  /** A record still failing this long after it was accepted (or retried by hand) fails for good. */
  giveUpAfterMs: number;
  /** Delivered records are deleted this long after delivery. */
  retentionMs: number;
  /** How often the database is looked at for new or due records. */
  pollMs: number;
  /** How often the chores (the retention's deletions) run; hourly unless a test says. */
  choresEveryMs?: number;
  /** Who delivers; the store's own deliverer lock unless a test gives one. */
  lock?: DelivererLock;
  now?: () => number;
};

export type Delivery = {
  /** Finishes the send in flight (if any), leaves the rest pending, and gives up the lease. */
  stop(): Promise<void>;
  /** What keeps delivery from working now, for /healthz (empty when nothing does). */
  problems(): string[];
};

/** The delivery worker: sends pending enquiries to EmailJS one at a time, oldest due first,
 * paced, retrying what may succeed later and setting aside what cannot. Runs in the HTTP
 * server's process; only the store's deliverer (SQLite's lease row, or PostgreSQL's advisory
 * lock) sends. The same rules run over either database (app/store/store.server.ts).
 *
 * Faults of the store itself (docs/decisions/0019-sqlite-store.md): the intent to send is
 * written before each call, so a volume that cannot be written stops sending before it starts. An outcome that cannot be written once EmailJS answered is kept in memory: that
 * enquiry is not sent again while this process lives, its outcome is written as soon as the
 * volume allows, and no other enquiry is taken until then. */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { store, send, intervalMs, backoff, giveUpAfterMs, retentionMs, pollMs, choresEveryMs = 3_600_000 } = options;
  const now = options.now ?? (() => Date.now());
  const lease = options.lock ?? store.deliverer();
  const pacing = store.pacing();
  let stopping = false;
  let wake: () => void = () => {};
  // Measured from the end of the previous call, so that two calls arrive at EmailJS at least
  // `intervalMs` apart whatever the network's delay did to the first.
  let lastCallEndedAt = -Infinity;
  let lastPurgeAt = -Infinity;
  /** Outcomes EmailJS gave that are not in the store yet: id → how to write it. */
  const unrecorded = new Map<string, { write: () => Promise<unknown>; outcome: string; since: number }>();
  let unavailable: { code: string; at: number } | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Writes an outcome; when the volume refuses, keeps it to write later. */
  async function record(target: QueuedRecord, outcome: string, write: () => Promise<unknown>) {
    try {
      await write();
    } catch (error) {
      unrecorded.set(target.id, { write, outcome, since: now() });
      log("error", "enquiry.outcome_unrecorded", {
        id: target.id,
        requestId: target.requestId,
        outcome,
        error: errorCode(error),
        message:
          "EmailJS answered but the store cannot be written: not sent again; no other enquiry is taken until it is written",
      });
      return false;
    }
    return true;
  }

  /** Writes the outcomes kept in memory; true when none is left. */
  async function writeUnrecorded(): Promise<boolean> {
    for (const [id, pending] of unrecorded) {
      try {
        await pending.write();
      } catch {
        return false; // the volume still refuses: said once already
      }
      unrecorded.delete(id);
      log("info", "enquiry.outcome_recorded", {
        id,
        outcome: pending.outcome,
        afterSeconds: Math.round((now() - pending.since) / 1000),
      });
    }
    return true;
  }

  async function deliver(due: QueuedRecord) {
    let current = due;
    // Paced from the end of the previous call: this process's own, and the store's (a new
    // deliverer continues the spacing of the last one).
    const wait = Math.max(lastCallEndedAt + intervalMs - now(), await pacing.waitMs(intervalMs));
    if (wait > 0) await pause(wait);
    if (stopping) return;
    // Still the one deliverer, just before the call (a stalled process may have lost it).
    if (!(await lease.hold())) return;
    if (current.sendingSince) {
      log("warn", "enquiry.resending", {
        id: current.id,
        requestId: current.requestId,
        sendingSince: current.sendingSince,
        message: "a call was in flight when a process stopped: EmailJS may receive this enquiry a second time",
      });
    }
    // The intent, written before the call: a store that cannot take it stops the send here.
    const marked = await store.markSending(current, new Date(now()).toISOString());
    if (!marked) return;
    current = marked;
    // Where the next deliverer sees it, should this process die during the call.
    await pacing.callStarting();

    const result = await send(current.enquiry);
    lastCallEndedAt = now();
    await pacing.callEnded().catch(() => {}); // this process's own spacing holds meanwhile
    const at = new Date(now()).toISOString();
    const attempts = [
      ...current.attempts,
      result.ok
        ? { at, outcome: "delivered", status: result.status }
        : { at, outcome: result.reason, status: result.status, detail: result.detail },
    ];
    const verdict = judge(result);
    const waitedSeconds = Math.round((now() - Date.parse(current.receivedAt)) / 1000);
    const base = { id: current.id, requestId: current.requestId, attempt: attempts.length };
    const sent = current;

    if (verdict.kind === "delivered") {
      const changes = { attempts, deliveredAt: at, nextAttemptAt: undefined, sendingSince: undefined };
      deliveries.inc();
      if (await record(sent, "delivered", () => store.move(sent, "delivered", changes)))
        log("info", "enquiry.delivered", { ...base, status: result.status, waitedSeconds });
      return;
    }
    if (result.ok) return; // narrowed above; keeps the types honest
    const failure = { reason: result.reason, status: result.status, detail: result.detail };
    const clockStart = Date.parse(current.retriedAt ?? current.receivedAt);
    if (verdict.kind === "give-up" || now() - clockStart >= giveUpAfterMs) {
      const fix =
        verdict.kind === "give-up"
          ? verdict.fix
          : `Still failing after ${Math.round(giveUpAfterMs / 3_600_000)} h: check EmailJS's status and the account, then \`npm run outbox -- retry --failed\`.`;
      const changes = { attempts, nextAttemptAt: undefined, sendingSince: undefined, failure: { ...failure, fix } };
      deliveryFailures.inc({ reason: result.reason, outcome: "failed" });
      await record(sent, "failed", () => store.move(sent, "failed", changes));
      log("error", "enquiry.delivery_failed", { ...base, ...failure, providerText: result.detail, fix });
      return;
    }
    const delayMs = retryDelay(attempts.length, backoff);
    const next = { ...sent, attempts, sendingSince: undefined, nextAttemptAt: new Date(now() + delayMs).toISOString() };
    deliveryFailures.inc({ reason: result.reason, outcome: "retry" });
    await record(sent, "retry", () => store.update(next));
    log("warn", "enquiry.retry_scheduled", {
      ...base,
      reason: result.reason,
      status: result.status,
      providerText: result.detail,
      retryInSeconds: Math.round(delayMs / 1000),
    });
  }

  async function tick() {
    // Nothing new is taken while an outcome EmailJS gave is not in the store.
    if (unrecorded.size > 0 && !(await writeUnrecorded())) return false;
    if (!(await lease.hold())) return false;
    if (now() - lastPurgeAt >= choresEveryMs) {
      lastPurgeAt = now();
      const purged = await store.purgeDelivered(retentionMs);
      if (purged) log("info", "store.purged", { delivered: purged });
    }
    // One record per tick, so a stop request is seen between sends.
    const next = await store.nextDue(now(), [...unrecorded.keys()]);
    if (next) await deliver(next);
    return next !== undefined;
  }

  const running = (async () => {
    let lastProblem = { kind: "", at: -Infinity };
    while (!stopping) {
      let busy = false;
      try {
        busy = await tick();
        unavailable = undefined;
      } catch (error) {
        // An unwritable volume, an unreachable database: say so (once a minute while it lasts),
        // keep serving, look again later.
        const message = error instanceof Error ? error.message : String(error);
        const code = errorCode(error);
        const kind = code === "error" ? message : code;
        unavailable = { code, at: now() };
        if (kind !== lastProblem.kind || now() - lastProblem.at >= 60_000) {
          log("error", "store.unavailable", { error: message, code });
          lastProblem = { kind, at: now() };
        }
      }
      if (!busy && !stopping) await pause(pollMs);
    }
    if (unrecorded.size > 0 && !(await writeUnrecorded().catch(() => false))) {
      log("error", "enquiry.outcome_unrecorded_at_exit", {
        ids: [...unrecorded.keys()],
        message:
          "EmailJS accepted or answered these, but the store could not be written: the next start sends them again",
      });
    }
    await lease.release().catch(() => {});
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await running;
    },
    problems() {
      const problems: string[] = [];
      if (unrecorded.size > 0)
        problems.push(`${unrecorded.size} delivery outcome(s) not yet written to the store: delivery paused`);
      const leaseProblem = lease.problem();
      if (leaseProblem) problems.push(leaseProblem);
      if (unavailable) problems.push(`delivery cannot use the database (${unavailable.code})`);
      return problems;
    },
  };
}
