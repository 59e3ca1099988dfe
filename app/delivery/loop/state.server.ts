// One channel's loop as a unit: what it is given (its channel, the store, the rules, and what it
// shares with the other channels: the lock and its pacing key's gate) and everything it remembers
// between ticks, in one place. The modules beside this one each do one part of a tick over it.
import type { ChannelHealth, ChannelState, DeliveryQueue, Pacing } from "~/store/store.server";
import type { Backoff } from "../retry-policy.server";
import type { DeliveryChannel } from "../transport.server";

/** The spacing of one pacing key: the channels that share one (one provider's account) make their
 * calls one at a time, each `intervalMs` after the end of the last one of any of them. */
export type Gate = { lastCallEndedAt: number; turn: Promise<unknown> };

export type LoopSetup = {
  channel: DeliveryChannel;
  store: DeliveryQueue;
  /** This delivery's own retries (a failure that was its own). */
  backoff: Backoff;
  /** A failing channel's probes. */
  probeBackoff: Backoff;
  giveUpAfterMs: number;
  pollMs: number;
  now: () => number;
  /** Takes or keeps the right to deliver (one question to the lock at a time, for all channels). */
  hold: () => Promise<boolean>;
  gate: Gate;
  stopping: () => boolean;
};

/** An outcome the provider gave that the store has not taken yet. */
export type Unrecorded = { write: () => Promise<unknown>; outcome: string; since: number };

/** What a channel's loop remembers between ticks. */
export type LoopState = {
  /** Outcomes not in the store yet: id → how to write it. The channel takes nothing new meanwhile. */
  unrecorded: Map<string, Unrecorded>;
  /** The channel's state the store could not take: written before this channel does anything else. */
  unwritten?: ChannelState;
  /** The store's fault met by the last tick, for /healthz. */
  unavailable?: { code: string; at: number };
  /** The last fault logged (said again once a minute while it lasts). */
  lastProblem: { kind: string; at: number };
  /** Deliveries that met a fault which may have been their own (a 500, a timeout) while the
   * channel was failing: the next probe is another's, so one message that trips the provider
   * never holds up the channel. Forgotten when it is back. */
  suspects: Set<string>;
  /** When this channel last delivered (this process): a delivery that fails again after the
   * provider took others has a problem of its own. */
  lastDeliveredAt: number;
  /** When the give-up bound was last swept for. */
  lastSweepAt: number;
  /** Ends the current pause at once (a stop). */
  wake: () => void;
};

export type ChannelLoop = LoopSetup & {
  pacing: Pacing;
  health: ChannelHealth;
  state: LoopState;
  /** Rests `ms`, or until woken. */
  pause(ms: number): Promise<void>;
};

export function channelLoopOf(setup: LoopSetup): ChannelLoop {
  const key = setup.channel.pacing ?? setup.channel.name;
  const state: LoopState = {
    unrecorded: new Map(),
    lastProblem: { kind: "", at: -Infinity },
    suspects: new Set(),
    lastDeliveredAt: -Infinity,
    lastSweepAt: -Infinity,
    wake: () => {},
  };
  return {
    ...setup,
    pacing: setup.store.pacing(key),
    health: setup.store.channelHealth(setup.channel.name),
    state,
    pause: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        state.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
}
