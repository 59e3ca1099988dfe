import { keptAttempts } from "~/store/record.server";
import type { Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { deliveryLatency } from "~/utils/metrics.server";
import type { ChannelLoop } from "./state.server";

export type Call = Exclude<Awaited<ReturnType<typeof paced>>, undefined>;

export function call(loop: ChannelLoop, delivery: Delivery) {
  const turn = loop.gate.turn.then(() => paced(loop, delivery));
  loop.gate.turn = turn.catch(() => {});
  return turn;
}

async function paced(loop: ChannelLoop, delivery: Delivery) {
  const { channel, gate, pacing, store, now } = loop;
  let current = delivery;
  // Measured from the previous call's end, so two calls reach the provider `intervalMs` apart whatever the network did.
  const wait = Math.max(gate.lastCallEndedAt + channel.intervalMs - now(), await pacing.waitMs(channel.intervalMs));
  if (wait > 0) await loop.pause(wait);
  if (loop.stopping()) return undefined;
  // A stalled process may have lost the lock.
  if (!(await loop.hold())) return undefined;
  if (current.sendingSince) {
    log("warn", "enquiry.resending", {
      id: current.id,
      channel: channel.name,
      requestId: current.requestId,
      sendingSince: current.sendingSince,
      message: "a call was in flight when a process stopped: the provider may receive this enquiry a second time",
    });
  }
  // The intent first: a store that cannot take it stops the send here.
  const marked = await store.markSending(current, new Date(now()).toISOString());
  if (!marked) return undefined;
  current = marked;
  // Where the next deliverer sees it, should this process die during the call.
  await pacing.callStarting();

  const started = now();
  const result = await channel.send(current);
  gate.lastCallEndedAt = now();
  deliveryLatency.observe({ channel: channel.name }, (gate.lastCallEndedAt - started) / 1000);
  await pacing.callEnded().catch(() => {});
  const at = new Date(now()).toISOString();
  const attempts = keptAttempts([
    ...current.attempts,
    result.ok
      ? { at, outcome: "delivered", status: result.status }
      : { at, outcome: result.reason, status: result.status, detail: result.detail },
  ]);
  return { sent: current, result, at, attempts };
}
