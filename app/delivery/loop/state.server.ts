// Everything a channel's loop remembers between ticks, in one place.
import type { ChannelHealth, ChannelState, DeliveryQueue, Pacing } from "~/store/store.server";
import type { Backoff } from "../retry-policy.server";
import type { DeliveryChannel } from "../transport.server";

export type Gate = { lastCallEndedAt: number; turn: Promise<unknown> };

export type LoopSetup = {
  channel: DeliveryChannel;
  store: DeliveryQueue;
  backoff: Backoff;
  probeBackoff: Backoff;
  giveUpAfterMs: number;
  pollMs: number;
  now: () => number;
  hold: () => Promise<boolean>;
  gate: Gate;
  stopping: () => boolean;
};

type Unrecorded = { write: () => Promise<unknown>; outcome: string; since: number };

type LoopState = {
  unrecorded: Map<string, Unrecorded>;
  unwritten?: ChannelState;
  unavailable?: { code: string; at: number };
  lastProblem: { kind: string; at: number };
  /** Passed over by the next probe, so one message that trips the provider never holds up the channel. */
  suspects: Set<string>;
  lastDeliveredAt: number;
  lastSweepAt: number;
  wake: () => void;
  /** Ends a rest between looks early, never a pacing wait: set only while the loop rests. */
  nudge: () => void;
};

export type ChannelLoop = LoopSetup & {
  pacing: Pacing;
  health: ChannelHealth;
  state: LoopState;
  pause(ms: number): Promise<void>;
  /** The wait before the next look: a pause that this process's writes end early. */
  rest(ms: number): Promise<void>;
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
    nudge: () => {},
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return {
    ...setup,
    pacing: setup.store.pacing(key),
    health: setup.store.channelHealth(setup.channel.name),
    state,
    pause,
    rest: (ms) => {
      const resting = pause(ms);
      state.nudge = state.wake;
      return resting.finally(() => (state.nudge = () => {}));
    },
  };
}
