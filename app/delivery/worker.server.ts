import { errorCode } from "~/store/sql.server";
import type { DelivererLock, EnquiryStore, QueuedRecord } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { deliveries, deliveryFailures, deliveryLatency } from "~/utils/metrics.server";
import { retryDelay, type Backoff } from "./retry-policy.server";
import type { DeliveryChannel } from "./transport.server";

export type DeliveryOptions = {
  store: EnquiryStore;
  /** Where enquiries go: each channel a queue of its own (its deliveries, pacing, retries). */
  channels: readonly DeliveryChannel[];
  backoff: Backoff;
  /** A delivery still failing this long after it was accepted (or retried by hand) fails for good. */
  giveUpAfterMs: number;
  /** Delivered enquiries are deleted this long after delivery. */
  retentionMs: number;
  /** How often the database is looked at for new or due deliveries. */
  pollMs: number;
  /** How often the chores (the retention's deletions) run; hourly unless a test says. */
  choresEveryMs?: number;
  /** Who delivers; the store's own deliverer lock unless a test gives one. */
  lock?: DelivererLock;
  now?: () => number;
};

export type Delivery = {
  /** Finishes the sends in flight (if any), leaves the rest pending, and gives up the lock. */
  stop(): Promise<void>;
  /** What keeps delivery from working now, for /healthz (empty when nothing does). */
  problems(): string[];
};

/** The delivery worker: for each channel (EmailJS, Slack, Discord, Telegram, a webhook), sends
 * its pending deliveries one at a time, oldest due first, paced, retrying what may succeed later
 * and setting aside what cannot. The channels run side by side, so one that is down (retrying,
 * waiting for its provider's Retry-After) never delays another. Runs in the HTTP server's
 * process; only the store's deliverer (SQLite's lease row, or PostgreSQL's advisory lock) sends.
 * The same rules run over either database (app/store/store.server.ts).
 *
 * Faults of the store itself (docs/decisions/0019-sqlite-store.md): the intent to send is
 * written before each call, so a volume that cannot be written stops sending before it starts.
 * An outcome that cannot be written once the provider answered is kept in memory: that delivery
 * is not sent again while this process lives, its outcome is written as soon as the volume
 * allows, and that channel takes no other delivery until then. */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { store, backoff, giveUpAfterMs, retentionMs, pollMs, choresEveryMs = 3_600_000 } = options;
  const now = options.now ?? (() => Date.now());
  const lease = options.lock ?? store.deliverer();
  let stopping = false;
  let lastPurgeAt = -Infinity;
  // One question to the lock at a time, whichever channel asks (a PostgreSQL session must not be
  // opened twice by two channels at once).
  let holding: Promise<boolean> | undefined;
  const hold = () =>
    (holding ??= lease.hold().finally(() => {
      holding = undefined;
    }));

  async function chores() {
    if (now() - lastPurgeAt < choresEveryMs) return;
    lastPurgeAt = now();
    // Retention: what reached the team long enough ago is erased (ENQUIRY_RETENTION_DAYS).
    const purged = await store.eraseExpired(retentionMs);
    if (purged) log("info", "store.purged", { delivered: purged });
  }

  const queues = options.channels.map((channel) => channelQueue(channel));

  function channelQueue(channel: DeliveryChannel) {
    const pacing = store.pacing(channel.name);
    let wake: () => void = () => {};
    // Measured from the end of the previous call, so that two calls arrive at the provider at
    // least `intervalMs` apart whatever the network's delay did to the first.
    let lastCallEndedAt = -Infinity;
    /** Outcomes the provider gave that are not in the store yet: id → how to write it. */
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
          channel: channel.name,
          requestId: target.requestId,
          outcome,
          error: errorCode(error),
          message:
            "the provider answered but the store cannot be written: not sent again; this channel takes no other enquiry until it is written",
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
          channel: channel.name,
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
      const wait = Math.max(lastCallEndedAt + channel.intervalMs - now(), await pacing.waitMs(channel.intervalMs));
      if (wait > 0) await pause(wait);
      if (stopping) return;
      // Still the one deliverer, just before the call (a stalled process may have lost it).
      if (!(await hold())) return;
      if (current.sendingSince) {
        log("warn", "enquiry.resending", {
          id: current.id,
          channel: channel.name,
          requestId: current.requestId,
          sendingSince: current.sendingSince,
          message: "a call was in flight when a process stopped: the provider may receive this enquiry a second time",
        });
      }
      // The intent, written before the call: a store that cannot take it stops the send here.
      const marked = await store.markSending(current, new Date(now()).toISOString());
      if (!marked) return;
      current = marked;
      // Where the next deliverer sees it, should this process die during the call.
      await pacing.callStarting();

      const started = now();
      const result = await channel.send(current);
      lastCallEndedAt = now();
      deliveryLatency.observe({ channel: channel.name }, (lastCallEndedAt - started) / 1000);
      await pacing.callEnded().catch(() => {}); // this process's own spacing holds meanwhile
      const at = new Date(now()).toISOString();
      const attempts = [
        ...current.attempts,
        result.ok
          ? { at, outcome: "delivered", status: result.status }
          : { at, outcome: result.reason, status: result.status, detail: result.detail },
      ];
      const waitedSeconds = Math.round((now() - Date.parse(current.receivedAt)) / 1000);
      const base = { id: current.id, channel: channel.name, requestId: current.requestId, attempt: attempts.length };
      const sent = current;

      if (result.ok) {
        const changes = { attempts, deliveredAt: at, nextAttemptAt: undefined, sendingSince: undefined };
        deliveries.inc({ channel: channel.name });
        if (await record(sent, "delivered", () => store.move(sent, "delivered", changes)))
          log("info", "enquiry.delivered", { ...base, status: result.status, waitedSeconds });
        return;
      }
      const verdict = channel.judge(result);
      const failure = { reason: result.reason, status: result.status, detail: result.detail };
      const clockStart = Date.parse(current.retriedAt ?? current.receivedAt);
      if (verdict.kind === "give-up" || now() - clockStart >= giveUpAfterMs) {
        const fix = verdict.kind === "give-up" ? verdict.fix : channel.giveUpFix(giveUpAfterMs);
        const changes = { attempts, nextAttemptAt: undefined, sendingSince: undefined, failure: { ...failure, fix } };
        deliveryFailures.inc({ channel: channel.name, reason: result.reason, outcome: "failed" });
        await record(sent, "failed", () => store.move(sent, "failed", changes));
        log("error", "enquiry.delivery_failed", { ...base, ...failure, providerText: result.detail, fix });
        return;
      }
      // The provider's own hint (429's Retry-After) wins over a shorter backoff.
      const delayMs = Math.max(retryDelay(attempts.length, backoff), result.retryAfterMs ?? 0);
      const next = {
        ...sent,
        attempts,
        sendingSince: undefined,
        nextAttemptAt: new Date(now() + delayMs).toISOString(),
      };
      deliveryFailures.inc({ channel: channel.name, reason: result.reason, outcome: "retry" });
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
      // Nothing new is taken while an outcome the provider gave is not in the store.
      if (unrecorded.size > 0 && !(await writeUnrecorded())) return false;
      if (!(await hold())) return false;
      await chores();
      // One delivery per tick, so a stop request is seen between sends.
      const next = await store.nextDue(channel.name, now(), [...unrecorded.keys()]);
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
            log("error", "store.unavailable", { error: message, code, channel: channel.name });
            lastProblem = { kind, at: now() };
          }
        }
        if (!busy && !stopping) await pause(pollMs);
      }
      if (unrecorded.size > 0 && !(await writeUnrecorded().catch(() => false))) {
        log("error", "enquiry.outcome_unrecorded_at_exit", {
          ids: [...unrecorded.keys()],
          channel: channel.name,
          message:
            "the provider accepted or answered these, but the store could not be written: the next start sends them again",
        });
      }
    })();

    return {
      running,
      wake: () => wake(),
      problems() {
        const problems: string[] = [];
        if (unrecorded.size > 0)
          problems.push(
            `${unrecorded.size} ${channel.name} delivery outcome(s) not yet written to the store: delivery paused`,
          );
        if (unavailable) problems.push(`delivery cannot use the database (${unavailable.code})`);
        return problems;
      },
    };
  }

  return {
    async stop() {
      stopping = true;
      for (const queue of queues) queue.wake();
      await Promise.all(queues.map((queue) => queue.running));
      await lease.release().catch(() => {});
    },
    problems() {
      const problems = [...new Set(queues.flatMap((queue) => queue.problems()))];
      const leaseProblem = lease.problem();
      if (leaseProblem) problems.push(leaseProblem);
      return problems;
    },
  };
}
