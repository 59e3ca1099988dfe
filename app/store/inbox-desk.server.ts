import { encodeCursor, type Cursor } from "./inbox-list.server";
import { ID, PREVIEW, ROW_COLUMNS, followUpOf, page, type InboxRow, type Row } from "./inbox-rows.server";
import type { FollowUp } from "./inbox-states";
import { whole, type Count, type TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { indexedBy, isoTime } from "./sql.server";

export async function needsReply(
  sql: Sql,
  { cursor, limit = 50 }: { cursor?: Cursor; limit?: number } = {},
): Promise<{ rows: InboxRow[]; more?: string }> {
  const rows = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.map((c) => `e.${c}`).join(", ")}, ${PREVIEW}
       FROM enquiries e${indexedBy(sql, "enquiries_needs_reply")} WHERE e.follow_up = 'new' AND e.spam IS NULL${cursor ? " AND (e.received_at, e.id) > ($2, $3)" : ""}
       ORDER BY e.received_at, e.id LIMIT $1`,
    [limit + 1, ...(cursor ? [cursor.at, cursor.id] : [])],
  );
  return page(sql, rows, limit, encodeCursor);
}

export type UpcomingCursor = { day: string; time: string; id: string };

const NO_TIME = "24:00";
const encodeUpcoming = (row: Pick<InboxRow, "event_date" | "event_time" | "id">) =>
  Buffer.from(JSON.stringify([row.event_date, row.event_time || NO_TIME, row.id])).toString("base64url");

export function decodeUpcomingCursor(value: string | null | undefined): UpcomingCursor | undefined {
  if (!value || value.length > 200) return undefined;
  try {
    const [day, time, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (
      typeof day !== "string" ||
      !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
      typeof time !== "string" ||
      !/^\d{2}:\d{2}$/.test(time) ||
      typeof id !== "string" ||
      !ID.test(id)
    )
      return undefined;
    return { day, time, id };
  } catch {
    return undefined;
  }
}

export async function upcoming(
  sql: Sql,
  today: string,
  { cursor, limit = 50 }: { cursor?: UpcomingCursor; limit?: number } = {},
): Promise<{ rows: InboxRow[]; more?: string }> {
  const time = `coalesce(e.event_time, '${NO_TIME}')`;
  const rows = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.map((c) => `e.${c}`).join(", ")}, ${PREVIEW}
       FROM enquiries e${indexedBy(sql, "enquiries_upcoming")}
      WHERE e.event_date IS NOT NULL AND e.spam IS NULL AND e.follow_up IN ('new', 'replied', 'booked')
        AND e.event_date >= $2${cursor ? ` AND (e.event_date, ${time}, e.id) > ($3, $4, $5)` : ""}
      ORDER BY e.event_date, ${time}, e.id LIMIT $1`,
    [limit + 1, today, ...(cursor ? [cursor.day, cursor.time, cursor.id] : [])],
  );
  return page(sql, rows, limit, encodeUpcoming);
}

/** Read from its partial index alone; `cap` keeps the badge on every staff page bounded ("999+"). */
export async function waitingCount(sql: Sql, { cap }: { cap?: number } = {}): Promise<number> {
  const where = `FROM enquiries e${indexedBy(sql, "enquiries_needs_reply")} WHERE e.follow_up = 'new' AND e.spam IS NULL`;
  const [row] = await sql.all<Count>(
    cap === undefined
      ? `SELECT count(*) AS n ${where}`
      : `SELECT count(*) AS n FROM (SELECT 1 AS one ${where} LIMIT $1) AS waiting`,
    cap === undefined ? [] : [cap],
  );
  return whole(row?.n ?? null);
}

const PHONE_KEY =
  "replace(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '')";
const phoneKey = (phone: string) => phone.replace(/[ \-+()./]/g, "");

export type OtherEnquiry = { id: string; reference: string; receivedAt: string; followUp: FollowUp };

export async function otherEnquiries(
  sql: Queryable,
  of: { id: string; email: string; phone: string },
  limit = 20,
): Promise<OtherEnquiry[]> {
  const key = phoneKey(of.phone);
  const byPhone = key.length >= 6 && /^\d+$/.test(key);
  const rows = await sql.all<Pick<TableRow<"enquiries">, "id" | "reference" | "received_at" | "follow_up">>(
    `SELECT id, reference, received_at, follow_up FROM enquiries
      WHERE (lower(email) = lower($2)${byPhone ? ` OR ${PHONE_KEY} = $4` : ""}) AND id <> $3 AND spam IS NULL
      ORDER BY received_at DESC LIMIT $1`,
    [limit, of.email.trim(), of.id, ...(byPhone ? [key] : [])],
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference ?? "",
    receivedAt: isoTime(r.received_at) ?? "",
    followUp: followUpOf(r.follow_up),
  }));
}
