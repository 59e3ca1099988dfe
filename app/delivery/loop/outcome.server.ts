import type { ChannelState, Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { channelProbes, deliveries, deliveryFailures } from "~/utils/metrics.server";
import { failingSince as failingSinceOf, nextTryDelay } from "../retry-policy.server";
import type { Verdict } from "../transport.server";
import { call, type Call } from "./call.server";
import { providerFailed, recovered } from "./failing.server";
import type { ChannelLoop } from "./state.server";
import { record } from "./unrecorded.server";

export async function deliver(loop: ChannelLoop, delivery: Delivery, state: ChannelState) {
  const tried = await call(loop, delivery);
  if (!tried) return;
  const { channel, now, giveUpAfterMs } = loop;
  const { sent, result, at, attempts } = tried;
  const failing = state.failingSince !== undefined;
  const waitedSeconds = Math.round((now() - Date.parse(sent.receivedAt)) / 1000);
  if (failing) channelProbes.inc({ channel: channel.name, result: result.ok ? "delivered" : "failed" });

  if (result.ok) {
    loop.state.lastDeliveredAt = now();
    if (failing) await recovered(loop, state);
    return delivered(loop, tried, { status: result.status, waitedSeconds });
  }
  const judged = channel.judge(result);
  const verdict: Verdict = ownAfterAll(loop, sent, judged) ? { kind: "retry" } : judged;

  if (verdict.kind === "provider") {
    const since = await providerFailed(
      loop,
      { sent, result, at, attempt: attempts.length },
      state,
      verdict.unavailable,
    );
    if (now() - (failingSinceOf(sent, since) ?? now()) >= giveUpAfterMs)
      return giveUp(loop, tried, channel.giveUpFix(giveUpAfterMs));
    await record(loop, sent, "retry", () => loop.store.update({ ...sent, attempts, sendingSince: undefined }));
    return;
  }
  if (failing && judged.kind !== "provider") await recovered(loop, state);
  if (verdict.kind === "give-up") return giveUp(loop, tried, verdict.fix);
  if (now() - (failingSinceOf(sent) ?? now()) >= giveUpAfterMs)
    return giveUp(loop, tried, channel.giveUpFix(giveUpAfterMs));
  await retryOwn(loop, tried);
}

function ownAfterAll(loop: ChannelLoop, sent: Delivery, verdict: Verdict): boolean {
  if (verdict.kind !== "provider" || verdict.unavailable) return false;
  const lastFailure = [...sent.attempts].reverse().find((a) => a.outcome !== "delivered");
  return lastFailure !== undefined && loop.state.lastDeliveredAt > Date.parse(lastFailure.at);
}

const logged = (loop: ChannelLoop, { sent, attempts }: Call) => ({
  id: sent.id,
  channel: loop.channel.name,
  requestId: sent.requestId,
  attempt: attempts.length,
});

async function delivered(loop: ChannelLoop, tried: Call, said: { status: number; waitedSeconds: number }) {
  const { sent, at, attempts } = tried;
  const changes = { attempts, deliveredAt: at, nextAttemptAt: undefined, sendingSince: undefined };
  deliveries.inc({ channel: loop.channel.name });
  if (await record(loop, sent, "delivered", () => loop.store.move(sent, "delivered", changes)))
    log("info", "enquiry.delivered", { ...logged(loop, tried), ...said });
}

async function giveUp(loop: ChannelLoop, tried: Call, fix: string) {
  const { sent, result, attempts } = tried;
  if (result.ok) return;
  const failure = { reason: result.reason, status: result.status, detail: result.detail };
  const changes = { attempts, nextAttemptAt: undefined, sendingSince: undefined, failure: { ...failure, fix } };
  deliveryFailures.inc({ channel: loop.channel.name, reason: result.reason, outcome: "failed" });
  await record(loop, sent, "failed", () => loop.store.move(sent, "failed", changes));
  log("error", "enquiry.delivery_failed", { ...logged(loop, tried), ...failure, providerText: result.detail, fix });
}

async function retryOwn(loop: ChannelLoop, tried: Call) {
  const { sent, result, attempts } = tried;
  if (result.ok) return;
  const delayMs = nextTryDelay(attempts.length, loop.backoff, result.retryAfterMs);
  const next = {
    ...sent,
    attempts,
    sendingSince: undefined,
    nextAttemptAt: new Date(loop.now() + delayMs).toISOString(),
  };
  deliveryFailures.inc({ channel: loop.channel.name, reason: result.reason, outcome: "retry" });
  await record(loop, sent, "retry", () => loop.store.update(next));
  log("warn", "enquiry.retry_scheduled", {
    ...logged(loop, tried),
    reason: result.reason,
    status: result.status,
    providerText: result.detail,
    retryInSeconds: Math.round(delayMs / 1000),
  });
}
