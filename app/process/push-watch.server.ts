import { deviceCounts, unconfirmedAlerts, type UnconfirmedAlert } from "~/store/push-watch.server";
import { pushSettings, store } from "./process.server";

export type PushWatch = {
  devices: number;
  stale: number;
  unconfirmed: UnconfirmedAlert[];
  more: boolean;
  confirmMinutes: number;
};

let last: { at: number; run: Promise<PushWatch | undefined> } | undefined;

export function pushWatch(now = Date.now()): Promise<PushWatch | undefined> {
  if (!pushSettings.enabled) return Promise.resolve(undefined);
  if (last && now - last.at < 1_000) return last.run;
  const run = (async () => {
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
  })();
  last = { at: now, run };
  run.catch(() => {
    if (last?.run === run) last = undefined;
  });
  return run;
}
