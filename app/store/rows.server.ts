import { checkRecord, type EnquiryRecord } from "./record.server";
import { isoTime, jsonValue, type Queryable } from "./sql.server";
import type { QueuedRecord, RecordState } from "./store.server";

/** A delivery joined with its enquiry: the columns every read of the queue selects. */
export const SELECT_RECORD = `SELECT e.id, e.received_at, e.request_id, e.reference, e.name, e.email, e.phone, e.category, e.message,
    e.language, e.page, d.channel, d.state, d.attempts, d.sending_since, d.retried_at, d.delivered_at, d.due_at, d.failure
  FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id`;

export type RecordRow = {
  id: string;
  received_at: unknown;
  request_id: string | null;
  reference: string | null;
  page: string | null;
  name: string;
  email: string;
  phone: string;
  category: string;
  message: string;
  language: string | null;
  channel: string;
  state: RecordState;
  attempts: unknown;
  sending_since: unknown;
  retried_at: unknown;
  delivered_at: unknown;
  due_at: unknown;
  failure: unknown;
};

/** A row as a record, through the record's check, or the reason it is not one (never its
 * contents: they may hold personal data). */
export function fromRow(row: RecordRow): { ok: true; record: QueuedRecord } | { ok: false; reason: string } {
  const receivedAt = isoTime(row.received_at);
  const dueAt = isoTime(row.due_at);
  const checked = checkRecord({
    id: String(row.id),
    receivedAt,
    requestId: row.request_id ?? undefined,
    reference: row.reference ?? undefined,
    enquiry: {
      name: row.name,
      email: row.email,
      number: row.phone,
      category: row.category,
      message: row.message,
      language: row.language ?? undefined,
      page: row.page ?? undefined,
    },
    attempts: jsonValue(row.attempts),
    nextAttemptAt: dueAt !== receivedAt && row.state === "pending" ? dueAt : undefined,
    sendingSince: isoTime(row.sending_since),
    retriedAt: isoTime(row.retried_at),
    deliveredAt: isoTime(row.delivered_at),
    failure: row.failure === null ? undefined : jsonValue(row.failure),
  });
  return checked.ok ? { ok: true, record: { ...checked.record, state: row.state, channel: row.channel } } : checked;
}

/** The delivery's columns of a record, in the order of DELIVERY_COLUMNS. */
export const deliveryValues = (record: EnquiryRecord) => [
  record.nextAttemptAt ?? record.receivedAt,
  JSON.stringify(record.attempts),
  record.attempts.length,
  record.sendingSince ?? null,
  record.retriedAt ?? null,
  record.deliveredAt ?? null,
  record.failure ? JSON.stringify(record.failure) : null,
];
/** Set by `UPDATE deliveries SET ${DELIVERY_SET} …` with its values from $3 on. */
export const DELIVERY_SET = `due_at = $3, attempts = $4, attempt_count = $5, sending_since = $6, retried_at = $7,
  delivered_at = $8, failure = $9, changed_at = $10`;

/** The enquiry's row (its deliveries are rows of their own). */
export function insertEnquiry(tx: Queryable, record: EnquiryRecord & { reference: string }) {
  const e = record.enquiry;
  return tx.run(
    `INSERT INTO enquiries (id, received_at, request_id, name, email, phone, category, message, language, page, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      record.id,
      record.receivedAt,
      record.requestId ?? null,
      e.name,
      e.email,
      e.number,
      e.category,
      e.message,
      e.language ?? null,
      e.page ?? null,
      record.reference,
    ],
  );
}

/** One delivery's row. */
export function insertDelivery(tx: Queryable, record: QueuedRecord) {
  return tx.run(
    `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, sending_since,
       retried_at, delivered_at, failure, changed_at)
     VALUES ($1, $2, $11, $12, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [record.id, record.channel, ...deliveryValues(record), new Date().toISOString(), record.state, record.receivedAt],
  );
}
