// The delivery worker: for each channel (EmailJS, Slack, Discord, Telegram, a webhook), sends its
// pending deliveries one at a time, oldest due first, paced, and fails what retrying cannot fix
// (for an operator). The channels run side by side, so one that is down never delays another.
// Runs in the HTTP server's process; only the store's deliverer (SQLite's lease row, or
// PostgreSQL's advisory lock) sends. The same rules run over either database
// (app/store/store.server.ts).
//
// An outage is the provider's, not each enquiry's (docs/decisions/0026, as Postfix treats a dead
// destination): a provider fault marks the channel failing in the database; while it fails one
// delivery at a time, the oldest due, probes it on the channel's backoff and the others wait
// without calls, their due times untouched; when a probe goes through, the whole backlog is due at
// once, oldest first, at the channel's pace. A failure that is the enquiry's own keeps a backoff
// of its own.
//
// Faults of the store itself (docs/decisions/0019-sqlite-store.md): the intent to send is written
// before each call, so a volume that cannot be written stops sending before it starts. An outcome
// that cannot be written once the provider answered is kept in memory: that delivery is not sent
// again while this process lives, its outcome is written as soon as the volume allows, and that
// channel takes no other delivery until then.
//
// This module starts and stops the channels' loops and holds what they share (the lock, the
// pacing keys' gates); each loop is app/delivery/loop/ (channel-loop.server.ts, its state in
// state.server.ts).
import type { DelivererLock, DeliveryQueue } from "~/store/store.server";
import { runChannel } from "./loop/channel-loop.server";
import type { Gate } from "./loop/state.server";
import type { Backoff } from "./retry-policy.server";
import type { DeliveryChannel } from "./transport.server";

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

export function startDelivery(options: DeliveryOptions): DeliveryWorker {
  const { store, backoff, giveUpAfterMs, pollMs } = options;
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

  const gates = new Map<string, Gate>();
  const gateOf = (key: string) => {
    let gate = gates.get(key);
    if (!gate) gates.set(key, (gate = { lastCallEndedAt: -Infinity, turn: Promise.resolve() }));
    return gate;
  };

  const channels = options.channels.map((channel) =>
    runChannel({
      channel,
      store,
      backoff,
      probeBackoff: options.probeBackoff ?? backoff,
      giveUpAfterMs,
      pollMs,
      now,
      hold,
      gate: gateOf(channel.pacing ?? channel.name),
      stopping: () => stopping,
    }),
  );

  return {
    async stop() {
      stopping = true;
      for (const channel of channels) channel.wake();
      await Promise.all(channels.map((channel) => channel.running));
      await lease.release().catch(() => {});
    },
    problems() {
      const problems = [...new Set(channels.flatMap((channel) => channel.problems()))];
      const leaseProblem = lease.problem();
      if (leaseProblem) problems.push(leaseProblem);
      return problems;
    },
  };
}
