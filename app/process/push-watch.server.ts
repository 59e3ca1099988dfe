import type { PushSettings } from "~/delivery/channels/push-settings.server";
import { deviceCounts, unconfirmedAlerts, type UnconfirmedAlert } from "~/store/push-watch.server";
import type { EnquiryStore } from "~/store/store.server";
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
  store: Pick<EnquiryStore, "staffTables">;
  settings: Pick<PushSettings, "enabled" | "confirmMs">;
}) {
  const watched = sharedForASecond(async (now): Promise<PushWatch> => {
    const sql = await store.staffTables();
    const settledBefore = new Date(now - settings.confirmMs).toISOString();
    const [counts, unconfirmed] = await Promise.all([
      deviceCounts(sql, settledBefore),
      unconfirmedAlerts(sql, { now, confirmMs: settings.confirmMs }),
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
