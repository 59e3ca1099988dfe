import type { AppLoadContext } from "@remix-run/node";
import { failingChannels } from "./ui/ChannelNotice";

/** What the desk's views say above their rows: the channels configured, those failing, and phones that may stay silent
 * (decision 0039); the two reads side by side. */
export async function deskNotices({ wiring }: AppLoadContext) {
  const [states, push] = await Promise.all([wiring.channelStates(), wiring.pushWatch().catch(() => undefined)]);
  return { configured: wiring.channelNames, failing: failingChannels(states), push };
}
