// A channel whose provider fails (docs/decisions/0026, as Postfix treats a dead destination): it is
// marked failing in the database and probed on its backoff; when a probe goes through it is up
// again and its whole backlog due; what waited past the give-up bound fails, without a call.
import type { ChannelState, Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { deliveryFailures } from "~/utils/metrics.server";
import { nextTryDelay } from "../retry-policy.server";
import type { SendResult } from "../transport.server";
import type { ChannelLoop } from "./state.server";

/** The most deliveries a failing channel's probes pass over as suspects of their own fault. */
const MAX_SUSPECTS = 50;

/** Notes the channel's state; when the store refuses, this process keeps to it meanwhile. */
export async function saveState(loop: ChannelLoop, next: ChannelState) {
  loop.state.unwritten = next;
  await loop.health.save(next).then(
    () => (loop.state.unwritten = undefined),
    () => {}, // written at the next tick, before anything else (and said then if it still fails)
  );
}

/** The provider's fault on a call: the channel backs off (the provider's own hint, Retry-After,
 * wins over a shorter step), and the delivery keeps its due time, its place in the queue. A
 * fault that may be this message's doing (a 500, a timeout: not `unavailable`) makes it a
 * suspect, passed over by the next probe. Returns since when the channel has been failing. */
export async function providerFailed(
  loop: ChannelLoop,
  failed: { sent: Delivery; result: Extract<SendResult, { ok: false }>; at: string; attempt: number },
  state: ChannelState,
  unavailable: boolean | undefined,
): Promise<string> {
  const { channel, now } = loop;
  const { sent, result, at } = failed;
  const wasFailing = state.failingSince !== undefined;
  const failures = state.failures + 1;
  const failingSince = state.failingSince ?? at;
  const delayMs = nextTryDelay(failures, loop.probeBackoff, result.retryAfterMs);
  const nextProbeAt = new Date(now() + delayMs).toISOString();
  if (!unavailable) {
    loop.state.suspects.add(sent.id);
    // The earliest named go first when there are many: a probe asks for a few, not all.
    if (loop.state.suspects.size > MAX_SUSPECTS) loop.state.suspects.delete(loop.state.suspects.values().next().value!);
  }
  const lastFailure = { reason: result.reason, status: result.status, detail: result.detail };
  await saveState(loop, { channel: channel.name, failingSince, failures, nextProbeAt, lastFailure });
  deliveryFailures.inc({ channel: channel.name, reason: result.reason, outcome: "retry" });
  log("warn", wasFailing ? "channel.probe_failed" : "channel.failing", {
    id: sent.id,
    channel: channel.name,
    requestId: sent.requestId,
    attempt: failed.attempt,
    reason: result.reason,
    status: result.status,
    providerText: result.detail,
    failingSince,
    failures,
    nextProbeAt,
    nextProbeInSeconds: Math.round(delayMs / 1000),
    ...(wasFailing
      ? {}
      : { message: "the provider fails: the channel's deliveries wait without calls, one probe at a time" }),
  });
  return failingSince;
}

/** The provider answers again: the whole backlog is due at once, oldest first (the store makes
 * every delivery that waited for it due by arrival, own retry timers included, as it notes the
 * channel up). */
export async function recovered(loop: ChannelLoop, state: ChannelState) {
  loop.state.suspects.clear();
  await saveState(loop, { channel: loop.channel.name, failures: 0 });
  log("info", "channel.recovered", {
    channel: loop.channel.name,
    failingSince: state.failingSince,
    failedForSeconds: Math.round((loop.now() - Date.parse(state.failingSince ?? "")) / 1000),
    failedProbes: state.failures,
    message: "the provider answers again: its waiting deliveries go out oldest first, at its pace",
  });
}

/** The give-up bound, counted from when the channel started failing for each delivery: what has
 * waited that long for the provider fails (for an operator), without a call. Looked at no more
 * often than a sweep could find something new. */
export async function failPastBound(loop: ChannelLoop, state: ChannelState) {
  const { channel, giveUpAfterMs, pollMs, now } = loop;
  const failingFor = now() - Date.parse(state.failingSince ?? "");
  if (
    !(failingFor >= giveUpAfterMs) ||
    now() - loop.state.lastSweepAt < Math.min(60_000, Math.max(pollMs, giveUpAfterMs / 100))
  )
    return;
  loop.state.lastSweepAt = now();
  const fix = channel.giveUpFix(giveUpAfterMs);
  const failure = { ...(state.lastFailure ?? { reason: "unknown" }), fix };
  const ids = await loop.store.failWaiting(channel.name, new Date(now() - giveUpAfterMs).toISOString(), failure);
  for (const id of ids) {
    log("error", "enquiry.delivery_failed", {
      id,
      channel: channel.name,
      ...failure,
      failingSince: state.failingSince,
      message: "failed after waiting for the provider for the give-up bound: nothing is lost, an operator retries it",
    });
  }
}
