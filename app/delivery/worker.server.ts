// A loop per channel, so one that is down never delays another; only the store's deliverer sends. Outages are the
// provider's (decision 0026); the intent is written before each call (decision 0019).
import type { DelivererLock, DeliveryQueue } from "~/store/store.server";
import { runChannel } from "./loop/channel-loop.server";
import type { Gate } from "./loop/state.server";
import type { Backoff } from "./retry-policy.server";
import type { DeliveryChannel } from "./transport.server";

const NUDGE_AFTER_MS = 50;

export type DeliveryOptions = {
  store: DeliveryQueue;
  channels: readonly DeliveryChannel[];
  backoff: Backoff;
  /** How late a provider that is back is found. */
  probeBackoff?: Backoff;
  giveUpAfterMs: number;
  pollMs: number;
  lock?: DelivererLock;
  now?: () => number;
};

export type DeliveryWorker = {
  stop(): Promise<void>;
  problems(): string[];
};

export function startDelivery(options: DeliveryOptions): DeliveryWorker {
  const { store, backoff, giveUpAfterMs, pollMs } = options;
  const now = options.now ?? (() => Date.now());
  const lease = options.lock ?? store.deliverer();
  let stopping = false;
  // A PostgreSQL session must not be opened twice by two channels at once.
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

  // Work this process queued (an enquiry, a reply, a retry) is looked for at once, not at the next poll: a moment
  // after the write, so that the writes of one moment make one look and the visitor's answer leaves first.
  let nudging: NodeJS.Timeout | undefined;
  const stopNudging = store.onWrite(() => {
    nudging ??= setTimeout(() => {
      nudging = undefined;
      for (const channel of channels) channel.nudge();
    }, NUDGE_AFTER_MS);
  });

  return {
    async stop() {
      stopping = true;
      stopNudging();
      clearTimeout(nudging);
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
