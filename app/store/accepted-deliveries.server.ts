import type { EnquiryRecord } from "./record.server";
import { hasPushDevices, insertPushSends, PUSH_CHANNEL } from "./push.server";
import { insertDeliveries, valueRows } from "./rows.server";
import { isoTime, type Queryable } from "./sql.server";
import type { Delivery } from "./store.server";

export const CONFIRMATION_CHANNEL = "confirmation";

/** The form must never become a way to mail strangers. */
export type ConfirmationRule = { perAddressDay: number; perDay: number };

export type ConfirmationSkip = "address_hour" | "address_day" | "day";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Counted in the database, so every replica sees the same counts; by index, in two statements whatever their number. */
export async function confirmationFates(
  tx: Queryable,
  records: readonly EnquiryRecord[],
  rule: ConfirmationRule,
): Promise<(ConfirmationSkip | undefined)[]> {
  const times = records.map((r) => Date.parse(r.receivedAt));
  const since = new Date(Math.min(...times) - DAY_MS).toISOString();
  const latestDayAgo = new Date(Math.max(...times) - DAY_MS).toISOString();
  const addresses = await tx.all<{ i: unknown; address: string; at: unknown }>(
    `WITH batch (i, email) AS (VALUES ${valueRows(records.length, 2)})
     SELECT CAST(b.i AS integer) AS i, lower(b.email) AS address, e.received_at AS at
       FROM batch b LEFT JOIN enquiries e
         ON lower(e.email) = lower(b.email) AND e.confirmation = 'queued' AND e.received_at > $${2 * records.length + 1}`,
    [...records.flatMap((r, i) => [String(i), r.enquiry.email.trim()]), since],
  );
  const day = await tx.all<{ n: unknown; at: unknown }>(
    `SELECT count(*) AS n, NULL AS at FROM enquiries WHERE confirmation = 'queued' AND received_at > $2
     UNION ALL
     SELECT NULL, received_at FROM enquiries WHERE confirmation = 'queued' AND received_at > $1 AND received_at <= $2`,
    [since, latestDayAgo],
  );
  const dayTotal = Number(day.find((row) => row.n !== null)?.n ?? 0);
  const edge = day.filter((row) => row.n === null).map((row) => timeOf(row.at));
  const address = new Map<number, string>();
  const known = new Map<number, number[]>();
  for (const row of addresses) {
    const i = Number(row.i);
    address.set(i, row.address);
    if (row.at !== null) known.set(i, [...(known.get(i) ?? []), timeOf(row.at)]);
  }
  const confirmed: { address: string; at: number }[] = [];
  return times.map((at, i) => {
    const dayAgo = at - DAY_MS;
    const hourAgo = at - HOUR_MS;
    const mine = [...(known.get(i) ?? []), ...confirmed.filter((c) => c.address === address.get(i)).map((c) => c.at)];
    const total = dayTotal + edge.filter((t) => t > dayAgo).length + confirmed.filter((c) => c.at > dayAgo).length;
    const skip: ConfirmationSkip | undefined = mine.some((t) => t > hourAgo)
      ? "address_hour"
      : mine.filter((t) => t > dayAgo).length >= rule.perAddressDay
        ? "address_day"
        : total >= rule.perDay
          ? "day"
          : undefined;
    if (!skip) confirmed.push({ address: address.get(i)!, at });
    return skip;
  });
}

const timeOf = (value: unknown) => Date.parse(isoTime(value) ?? "");

export const confirmationNote = (skipped: ConfirmationSkip | undefined) => (skipped ? "limit" : "queued");

const acceptedDeliveries = (record: EnquiryRecord, channels: readonly string[], confirmed: boolean): Delivery[] =>
  [...channels, ...(confirmed ? [CONFIRMATION_CHANNEL] : [])].map((channel) => ({
    ...record,
    state: "pending",
    channel,
  }));

/** Every channel's delivery of each record, and (decision 0039) the devices its alert rings, fixed now. */
export async function queueAccepted(
  tx: Queryable,
  records: readonly EnquiryRecord[],
  confirmed: readonly boolean[],
  { channels, push }: { channels: readonly string[]; push: boolean },
): Promise<void> {
  const ringing = push && (await hasPushDevices(tx));
  const withPush = ringing ? [...channels, PUSH_CHANNEL] : channels;
  await insertDeliveries(
    tx,
    records.flatMap((record, i) => acceptedDeliveries(record, withPush, confirmed[i]!)),
  );
  if (ringing)
    await insertPushSends(
      tx,
      records.map((r) => r.id),
    );
}

export async function insertAcceptedDeliveries(
  tx: Queryable,
  record: EnquiryRecord,
  {
    channels,
    confirmation,
    push = false,
  }: { channels: readonly string[]; confirmation?: ConfirmationRule; push?: boolean },
): Promise<{ skipped?: ConfirmationSkip }> {
  const [skipped] = confirmation ? await confirmationFates(tx, [record], confirmation) : [];
  if (confirmation)
    await tx.run("UPDATE enquiries SET confirmation = $2 WHERE id = $1", [record.id, confirmationNote(skipped)]);
  await queueAccepted(tx, [record], [!!confirmation && !skipped], { channels, push });
  return { skipped };
}
