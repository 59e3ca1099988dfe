// One call to a channel's provider: in its turn among the channels that share its pacing, paced,
// by the one deliverer, its intent written first; measured, and its outcome added to the tries.
import { keptAttempts } from "~/store/record.server";
import type { Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import { deliveryLatency } from "~/utils/metrics.server";
import type { ChannelLoop } from "./state.server";

export type Call = Exclude<Awaited<ReturnType<typeof paced>>, undefined>;

/** One call, in its turn. Undefined when no call was made (stopping, no longer the deliverer, or
 * the delivery was changed meanwhile). */
export function call(loop: ChannelLoop, due: Delivery) {
  const turn = loop.gate.turn.then(() => paced(loop, due));
  loop.gate.turn = turn.catch(() => {});
  return turn;
}

async function paced(loop: ChannelLoop, due: Delivery) {
  const { channel, gate, pacing, store, now } = loop;
  let current = due;
  // Paced from the end of the previous call (measured from its end, so that two calls arrive
  // at the provider at least `intervalMs` apart whatever the network's delay did to the
  // first): this process's own, and the store's (a new deliverer continues the spacing of
  // the last one).
  const wait = Math.max(gate.lastCallEndedAt + channel.intervalMs - now(), await pacing.waitMs(channel.intervalMs));
  if (wait > 0) await loop.pause(wait);
  if (loop.stopping()) return undefined;
  // Still the one deliverer, just before the call (a stalled process may have lost it).
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
