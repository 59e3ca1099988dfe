import type { EnquiryRecord } from "./record.server";
import { insertDelivery } from "./rows.server";
import type { Queryable } from "./sql.server";

/** The delivery channel of the visitor's own confirmation (issue 38). */
export const CONFIRMATION_CHANNEL = "confirmation";

/** When a visitor is sent a confirmation: at most one an hour to an address, `perAddressDay` a
 * day to it, `perDay` in all (the form must never become a way to mail strangers). */
export type ConfirmationRule = { perAddressDay: number; perDay: number };

/** Which limit kept a confirmation from being sent. */
export type ConfirmationSkip = "address_hour" | "address_day" | "day";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Which limit, if any, an enquiry's confirmation meets: counted in the database (every replica
 * sees the same counts), by index: the address's enquiries of the last day (enquiries_email) and
 * the day's confirmations (enquiries_confirmed). In the accepting transaction, so concurrent
 * accepts of one group commit count each other. */
async function confirmationSkip(
  tx: Queryable,
  record: EnquiryRecord,
  rule: ConfirmationRule,
): Promise<ConfirmationSkip | undefined> {
  const at = Date.parse(record.receivedAt);
  const dayAgo = new Date(at - DAY_MS).toISOString();
  const hourAgo = new Date(at - HOUR_MS).toISOString();
  const [address] = await tx.all<{ day: unknown; hour: unknown }>(
    `SELECT count(*) AS day, count(CASE WHEN received_at > $3 THEN 1 END) AS hour FROM enquiries
      WHERE lower(email) = lower($1) AND received_at > $2 AND confirmation = 'queued'`,
    [record.enquiry.email.trim(), dayAgo, hourAgo],
  );
  if (Number(address?.hour ?? 0) >= 1) return "address_hour";
  if (Number(address?.day ?? 0) >= rule.perAddressDay) return "address_day";
  const [all] = await tx.all<{ n: unknown }>(
    "SELECT count(*) AS n FROM enquiries WHERE confirmation = 'queued' AND received_at > $1",
    [dayAgo],
  );
  return Number(all?.n ?? 0) >= rule.perDay ? "day" : undefined;
}

/** The one place an accepted enquiry's deliveries are created, in the transaction that accepts
 * it (the contact action's intake; anything that accepts an enquiry later): one pending row per
 * team channel, and, when confirmations are on and no limit is met, one on the confirmation
 * channel. The enquiry's row notes the confirmation's fate ('queued', or 'limit'). Returns the
 * limit met, if one was. */
export async function insertAcceptedDeliveries(
  tx: Queryable,
  record: EnquiryRecord,
  { channels, confirmation }: { channels: readonly string[]; confirmation?: ConfirmationRule },
): Promise<{ skipped?: ConfirmationSkip }> {
  for (const channel of channels) await insertDelivery(tx, { ...record, state: "pending", channel });
  if (!confirmation) return {};
  const skipped = await confirmationSkip(tx, record, confirmation);
  await tx.run("UPDATE enquiries SET confirmation = $2 WHERE id = $1", [record.id, skipped ? "limit" : "queued"]);
  if (!skipped) await insertDelivery(tx, { ...record, state: "pending", channel: CONFIRMATION_CHANNEL });
  return { skipped };
}
