import { isoTime, type Queryable } from "./sql.server";

/** An alert sent this long ago and still unconfirmed counts against its device. */
const LAST_SENDS = 3;

/** Per device, 1 when its last three alerts sent before `settledBefore` (each given the time a
 * phone needs to confirm) were all left unconfirmed: the phone is off, or its subscription died
 * without a word (Apple answers 201 for a dead one: receipts, not status codes, tell). Read by
 * the push_sends_device index, three entries a device. */
export const STALE = `(SELECT CASE WHEN count(*) = ${LAST_SENDS} AND count(x.confirmed_at) = 0 THEN 1 ELSE 0 END
    FROM (SELECT s.confirmed_at FROM push_sends s
           WHERE s.device_id = p.id AND s.state = 'sent' AND s.sent_at <= $1
           ORDER BY s.sent_at DESC LIMIT ${LAST_SENDS}) x)`;

/** How many devices have alerts on, and how many of them are stale (/healthz, /metrics, the desk). */
export async function deviceCounts(sql: Queryable, settledBefore: string): Promise<{ devices: number; stale: number }> {
  const rows = await sql.all<{ stale: unknown }>(`SELECT ${STALE} AS stale FROM push_devices p`, [settledBefore]);
  return { devices: rows.length, stale: rows.filter((r) => Number(r.stale) === 1).length };
}

export type UnconfirmedAlert = { id: string; reference: string; receivedAt: string };

/** The enquiries of the last day still waiting for a first reply whose alert went to devices and
 * none confirmed it within the confirm time: the desk says so at the top (a silent phone must
 * mean no enquiry). Read from the needs-reply index's range of the day, newest first. */
export async function unconfirmedAlerts(
  sql: Queryable,
  { now, confirmMs, limit = 5 }: { now: number; confirmMs: number; limit?: number },
): Promise<{ alerts: UnconfirmedAlert[]; more: boolean }> {
  const rows = await sql.all<{ id: unknown; reference: string | null; received_at: unknown }>(
    `SELECT e.id, e.reference, e.received_at FROM enquiries e
      WHERE e.follow_up = 'new' AND e.spam IS NULL AND e.received_at > $1 AND e.received_at <= $2
        AND EXISTS (SELECT 1 FROM push_sends s WHERE s.enquiry_id = e.id)
        AND NOT EXISTS (SELECT 1 FROM push_sends s WHERE s.enquiry_id = e.id AND s.confirmed_at IS NOT NULL)
      ORDER BY e.received_at DESC LIMIT $3`,
    [new Date(now - 86_400_000).toISOString(), new Date(now - confirmMs).toISOString(), limit + 1],
  );
  const alerts = rows.slice(0, limit).map((r) => ({
    id: String(r.id),
    reference: r.reference ?? String(r.id).slice(0, 8),
    receivedAt: isoTime(r.received_at) ?? "",
  }));
  return { alerts, more: rows.length > limit };
}
