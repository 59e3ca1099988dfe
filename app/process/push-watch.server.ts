import { deviceCounts, unconfirmedAlerts, type UnconfirmedAlert } from "~/store/push-watch.server";
import { pushSettings, store } from "./process.server";

/** What anyone watching alerts needs to know (/healthz, /metrics, the desk): how many staff
 * devices have alerts on, how many are stale, and the recent enquiries no device confirmed in
 * time. Undefined while alerts are off. */
export type PushWatch = {
  devices: number;
  stale: number;
  unconfirmed: UnconfirmedAlert[];
  /** More unconfirmed than listed. */
  more: boolean;
  confirmMinutes: number;
};

let last: { at: number; run: Promise<PushWatch | undefined> } | undefined;

/** At most a second old, however often it is asked (a few indexed reads). */
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
