import { CONFIRMATION_CHANNEL } from "./accepted-deliveries.server";
import {
  deliveryState,
  ID,
  inboxRowOf,
  notConfirmed,
  ROW_COLUMNS,
  type DeliveryView,
  type InboxRow,
  type Row,
} from "./inbox-rows.server";
import { NOTE_MAX, type FollowUp } from "./inbox-states";
import type { TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { isoTime, jsonValue } from "./sql.server";
import type { EnquiryStore } from "./store.server";

type InboxEvent = {
  at: string;
  actor: string;
  kind: "follow-up" | "note" | "retry";
  from?: string;
  to?: string;
  note?: string;
};

export type EnquiryView = InboxRow & {
  message: string;
  followUpAt?: string;
  firstRepliedAt?: string;
  deliveryDetails: DeliveryView[];
  events: InboxEvent[];
};

export async function getEnquiry(sql: Queryable, id: string): Promise<EnquiryView | undefined> {
  if (!ID.test(id)) return undefined;
  const [row] = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.join(", ")}, follow_up_at, first_replied_at, message FROM enquiries e WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const deliveries = await sql.all<
    Pick<
      TableRow<"deliveries">,
      "channel" | "state" | "attempts" | "delivered_at" | "due_at" | "sending_since" | "failure"
    >
  >(
    "SELECT channel, state, attempts, delivered_at, due_at, sending_since, failure FROM deliveries WHERE enquiry_id = $1 ORDER BY channel",
    [id],
  );
  const details: DeliveryView[] = deliveries.map((d) => {
    const attempts = jsonValue(d.attempts);
    const failure = d.failure === null ? undefined : jsonValue(d.failure);
    return {
      channel: d.channel,
      state: deliveryState(d),
      attempts: Array.isArray(attempts) ? (attempts as DeliveryView["attempts"]).slice(-50) : [],
      deliveredAt: isoTime(d.delivered_at),
      dueAt: d.state === "pending" ? isoTime(d.due_at) : undefined,
      failure: failure && typeof failure === "object" ? (failure as DeliveryView["failure"]) : undefined,
    };
  });
  if ((await notConfirmed(sql, [id])).length)
    details.push({ channel: CONFIRMATION_CHANNEL, state: "not-sent", attempts: [] });
  const events = await sql.all<
    Pick<TableRow<"enquiry_events">, "at" | "actor" | "kind" | "from_state" | "to_state" | "note">
  >("SELECT at, actor, kind, from_state, to_state, note FROM enquiry_events WHERE enquiry_id = $1 ORDER BY id", [id]);
  return {
    ...inboxRowOf(
      row,
      details.map(({ channel, state }) => ({ channel, state })),
    ),
    message: row.message ?? "",
    followUpAt: isoTime(row.follow_up_at),
    firstRepliedAt: isoTime(row.first_replied_at),
    deliveryDetails: details,
    events: events.map((e) => ({
      at: isoTime(e.at) ?? "",
      actor: e.actor,
      kind: e.kind as InboxEvent["kind"],
      from: e.from_state ?? undefined,
      to: e.to_state ?? undefined,
      note: e.note ?? undefined,
    })),
  };
}

type FollowUpRow = Pick<TableRow<"enquiries">, "follow_up">;

const ANSWERED: readonly FollowUp[] = ["replied", "booked", "closed"];

export async function setFollowUp(sql: Sql, id: string, state: FollowUp, actor: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all<FollowUpRow>("SELECT follow_up FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    if (row.follow_up === state) return true;
    const at = new Date().toISOString();
    await moveFollowUp(tx, id, at, actor, row.follow_up, state);
    if (row.follow_up === "new" && ANSWERED.includes(state)) await firstReply(tx, id, at);
    return true;
  });
}

export async function recordReply(sql: Sql, id: string, actor: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all<FollowUpRow>("SELECT follow_up FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    const at = new Date().toISOString();
    await firstReply(tx, id, at);
    if (row.follow_up === "new") await moveFollowUp(tx, id, at, actor, "new", "replied");
    return true;
  });
}

async function moveFollowUp(tx: Queryable, id: string, at: string, actor: string, from: string, to: FollowUp) {
  await tx.run("UPDATE enquiries SET follow_up = $2, follow_up_at = $3 WHERE id = $1", [id, to, at]);
  await followUpEvent(tx, id, at, actor, from, to);
}

export const followUpEvent = (q: Queryable, id: string, at: string, actor: string, from: string, to: FollowUp) =>
  q.run(
    "INSERT INTO enquiry_events (enquiry_id, at, actor, kind, from_state, to_state) VALUES ($1, $2, $3, 'follow-up', $4, $5)",
    [id, at, actor, from, to],
  );

const firstReply = (tx: Queryable, id: string, at: string) =>
  tx.run("UPDATE enquiries SET first_replied_at = $2 WHERE id = $1 AND first_replied_at IS NULL", [id, at]);

export async function addNote(sql: Sql, id: string, body: string, actor: string): Promise<boolean> {
  const text = body.trim();
  if (!ID.test(id) || text.length === 0 || text.length > NOTE_MAX) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all("SELECT 1 AS present FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    await tx.run("INSERT INTO enquiry_events (enquiry_id, at, actor, kind, note) VALUES ($1, $2, $3, 'note', $4)", [
      id,
      new Date().toISOString(),
      actor,
      text,
    ]);
    return true;
  });
}

export async function retryDelivery(
  sql: Sql,
  store: Pick<EnquiryStore, "find" | "retry">,
  id: string,
  channel: string,
  actor: string,
): Promise<boolean> {
  if (!ID.test(id)) return false;
  const record = (await store.find(id)).find((r) => r.id === id && r.channel === channel);
  if (!record || (record.state !== "failed" && record.state !== "pending")) return false;
  await store.retry(record);
  await sql.run("INSERT INTO enquiry_events (enquiry_id, at, actor, kind, to_state) VALUES ($1, $2, $3, 'retry', $4)", [
    id,
    new Date().toISOString(),
    actor,
    channel,
  ]);
  return true;
}
