import { ENQUIRY_FIELDS, FIELD_KEYS, type EnquiryFields, type FieldKey } from "~/content/enquiry-fields";
import type { confirmationNote } from "./accepted-deliveries.server";
import { checkRecord, type EnquiryRecord } from "./record.server";
import type { TableRow } from "./schema.server";
import { isoTime, jsonValue, type Queryable } from "./sql.server";
import type { Delivery, DeliveryState } from "./store.server";
import type { VisitSource } from "~/utils/visit-source";

const FIELD_COLUMNS = FIELD_KEYS.join(", ");
export const SOURCE_COLUMNS = [
  "source_channel",
  "source_medium",
  "source_campaign",
  "source_referrer",
  "source_landing",
] as const;

export const SELECT_RECORD = `SELECT e.id, e.received_at, e.request_id, e.reference, ${FIELD_KEYS.map((k) => `e.${k}`).join(", ")},
    e.language, e.page, ${SOURCE_COLUMNS.map((c) => `e.${c}`).join(", ")}, d.channel, d.state, d.attempts, d.sending_since, d.retried_at, d.delivered_at, d.due_at, d.failure
  FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id`;

export type RecordRow = Pick<
  TableRow<"enquiries">,
  "id" | "received_at" | "request_id" | "reference" | FieldKey | "page" | "language" | (typeof SOURCE_COLUMNS)[number]
> &
  Pick<
    TableRow<"deliveries">,
    "channel" | "attempts" | "sending_since" | "retried_at" | "delivered_at" | "due_at" | "failure"
  > & { state: DeliveryState };

export function fieldsOfRow(row: Record<FieldKey, string | null>): EnquiryFields {
  const fields: Record<string, string> = {};
  for (const f of ENQUIRY_FIELDS) {
    const value = row[f.key];
    if (value !== null && value !== undefined) fields[f.key] = value;
    else if (f.required) fields[f.key] = "";
  }
  return fields as EnquiryFields;
}

export const valueRows = (rows: number, width: number) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`,
  ).join(", ");

/** The enquiry's source columns as the record's `source` (none without a channel). */
export function sourceOfRow(
  row: Pick<TableRow<"enquiries">, (typeof SOURCE_COLUMNS)[number]>,
): VisitSource | undefined {
  if (!row.source_channel) return undefined;
  return {
    channel: row.source_channel,
    medium: row.source_medium ?? undefined,
    campaign: row.source_campaign ?? undefined,
    referrer: row.source_referrer ?? undefined,
    landing: row.source_landing ?? "",
  };
}

/** Never its contents: they may hold personal data. */
export function readDelivery(row: RecordRow): { ok: true; record: Delivery } | { ok: false; reason: string } {
  const receivedAt = isoTime(row.received_at);
  const dueAt = isoTime(row.due_at);
  const checked = checkRecord({
    id: row.id,
    receivedAt,
    requestId: row.request_id ?? undefined,
    reference: row.reference ?? undefined,
    enquiry: {
      ...fieldsOfRow(row),
      language: row.language ?? undefined,
      page: row.page ?? undefined,
      source: sourceOfRow(row),
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

export const deliveryValues = (record: EnquiryRecord) => [
  record.nextAttemptAt ?? record.receivedAt,
  JSON.stringify(record.attempts),
  record.attempts.length,
  record.sendingSince ?? null,
  record.retriedAt ?? null,
  record.deliveredAt ?? null,
  record.failure ? JSON.stringify(record.failure) : null,
];
export const DELIVERY_SET = `due_at = $3, attempts = $4, attempt_count = $5, sending_since = $6, retried_at = $7,
  delivered_at = $8, failure = $9, changed_at = $10`;

export type NewEnquiryRow = {
  record: EnquiryRecord & { reference: string };
  spam?: readonly string[];
  confirmation?: ReturnType<typeof confirmationNote>;
};

const ENQUIRY_COLUMNS = `id, received_at, request_id, ${FIELD_COLUMNS}, language, page, reference, spam, confirmation,
  ${SOURCE_COLUMNS.join(", ")}`;

export function insertEnquiries(tx: Queryable, rows: readonly NewEnquiryRow[]) {
  const values = rows.map(({ record, spam, confirmation }) => {
    const e = record.enquiry;
    return [
      record.id,
      record.receivedAt,
      record.requestId ?? null,
      ...FIELD_KEYS.map((key) => e[key] ?? null),
      e.language ?? null,
      e.page ?? null,
      record.reference,
      spam?.length ? spam.join(",") : null,
      confirmation ?? null,
      e.source?.channel ?? null,
      e.source?.medium ?? null,
      e.source?.campaign ?? null,
      e.source?.referrer ?? null,
      e.source?.landing ?? null,
    ];
  });
  return tx.run(
    `INSERT INTO enquiries (${ENQUIRY_COLUMNS}) VALUES ${valueRows(values.length, values[0]!.length)}`,
    values.flat(),
  );
}

export function insertDeliveries(tx: Queryable, records: readonly Delivery[]) {
  const changedAt = new Date().toISOString();
  const values = records.map((record) => [
    record.id,
    record.channel,
    record.state,
    record.receivedAt,
    ...deliveryValues(record),
    changedAt,
  ]);
  return tx.run(
    `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, sending_since,
       retried_at, delivered_at, failure, changed_at)
     VALUES ${valueRows(values.length, values[0]!.length)}`,
    values.flat(),
  );
}
