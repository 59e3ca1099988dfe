import type { PushSettings } from "~/delivery/channels/push-settings.server";
import type { PushPart } from "~/store/push-part.server";
import type { UnconfirmedAlert } from "~/store/push-watch.server";
import { sharedForASecond } from "~/utils/shared-for-a-second";

export type PushWatch = {
  devices: number;
  stale: number;
  unconfirmed: UnconfirmedAlert[];
  more: boolean;
  confirmMinutes: number;
};

/** Stale devices and unconfirmed alerts, for /healthz and the desk: read at most once a second. */
export function createPushWatch({
  store,
  settings,
}: {
  store: { push: Pick<PushPart, "deviceCounts" | "unconfirmedAlerts"> };
  settings: Pick<PushSettings, "enabled" | "confirmMs">;
}) {
  const watched = sharedForASecond(async (now): Promise<PushWatch> => {
    const settledBefore = new Date(now - settings.confirmMs).toISOString();
    const [counts, unconfirmed] = await Promise.all([
      store.push.deviceCounts(settledBefore),
      store.push.unconfirmedAlerts({ now, confirmMs: settings.confirmMs }),
    ]);
    return {
      ...counts,
      unconfirmed: unconfirmed.alerts,
      more: unconfirmed.more,
      confirmMinutes: Math.round(settings.confirmMs / 60_000),
    };
  });
  return (now = Date.now()): Promise<PushWatch | undefined> =>
    settings.enabled ? watched(now) : Promise.resolve(undefined);
}
