import { channelNames, channelStates } from "~/process/process.server";
import { pushWatch } from "~/process/push-watch.server";
import { failingChannels } from "./ui/ChannelNotice";

/** What the desk's views say above their rows: the channels sending, those failing, and phones that may stay silent
 * (decision 0039); the two reads side by side. */
export async function deskNotices() {
  const [states, push] = await Promise.all([channelStates(), pushWatch().catch(() => undefined)]);
  return { sending: channelNames, failing: failingChannels(states), push };
}
