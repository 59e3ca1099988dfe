// A provider's outage, not each enquiry's (decision 0026, as Postfix treats a dead destination).
import type { ChannelState, Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { deliveryFailures } from "~/utils/metrics.server";
import { nextTryDelay } from "../retry-policy.server";
import type { SendResult } from "../transport.server";
import type { ChannelLoop } from "./state.server";

const MAX_SUSPECTS = 50;

async function saveState(loop: ChannelLoop, next: ChannelState) {
  loop.state.unwritten = next;
  await loop.health.save(next).then(
    () => (loop.state.unwritten = undefined),
    () => {},
  );
}

/** A 500 or a timeout may be this message's doing: it becomes a suspect, passed over by the next probe. */
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
