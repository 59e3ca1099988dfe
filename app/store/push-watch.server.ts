import { flag, type TableRow } from "./schema.server";
import { isoTime, type Queryable } from "./sql.server";

const LAST_SENDS = 3;

/** Apple answers 201 for a dead subscription: receipts, not status codes, tell. A receipt since
 * the last of them (a test alert shown) says the device works again. */
export const STALE = `(SELECT CASE WHEN count(*) = ${LAST_SENDS} AND count(x.confirmed_at) = 0
      AND (p.last_confirmed_at IS NULL OR p.last_confirmed_at < max(x.sent_at)) THEN 1 ELSE 0 END
    FROM (SELECT s.confirmed_at, s.sent_at FROM push_alerts s
           WHERE s.device_id = p.id AND s.state = 'sent' AND s.sent_at <= $1
           ORDER BY s.sent_at DESC LIMIT ${LAST_SENDS}) x)`;

export async function deviceCounts(sql: Queryable, settledBefore: string): Promise<{ devices: number; stale: number }> {
  const rows = await sql.all<{ stale: number }>(`SELECT ${STALE} AS stale FROM push_devices p`, [settledBefore]);
  return { devices: rows.length, stale: rows.filter((r) => flag(r.stale)).length };
}

export type UnconfirmedAlert = { id: string; reference: string; receivedAt: string };

export async function unconfirmedAlerts(
  sql: Queryable,
  { now, confirmMs, limit = 5 }: { now: number; confirmMs: number; limit?: number },
): Promise<{ alerts: UnconfirmedAlert[]; more: boolean }> {
  const rows = await sql.all<Pick<TableRow<"enquiries">, "id" | "reference" | "received_at">>(
    `SELECT e.id, e.reference, e.received_at FROM enquiries e
      WHERE e.follow_up = 'new' AND e.spam IS NULL AND e.received_at > $1 AND e.received_at <= $2
        AND EXISTS (SELECT 1 FROM push_alerts s WHERE s.enquiry_id = e.id)
        AND NOT EXISTS (SELECT 1 FROM push_alerts s WHERE s.enquiry_id = e.id AND s.confirmed_at IS NOT NULL)
      ORDER BY e.received_at DESC LIMIT $3`,
    [new Date(now - 86_400_000).toISOString(), new Date(now - confirmMs).toISOString(), limit + 1],
  );
  const alerts = rows.slice(0, limit).map((r) => ({
    id: r.id,
    reference: r.reference ?? r.id.slice(0, 8),
    receivedAt: isoTime(r.received_at) ?? "",
  }));
  return { alerts, more: rows.length > limit };
}
