// Faults of the store itself are said once a minute while they last; the loop keeps looking.
import { errorCode } from "~/store/sql.server";
import type { Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { failPastBound } from "./failing.server";
import { deliver } from "./outcome.server";
import { channelLoopOf, type LoopSetup, type ChannelLoop } from "./state.server";
import { writeUnrecorded } from "./unrecorded.server";

export type RunningChannel = {
  running: Promise<void>;
  wake(): void;
  nudge(): void;
  problems(): string[];
};

export function runChannel(setup: LoopSetup): RunningChannel {
  const loop = channelLoopOf(setup);
  const { state, channel } = loop;
  return {
    running: run(loop),
    wake: () => state.wake(),
    nudge: () => state.nudge(),
    problems() {
      const problems: string[] = [];
      if (state.unrecorded.size > 0)
        problems.push(
          `${state.unrecorded.size} ${channel.name} delivery outcome(s) not yet written to the store: delivery paused`,
        );
      if (state.unavailable) problems.push(`delivery cannot use the database (${state.unavailable.code})`);
      return problems;
    },
  };
}

async function run(loop: ChannelLoop) {
  const { state, channel, now, pollMs } = loop;
  while (!loop.stopping()) {
    let rest = pollMs;
    try {
      rest = await tick(loop);
      state.unavailable = undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = errorCode(error);
      const kind = code === "error" ? message : code;
      state.unavailable = { code, at: now() };
      if (kind !== state.lastProblem.kind || now() - state.lastProblem.at >= 60_000) {
        log("error", "store.unavailable", { error: message, code, channel: channel.name });
        state.lastProblem = { kind, at: now() };
      }
    }
    if (rest > 0 && !loop.stopping()) await loop.rest(rest);
  }
  if (state.unrecorded.size > 0 && !(await writeUnrecorded(loop).catch(() => false))) {
    log("error", "enquiry.outcome_unrecorded_at_exit", {
      ids: [...state.unrecorded.keys()],
      channel: channel.name,
      message:
        "the provider accepted or answered these, but the store could not be written: the next start sends them again",
    });
  }
}

async function tick(loop: ChannelLoop): Promise<number> {
  const { state, store, channel, health, now, pollMs } = loop;
  if (state.unrecorded.size > 0 && !(await writeUnrecorded(loop))) return pollMs;
  if (!(await loop.hold())) {
    state.unwritten = undefined; // the next deliverer keeps the state; this process's is stale
    return pollMs;
  }
  if (state.unwritten) {
    await health.save(state.unwritten);
    state.unwritten = undefined;
  }
  const channelState = await health.read();
  const skip = [...state.unrecorded.keys()];
  const look = (without: string[], probe = false) => store.nextDue(channel.name, now(), without, { probe });
  let delivery: Delivery | undefined;
  if (channelState.failingSince !== undefined) {
    await failPastBound(loop, channelState);
    // A suspect (on a timer of its own) waits it out, so a message the provider trips over never holds the probes.
    const wait = Date.parse(channelState.nextProbeAt ?? "") - now();
    if (wait > 0) return Math.min(wait, pollMs);
    // Each look once: with no suspects the two lists are the same, and a probe's look covers what is due.
    const suspects = state.suspects.size ? [...skip, ...state.suspects] : undefined;
    delivery =
      (suspects && (await look(suspects))) ||
      (await look(skip)) ||
      (suspects && (await look(suspects, true))) ||
      (await look(skip, true));
  } else delivery = await look(skip);
  if (!delivery) return pollMs;
  await deliver(loop, delivery, channelState);
  return 0;
}
