import { keptAttempts } from "~/store/record.server";
import { errorCode } from "~/store/sql.server";
import type { ChannelState, DelivererLock, DeliveryQueue, Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { channelProbes, deliveries, deliveryFailures, deliveryLatency } from "~/utils/metrics.server";
import { failingSince as failingSinceOf, nextTryDelay, type Backoff } from "./retry-policy.server";
import type { DeliveryChannel, Verdict } from "./transport.server";

/** How many deliveries a failing channel's probes pass over as suspects of their own fault. */
const MAX_SUSPECTS = 50;

export type DeliveryOptions = {
  store: DeliveryQueue;
  /** Where enquiries go: each channel a queue of its own (its deliveries, pacing, retries). */
  channels: readonly DeliveryChannel[];
  /** An enquiry's own retries (a failure that was its own): OUTBOX_RETRY_BASE_MS doubling to
   * OUTBOX_RETRY_MAX_MS. */
  backoff: Backoff;
  /** A failing channel's probes: how late a provider that is back is found (OUTBOX_RETRY_BASE_MS
   * doubling to OUTBOX_PROBE_MAX_MS); `backoff` when not given. */
  probeBackoff?: Backoff;
  /** A delivery failing this long is given up (failed) for an operator: counted from its first
   * failed try, or from when its channel's provider started failing for it (retry-policy's
   * `failingSince`). */
  giveUpAfterMs: number;
  /** How often the database is looked at for new or due deliveries. */
  pollMs: number;
  /** Who delivers; the store's own deliverer lock unless a test gives one. */
  lock?: DelivererLock;
  now?: () => number;
};

export type DeliveryWorker = {
  /** Finishes the sends in flight (if any), leaves the rest pending, and gives up the lock. */
  stop(): Promise<void>;
  /** What keeps delivery from working now, for /healthz (empty when nothing does). */
  problems(): string[];
};

/** The delivery worker: for each channel (EmailJS, Slack, Discord, Telegram, a webhook), sends
 * its pending deliveries one at a time, oldest due first, paced, and fails what retrying
 * cannot fix (for an operator). The channels run side by side, so one that is down never delays another. Runs in
 * the HTTP server's process; only the store's deliverer (SQLite's lease row, or PostgreSQL's
 * advisory lock) sends. The same rules run over either database (app/store/store.server.ts).
 *
 * An outage is the provider's, not each enquiry's (docs/decisions/0026, as Postfix treats a dead
 * destination): a provider fault marks the channel failing in the database; while it fails one
 * delivery at a time, the oldest due, probes it on the channel's backoff and the others wait
 * without calls, their due times untouched; when a probe goes through, the whole backlog is due at
 * once, oldest first, at the channel's pace. A failure that is the enquiry's own keeps a backoff
 * of its own.
 *
 * Faults of the store itself (docs/decisions/0019-sqlite-store.md): the intent to send is
 * written before each call, so a volume that cannot be written stops sending before it starts.
 * An outcome that cannot be written once the provider answered is kept in memory: that delivery
 * is not sent again while this process lives, its outcome is written as soon as the volume
 * allows, and that channel takes no other delivery until then. */
export function startDelivery(options: DeliveryOptions): DeliveryWorker {
  const { store, backoff, giveUpAfterMs, pollMs } = options;
  const probeBackoff = options.probeBackoff ?? backoff;
  const now = options.now ?? (() => Date.now());
  const lease = options.lock ?? store.deliverer();
  let stopping = false;
  // One question to the lock at a time, whichever channel asks (a PostgreSQL session must not be
  // opened twice by two channels at once).
  let holding: Promise<boolean> | undefined;
  const hold = () =>
    (holding ??= lease.hold().finally(() => {
      holding = undefined;
    }));

  /** The spacing of each pacing key: the channels that share one (one provider's account) make
   * their calls one at a time, each `intervalMs` after the end of the last one of any of them. */
  const gates = new Map<string, { lastCallEndedAt: number; turn: Promise<unknown> }>();
  const gateOf = (key: string) => {
    let gate = gates.get(key);
    if (!gate) gates.set(key, (gate = { lastCallEndedAt: -Infinity, turn: Promise.resolve() }));
    return gate;
  };

  const queues = options.channels.map((channel) => channelQueue(channel));

  function channelQueue(channel: DeliveryChannel) {
    const pacing = store.pacing(channel.pacing ?? channel.name);
    const gate = gateOf(channel.pacing ?? channel.name);
    const health = store.channelHealth(channel.name);
    let wake: () => void = () => {};
    /** Outcomes the provider gave that are not in the store yet: id → how to write it. */
    const unrecorded = new Map<string, { write: () => Promise<unknown>; outcome: string; since: number }>();
    let unavailable: { code: string; at: number } | undefined;
    /** The channel's state the store could not take: written before this channel does anything else. */
    let unwritten: ChannelState | undefined;
    /** Deliveries that met a fault which may have been their own (a 500, a timeout) while the
     * channel was failing: the next probe is another's, so one message that trips the provider
     * never holds up the channel. Forgotten when it is back. */
    const suspects = new Set<string>();
    /** When this channel last delivered (this process): a delivery that fails again after the
     * provider took others has a problem of its own. */
    let lastDeliveredAt = -Infinity;
    let lastSweepAt = -Infinity;

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    /** Writes an outcome; when the volume refuses, keeps it to write later. */
    async function record(target: Delivery, outcome: string, write: () => Promise<unknown>) {
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

    /** Notes the channel's state; when the store refuses, this process keeps to it meanwhile. */
    async function saveState(next: ChannelState) {
      unwritten = next;
      await health.save(next).then(
        () => (unwritten = undefined),
        () => {}, // written at the next tick, before anything else (and said then if it still fails)
      );
    }

    /** One call, in its turn among the channels that share its pacing. */
    function call(due: Delivery) {
      const turn = gate.turn.then(() => paced(due));
      gate.turn = turn.catch(() => {});
      return turn;
    }

    /** One call: paced, by the one deliverer, its intent written first. Undefined when no call
     * was made (stopping, no longer the deliverer, or the delivery was changed meanwhile). */
    async function paced(due: Delivery) {
      let current = due;
      // Paced from the end of the previous call (measured from its end, so that two calls arrive
      // at the provider at least `intervalMs` apart whatever the network's delay did to the
      // first): this process's own, and the store's (a new deliverer continues the spacing of
      // the last one).
      const wait = Math.max(gate.lastCallEndedAt + channel.intervalMs - now(), await pacing.waitMs(channel.intervalMs));
      if (wait > 0) await pause(wait);
      if (stopping) return undefined;
      // Still the one deliverer, just before the call (a stalled process may have lost it).
      if (!(await hold())) return undefined;
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
      if (!marked) return undefined;
      current = marked;
      // Where the next deliverer sees it, should this process die during the call.
      await pacing.callStarting();

      const started = now();
      const result = await channel.send(current);
      gate.lastCallEndedAt = now();
      deliveryLatency.observe({ channel: channel.name }, (gate.lastCallEndedAt - started) / 1000);
      await pacing.callEnded().catch(() => {}); // this process's own spacing holds meanwhile
      const at = new Date(now()).toISOString();
      const attempts = keptAttempts([
        ...current.attempts,
        result.ok
          ? { at, outcome: "delivered", status: result.status }
          : { at, outcome: result.reason, status: result.status, detail: result.detail },
      ]);
      return { sent: current, result, at, attempts };
    }

    /** A fault the channel's judge calls the provider's, though it may be this message's doing
     * (a 500, a timeout), is this delivery's own when it fails again after the provider has taken
     * others since its last failure. */
    function ownAfterAll(sent: Delivery, verdict: Verdict): boolean {
      if (verdict.kind !== "provider" || verdict.unavailable) return false;
      const lastFailure = [...sent.attempts].reverse().find((a) => a.outcome !== "delivered");
      return lastFailure !== undefined && lastDeliveredAt > Date.parse(lastFailure.at);
    }

    /** A call and what follows it: delivered, failed, retried on its own, or (the provider's
     * fault) the channel failing, the delivery keeping its place. */
    async function deliver(due: Delivery, state: ChannelState) {
      const tried = await call(due);
      if (!tried) return;
      const { sent, result, at, attempts } = tried;
      const failing = state.failingSince !== undefined;
      const waitedSeconds = Math.round((now() - Date.parse(sent.receivedAt)) / 1000);
      const base = { id: sent.id, channel: channel.name, requestId: sent.requestId, attempt: attempts.length };
      if (failing) channelProbes.inc({ channel: channel.name, result: result.ok ? "delivered" : "failed" });

      if (result.ok) {
        lastDeliveredAt = now();
        if (failing) await recovered(state);
        const changes = { attempts, deliveredAt: at, nextAttemptAt: undefined, sendingSince: undefined };
        deliveries.inc({ channel: channel.name });
        if (await record(sent, "delivered", () => store.move(sent, "delivered", changes)))
          log("info", "enquiry.delivered", { ...base, status: result.status, waitedSeconds });
        return;
      }
      const judged = channel.judge(result);
      const verdict: Verdict = ownAfterAll(sent, judged) ? { kind: "retry" } : judged;
      const failure = { reason: result.reason, status: result.status, detail: result.detail };
      const giveUp = async (fix: string) => {
        const changes = { attempts, nextAttemptAt: undefined, sendingSince: undefined, failure: { ...failure, fix } };
        deliveryFailures.inc({ channel: channel.name, reason: result.reason, outcome: "failed" });
        await record(sent, "failed", () => store.move(sent, "failed", changes));
        log("error", "enquiry.delivery_failed", { ...base, ...failure, providerText: result.detail, fix });
      };

      if (verdict.kind === "provider") {
        // The provider's fault: the channel backs off, and this delivery keeps its due time (its
        // place in the queue); the provider's own hint (Retry-After) wins over a shorter step.
        const failures = state.failures + 1;
        const failingSince = state.failingSince ?? at;
        const delayMs = nextTryDelay(failures, probeBackoff, result.retryAfterMs);
        const nextProbeAt = new Date(now() + delayMs).toISOString();
        if (!verdict.unavailable) {
          suspects.add(sent.id);
          // The earliest named go first when there are many: a probe asks for a few, not all.
          if (suspects.size > MAX_SUSPECTS) suspects.delete(suspects.values().next().value!);
        }
        await saveState({ channel: channel.name, failingSince, failures, nextProbeAt, lastFailure: failure });
        deliveryFailures.inc({ channel: channel.name, reason: result.reason, outcome: "retry" });
        log("warn", failing ? "channel.probe_failed" : "channel.failing", {
          ...base,
          reason: result.reason,
          status: result.status,
          providerText: result.detail,
          failingSince,
          failures,
          nextProbeAt,
          nextProbeInSeconds: Math.round(delayMs / 1000),
          ...(failing
            ? {}
            : { message: "the provider fails: the channel's deliveries wait without calls, one probe at a time" }),
        });
        const since = failingSinceOf(sent, failingSince) ?? now();
        if (now() - since >= giveUpAfterMs) return giveUp(channel.giveUpFix(giveUpAfterMs));
        await record(sent, "retry", () => store.update({ ...sent, attempts, sendingSince: undefined }));
        return;
      }
      // The provider answered: whatever this enquiry's fate, the channel is up.
      if (failing && judged.kind !== "provider") await recovered(state);
      if (verdict.kind === "give-up") return giveUp(verdict.fix);
      const since = failingSinceOf(sent) ?? now();
      if (now() - since >= giveUpAfterMs) return giveUp(channel.giveUpFix(giveUpAfterMs));
      // This enquiry's own failure, which may pass: it alone waits out its backoff.
      const delayMs = nextTryDelay(attempts.length, backoff, result.retryAfterMs);
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

    /** The provider answers again: the whole backlog is due at once, oldest first (the store makes
     * every delivery that waited for it due by arrival, own retry timers included, as it notes
     * the channel up). */
    async function recovered(state: ChannelState) {
      suspects.clear();
      await saveState({ channel: channel.name, failures: 0 });
      log("info", "channel.recovered", {
        channel: channel.name,
        failingSince: state.failingSince,
        failedForSeconds: Math.round((now() - Date.parse(state.failingSince ?? "")) / 1000),
        failedProbes: state.failures,
        message: "the provider answers again: its waiting deliveries go out oldest first, at its pace",
      });
    }

    /** The give-up bound, counted from when the channel started failing for each delivery: what
     * has waited that long for the provider fails (for an operator), without a
     * call. Looked at no more often than a sweep could find something new. */
    async function giveUpWaiting(state: ChannelState) {
      const failingFor = now() - Date.parse(state.failingSince ?? "");
      if (
        !(failingFor >= giveUpAfterMs) ||
        now() - lastSweepAt < Math.min(60_000, Math.max(pollMs, giveUpAfterMs / 100))
      )
        return;
      lastSweepAt = now();
      const fix = channel.giveUpFix(giveUpAfterMs);
      const failure = { ...(state.lastFailure ?? { reason: "unknown" }), fix };
      const ids = await store.failWaiting(channel.name, new Date(now() - giveUpAfterMs).toISOString(), failure);
      for (const id of ids) {
        log("error", "enquiry.delivery_failed", {
          id,
          channel: channel.name,
          ...failure,
          failingSince: state.failingSince,
          message:
            "failed after waiting for the provider for the give-up bound: nothing is lost, an operator retries it",
        });
      }
    }

    /** One step: at most one call. Returns how long to rest before the next (0: at once). */
    async function tick(): Promise<number> {
      // Nothing new is taken while an outcome the provider gave is not in the store.
      if (unrecorded.size > 0 && !(await writeUnrecorded())) return pollMs;
      if (!(await hold())) {
        unwritten = undefined; // the next deliverer keeps the state; this process's is stale
        return pollMs;
      }
      if (unwritten) {
        await health.save(unwritten);
        unwritten = undefined;
      }
      const state = await health.read();
      const skip = [...unrecorded.keys()];
      let due: Delivery | undefined;
      if (state.failingSince !== undefined) {
        await giveUpWaiting(state);
        // While the provider fails, one probe at a time, on the channel's backoff; the others wait.
        // The probe is the oldest waiting (not a suspect), whatever its own retry timer: once it
        // goes through, the backlog is due in arrival order (ChannelHealth.save).
        const wait = Date.parse(state.nextProbeAt ?? "") - now();
        if (wait > 0) return Math.min(wait, pollMs);
        if (suspects.size) due = await store.nextDue(channel.name, now(), [...skip, ...suspects], { probe: true });
        due ??= await store.nextDue(channel.name, now(), skip, { probe: true });
      }
      due ??= await store.nextDue(channel.name, now(), skip);
      if (!due) return pollMs;
      await deliver(due, state);
      return 0;
    }

    const running = (async () => {
      let lastProblem = { kind: "", at: -Infinity };
      while (!stopping) {
        let rest = pollMs;
        try {
          rest = await tick();
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
        if (rest > 0 && !stopping) await pause(rest);
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
