// Kept in memory so the delivery is not sent again while this process lives (decision 0019).
import { errorCode } from "~/store/sql.server";
import type { Delivery } from "~/store/store.server";
import { log } from "~/utils/log.server";
import type { ChannelLoop } from "./state.server";

export async function record(loop: ChannelLoop, delivery: Delivery, outcome: string, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    loop.state.unrecorded.set(delivery.id, { write, outcome, since: loop.now() });
    log("error", "enquiry.outcome_unrecorded", {
      id: delivery.id,
      channel: loop.channel.name,
      requestId: delivery.requestId,
      outcome,
      error: errorCode(error),
      message:
        "the provider answered but the store cannot be written: not sent again; this channel takes no other enquiry until it is written",
    });
    return false;
  }
  return true;
}

export async function writeUnrecorded(loop: ChannelLoop): Promise<boolean> {
  for (const [id, pending] of loop.state.unrecorded) {
    try {
      await pending.write();
    } catch {
      return false; // the store still refuses: said once already
    }
    loop.state.unrecorded.delete(id);
    log("info", "enquiry.outcome_recorded", {
      id,
      channel: loop.channel.name,
      outcome: pending.outcome,
      afterSeconds: Math.round((loop.now() - pending.since) / 1000),
    });
  }
  return true;
}
