// The team's calendar feed (decision 0050): one token per staff member, kept as its hash; the booked tables in a window.
import { flag, type TableRow } from "./schema.server";
import type { Queryable } from "./sql.server";
import { isoTime } from "./sql.server";

export type FeedBooking = {
  enquiryId: string;
  reference: string;
  name: string;
  phone: string;
  uid: string;
  sequence: number;
  status: "confirmed" | "cancelled";
  date: string;
  time: string;
  venue: string;
  timeZone: string;
  guests: number;
  changedAt: string;
};

/** The member whose feed this hash is, if any (a removed member's feed went with them). */
export async function feedMember(q: Queryable, hash: string): Promise<{ memberId: string; hash: string } | undefined> {
  const [row] = await q.all<Pick<TableRow<"calendar_feeds">, "member_id" | "token_hash">>(
    "SELECT member_id, token_hash FROM calendar_feeds WHERE token_hash = $1",
    [hash],
  );
  return row ? { memberId: row.member_id, hash: row.token_hash } : undefined;
}

export async function feedMadeAt(q: Queryable, memberId: string): Promise<string | undefined> {
  const [row] = await q.all<Pick<TableRow<"calendar_feeds">, "created_at">>(
    "SELECT created_at FROM calendar_feeds WHERE member_id = $1",
    [memberId],
  );
  return row ? isoTime(row.created_at) : undefined;
}

/** A new link replaces the old one: the old URL stops at once. */
export const setFeed = (q: Queryable, memberId: string, hash: string) =>
  q.run(
    `INSERT INTO calendar_feeds (member_id, token_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET token_hash = $2, created_at = $3`,
    [memberId, hash, new Date().toISOString()],
  );

export const revokeFeed = async (q: Queryable, memberId: string) =>
  (await q.run("DELETE FROM calendar_feeds WHERE member_id = $1", [memberId])) > 0;

export async function feedShowsDetails(q: Queryable): Promise<boolean> {
  const [row] = await q.all<Pick<TableRow<"calendar_settings">, "guest_details">>(
    "SELECT guest_details FROM calendar_settings WHERE id = 1",
  );
  return flag(row?.guest_details ?? null);
}

export const setFeedDetails = (q: Queryable, on: boolean) =>
  q.run("UPDATE calendar_settings SET guest_details = $1 WHERE id = 1", [on]);

/** By the date index, bounded: a feed is a window (a month back, a year ahead), never the whole history. */
export async function feedBookings(q: Queryable, from: string, to: string, limit = 2_000): Promise<FeedBooking[]> {
  const rows = await q.all<
    Omit<TableRow<"bookings">, "deposit_amount" | "deposit_link" | "changed_by"> &
      Pick<TableRow<"enquiries">, "reference" | "name" | "phone">
  >(
    `SELECT b.enquiry_id, b.uid, b.sequence, b.status, b.event_date, b.event_time, b.venue, b.time_zone, b.guests,
            b.changed_at, e.reference, e.name, e.phone
       FROM bookings b JOIN enquiries e ON e.id = b.enquiry_id
      WHERE b.event_date >= $1 AND b.event_date <= $2
      ORDER BY b.event_date, b.event_time LIMIT $3`,
    [from, to, limit],
  );
  return rows.map((r) => ({
    enquiryId: r.enquiry_id,
    reference: r.reference ?? "",
    name: r.name,
    phone: r.phone,
    uid: r.uid,
    sequence: Number(r.sequence),
    status: r.status === "cancelled" ? "cancelled" : "confirmed",
    date: r.event_date,
    time: r.event_time,
    venue: r.venue,
    timeZone: r.time_zone,
    guests: Number(r.guests),
    changedAt: isoTime(r.changed_at) ?? "",
  }));
}
