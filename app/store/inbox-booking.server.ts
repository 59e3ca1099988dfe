// A booked table (decision 0048): one row per enquiry, its UID fixed at the first save, SEQUENCE raised by each change;
// every change queues the guest's message (the `booking` delivery, made pending again) in the same transaction.
import { randomUUID } from "node:crypto";
import { followUpEvent } from "./inbox-enquiry.server";
import { followUpOf, ID } from "./inbox-rows.server";
import type { TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { isoTime } from "./sql.server";

export const BOOKING_CHANNEL = "booking";

export type BookingInput = {
  date: string;
  time: string;
  venue: string;
  timeZone: string;
  guests: number;
  depositAmount?: string;
  depositLink?: string;
};

export type Booking = BookingInput & {
  uid: string;
  sequence: number;
  status: "confirmed" | "cancelled";
  changedAt: string;
  changedBy: string;
};

export type BookingMessage = {
  sequence: number;
  method: string;
  language: string;
  subject: string;
  body: string;
  ics: string;
  via: string;
  sentAt: string;
};

type BookingRow = TableRow<"bookings">;

const COLUMNS = `uid, sequence, status, event_date, event_time, venue, time_zone, guests, deposit_amount, deposit_link,
  changed_at, changed_by`;

const bookingOf = (row: Omit<BookingRow, "enquiry_id">): Booking => ({
  uid: row.uid,
  sequence: Number(row.sequence),
  status: row.status === "cancelled" ? "cancelled" : "confirmed",
  date: row.event_date,
  time: row.event_time,
  venue: row.venue,
  timeZone: row.time_zone,
  guests: Number(row.guests),
  ...(row.deposit_amount ? { depositAmount: row.deposit_amount } : {}),
  ...(row.deposit_link ? { depositLink: row.deposit_link } : {}),
  changedAt: isoTime(row.changed_at) ?? "",
  changedBy: row.changed_by,
});

export async function getBooking(q: Queryable, id: string): Promise<Booking | undefined> {
  if (!ID.test(id)) return undefined;
  const [row] = await q.all<Omit<BookingRow, "enquiry_id">>(`SELECT ${COLUMNS} FROM bookings WHERE enquiry_id = $1`, [
    id,
  ]);
  return row ? bookingOf(row) : undefined;
}

export async function bookingMessages(q: Queryable, id: string): Promise<BookingMessage[]> {
  if (!ID.test(id)) return [];
  const rows = await q.all<Omit<TableRow<"booking_messages">, "id" | "enquiry_id">>(
    `SELECT sequence, method, language, subject, body, ics, via, sent_at FROM booking_messages
      WHERE enquiry_id = $1 ORDER BY sequence`,
    [id],
  );
  return rows.map(({ sent_at, ...r }) => ({ ...r, sequence: Number(r.sequence), sentAt: isoTime(sent_at) ?? "" }));
}

/** Pending again from now, whatever it was: the channel sends what stands when its turn comes. */
export const queueMessage = (tx: Queryable, id: string, at: string, channel = BOOKING_CHANNEL) =>
  tx.run(
    `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, changed_at)
     VALUES ($1, $3, 'pending', $2, $2, '[]', 0, $2)
     ON CONFLICT (enquiry_id, channel) DO UPDATE SET state = 'pending', received_at = $2, due_at = $2,
       attempts = '[]', attempt_count = 0, sending_since = NULL, retried_at = NULL, delivered_at = NULL,
       failure = NULL, changed_at = $2`,
    [id, at, channel],
  );

export async function moveTo(
  tx: Queryable,
  id: string,
  from: string,
  to: "booked" | "closed" | "replied",
  at: string,
  actor: string,
) {
  if (from === to) return;
  await tx.run("UPDATE enquiries SET follow_up = $2, follow_up_at = $3 WHERE id = $1", [id, to, at]);
  await followUpEvent(tx, id, at, actor, from, to);
  if (from === "new")
    await tx.run("UPDATE enquiries SET first_replied_at = $2 WHERE id = $1 AND first_replied_at IS NULL", [id, at]);
}

export type BookingChange = { reference: string; sequence: number; change: "booked" | "changed" | "cancelled" };

/** Booked or changed: undefined for no such enquiry (or one marked spam). */
export async function saveBooking(
  sql: Sql,
  id: string,
  input: BookingInput,
  actor: string,
): Promise<BookingChange | undefined> {
  if (!ID.test(id)) return undefined;
  return sql.transaction(async (tx) => {
    const [enquiry] = await tx.all<Pick<TableRow<"enquiries">, "follow_up" | "reference" | "spam">>(
      "SELECT follow_up, reference, spam FROM enquiries WHERE id = $1",
      [id],
    );
    if (!enquiry || enquiry.spam || followUpOf(enquiry.follow_up) === "spam") return undefined;
    const at = new Date().toISOString();
    const before = await getBooking(tx, id);
    const values = [
      id,
      input.date,
      input.time,
      input.venue,
      input.timeZone,
      input.guests,
      input.depositAmount ?? null,
      input.depositLink ?? null,
      at,
      actor,
    ];
    if (before)
      await tx.run(
        `UPDATE bookings SET sequence = sequence + 1, status = 'confirmed', event_date = $2, event_time = $3,
           venue = $4, time_zone = $5, guests = $6, deposit_amount = $7, deposit_link = $8, changed_at = $9,
           changed_by = $10 WHERE enquiry_id = $1`,
        values,
      );
    else
      await tx.run(
        `INSERT INTO bookings (enquiry_id, event_date, event_time, venue, time_zone, guests, deposit_amount,
           deposit_link, changed_at, changed_by, uid, sequence, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 'confirmed')`,
        [...values, randomUUID()],
      );
    await moveTo(tx, id, enquiry.follow_up, "booked", at, actor);
    await queueMessage(tx, id, at);
    return {
      reference: enquiry.reference ?? "",
      sequence: before ? before.sequence + 1 : 0,
      change: before && before.status === "confirmed" ? "changed" : "booked",
    };
  });
}

/** Undefined when there is no confirmed booking to cancel. */
export async function cancelBooking(sql: Sql, id: string, actor: string): Promise<BookingChange | undefined> {
  if (!ID.test(id)) return undefined;
  return sql.transaction(async (tx) => {
    const before = await getBooking(tx, id);
    if (!before || before.status !== "confirmed") return undefined;
    const [enquiry] = await tx.all<Pick<TableRow<"enquiries">, "follow_up" | "reference">>(
      "SELECT follow_up, reference FROM enquiries WHERE id = $1",
      [id],
    );
    const at = new Date().toISOString();
    await tx.run(
      `UPDATE bookings SET sequence = sequence + 1, status = 'cancelled', changed_at = $2, changed_by = $3
        WHERE enquiry_id = $1`,
      [id, at, actor],
    );
    await moveTo(tx, id, enquiry!.follow_up, "closed", at, actor);
    await queueMessage(tx, id, at);
    return { reference: enquiry!.reference ?? "", sequence: before.sequence + 1, change: "cancelled" };
  });
}

/** What the channel sent for one SEQUENCE, kept once: a send repeated after a restart finds it and calls nobody. */
export async function keepBookingMessage(q: Queryable, id: string, message: BookingMessage): Promise<void> {
  await q.run(
    `INSERT INTO booking_messages (enquiry_id, sequence, method, language, subject, body, ics, via, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (enquiry_id, sequence) DO NOTHING`,
    [
      id,
      message.sequence,
      message.method,
      message.language,
      message.subject,
      message.body,
      message.ics,
      message.via,
      message.sentAt,
    ],
  );
}
