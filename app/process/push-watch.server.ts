import { deviceCounts, unconfirmedAlerts, type UnconfirmedAlert } from "~/store/push-watch.server";
import { sharedForASecond } from "~/utils/shared-for-a-second";
import { pushSettings, store } from "./process.server";

export type PushWatch = {
  devices: number;
  stale: number;
  unconfirmed: UnconfirmedAlert[];
  more: boolean;
  confirmMinutes: number;
};

const watched = sharedForASecond(async (now): Promise<PushWatch> => {
  const sql = await store.staffTables();
  const settledBefore = new Date(now - pushSettings.confirmMs).toISOString();
  const [counts, unconfirmed] = await Promise.all([
    deviceCounts(sql, settledBefore),
    unconfirmedAlerts(sql, { now, confirmMs: pushSettings.confirmMs }),
  ]);
  return {
    ...counts,
    unconfirmed: unconfirmed.alerts,
    more: unconfirmed.more,
    confirmMinutes: Math.round(pushSettings.confirmMs / 60_000),
  };
});

export const pushWatch = (now = Date.now()): Promise<PushWatch | undefined> =>
  pushSettings.enabled ? watched(now) : Promise.resolve(undefined);
