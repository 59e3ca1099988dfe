import { FIELD_KEYS, type EnquiryFields, type FieldKey } from "~/content/enquiry-fields";
import { CONFIRMATION_CHANNEL } from "./accepted-deliveries.server";
import { FOLLOW_UPS, type FollowUp } from "./inbox-states";
import type { VisitSource } from "~/utils/visit-source";
import { fieldsOfRow, SOURCE_COLUMNS, sourceOfRow } from "./rows.server";
import type { TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { isoTime } from "./sql.server";

export type DeliveryView = {
  channel: string;
  state: "pending" | "sending" | "delivered" | "failed" | "quarantined" | "not-sent";
  attempts: { at: string; outcome: string; status?: number; detail?: string }[];
  deliveredAt?: string;
  dueAt?: string;
  failure?: { reason: string; detail?: string; fix?: string };
};

export type InboxRow = Omit<EnquiryFields, "message"> & {
  id: string;
  reference: string;
  receivedAt: string;
  language: string;
  page?: string;
  followUp: FollowUp;
  deliveries: Pick<DeliveryView, "channel" | "state">[];
  message?: string;
  spam?: string[];
  notes?: InboxNote[];
  preview?: string;
  /** How the visitor first arrived that day (decision 0046); none when not known. */
  source?: VisitSource;
};

export type InboxNote = { at: string; actor: string; text: string };

type Enquiry = TableRow<"enquiries">;

export type Row = Pick<
  Enquiry,
  | "id"
  | "reference"
  | "received_at"
  | Exclude<FieldKey, "message">
  | "language"
  | "page"
  | "follow_up"
  | "spam"
  | (typeof SOURCE_COLUMNS)[number]
> &
  Partial<Pick<Enquiry, "follow_up_at" | "message" | "first_replied_at">> & { preview?: string | null };

export const ROW_COLUMNS = [
  "id",
  "reference",
  "received_at",
  ...FIELD_KEYS.filter((k) => k !== "message"),
  "language",
  "page",
  "follow_up",
  "spam",
  ...SOURCE_COLUMNS,
];

export const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const followUpOf = (value: string): FollowUp =>
  (FOLLOW_UPS as readonly string[]).includes(value) ? (value as FollowUp) : "new";

/** Read in the database: the whole message never leaves it for a list. */
export const PREVIEW = `substr(e.message, 1, ${160}) AS preview`;

const fieldsOf = (row: Row): Omit<EnquiryFields, "message"> => {
  const { message: _message, ...fields } = fieldsOfRow({ ...row, message: null });
  return fields;
};

export const inboxRowOf = (row: Row, deliveries: InboxRow["deliveries"]): InboxRow => ({
  id: row.id,
  reference: row.reference ?? "",
  receivedAt: isoTime(row.received_at) ?? "",
  ...fieldsOf(row),
  language: row.language ?? "en",
  page: row.page ?? undefined,
  followUp: followUpOf(row.follow_up),
  deliveries,
  ...(row.message !== undefined ? { message: row.message ?? "" } : {}),
  ...(row.spam ? { spam: row.spam.split(",") } : {}),
  ...(typeof row.preview === "string" ? { preview: row.preview } : {}),
  ...sourceField(row),
});

function sourceField(row: Row): { source?: VisitSource } {
  const source = sourceOfRow(row);
  return source ? { source } : {};
}

export const deliveryState = (row: Pick<TableRow<"deliveries">, "state" | "sending_since">): DeliveryView["state"] =>
  row.state === "pending" && row.sending_since ? "sending" : (row.state as DeliveryView["state"]);

async function deliveriesOf(q: Queryable, ids: string[]) {
  const byId = new Map<string, InboxRow["deliveries"]>();
  if (ids.length === 0) return byId;
  const rows = await q.all<Pick<TableRow<"deliveries">, "enquiry_id" | "channel" | "state" | "sending_since">>(
    `SELECT enquiry_id, channel, state, sending_since FROM deliveries WHERE enquiry_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) ORDER BY channel`,
    ids,
  );
  for (const row of rows) {
    const list = byId.get(row.enquiry_id) ?? [];
    list.push({ channel: row.channel, state: deliveryState(row) });
    byId.set(row.enquiry_id, list);
  }
  for (const id of await notConfirmed(q, ids)) {
    const list = byId.get(id) ?? [];
    list.push({ channel: CONFIRMATION_CHANNEL, state: "not-sent" });
    byId.set(id, list);
  }
  return byId;
}

export async function notConfirmed(q: Queryable, ids: string[]): Promise<string[]> {
  const rows = await q.all<Pick<Enquiry, "id">>(
    `SELECT id FROM enquiries WHERE confirmation = 'limit' AND id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})`,
    ids,
  );
  return rows.map((row) => row.id);
}

export async function page(sql: Sql, rows: Row[], limit: number, next: (last: InboxRow) => string) {
  const shown = rows.slice(0, limit);
  const deliveries = await deliveriesOf(
    sql,
    shown.map((r) => r.id),
  );
  const result = shown.map((row) => inboxRowOf(row, deliveries.get(row.id) ?? []));
  return { rows: result, more: rows.length > limit ? next(result.at(-1)!) : undefined };
}
