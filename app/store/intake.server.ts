import { log } from "~/utils/log.server";
import { acceptCommits, confirmationsSkipped } from "~/utils/metrics.server";
import { insertAcceptedDeliveries } from "./accepted-deliveries.server";
import type { Core } from "./core.server";
import { groupCommit } from "./group-commit.server";
import { arrivalClock, newRecord, type EnquiryRecord } from "./record.server";
import { freeReference } from "./reference.server";
import { insertEnquiry } from "./rows.server";
import { isoTime, type Queryable } from "./sql.server";
import type { Intake, SpamCatch } from "./store.server";

/** The contact action's part of the store: accepting an enquiry. Concurrent accepts share one
 * transaction and one fsync (group commit, docs/decisions/0028-group-commit.md); each is told
 * "stored" only once that transaction has committed. */
export function intakeOf({ sql, channels, confirmation, changed, prepare }: Core): Intake {
  const receivedNow = arrivalClock();
  const accepts = groupCommit({
    transaction: (work) => sql.transaction(work),
    onCommit: (units) => {
      if (units) acceptCommits.inc();
    },
  });
  /** An enquiry's deliveries, one per configured channel and the visitor's confirmation where
   * configured and within its limits: an accept's, and "Not spam"'s. A confirmation a limit kept
   * back is counted once the transaction has committed (the inbox shows it too). */
  const insertDeliveries = (tx: Queryable, record: EnquiryRecord) =>
    insertAcceptedDeliveries(tx, record, { channels, confirmation });
  const countSkipped = (id: string, skipped: string | undefined, requestId?: string) => {
    if (!skipped) return;
    confirmationsSkipped.inc({ limit: skipped });
    log("info", "confirmation.skipped", { id, requestId, limit: skipped });
  };
  return {
    async store(enquiry, requestId, { spam } = {}) {
      await prepare();
      changed();
      // Concurrent accepts share a transaction (group commit); this is one accept's writes.
      const accepted = await accepts.run(
        async (tx) => {
          // Arrival times increase across the processes that write this database (in SQLite the
          // transaction holds the write lock): enquiries are delivered in the order they came.
          const [last] = await tx.all<{ at: unknown }>("SELECT max(received_at) AS at FROM enquiries");
          const after = Date.parse(isoTime(last?.at) ?? "") + 1;
          const receivedAt = new Date(
            Math.max(Date.parse(receivedNow()), Number.isNaN(after) ? 0 : after),
          ).toISOString();
          const record = { ...newRecord(enquiry, receivedAt, requestId), reference: await freeReference(tx) };
          await insertEnquiry(tx, record, spam?.reasons);
          // Caught: kept for the Spam view, no delivery at all (no channel ever sees it).
          const dropped = spam ? await keepWithinCaps(tx, receivedAt, spam) : 0;
          const { skipped } = spam ? {} : await insertDeliveries(tx, record);
          const queued = { ...record, state: "pending" as const, channel: channels[0]!, ...(spam ? { dropped } : {}) };
          return { queued, skipped };
        },
        Buffer.byteLength(JSON.stringify(enquiry)),
      );
      countSkipped(accepted.queued.id, accepted.skipped, requestId);
      return accepted.queued;
    },

    async release(id) {
      await prepare();
      changed();
      return sql.transaction(async (tx) => {
        // The update first: a second "Not spam" at the same time waits for this one's row, then
        // finds nothing to change (in either database), so deliveries are made once.
        const changedRows = await tx.run(
          `UPDATE enquiries SET spam = NULL, follow_up = CASE WHEN follow_up = 'spam' THEN 'new' ELSE follow_up END
            WHERE id = $1 AND (spam IS NOT NULL OR follow_up = 'spam')`,
          [id],
        );
        if (!changedRows) return false;
        const [row] = await tx.all<{ received_at: unknown; email: string }>(
          "SELECT received_at, email FROM enquiries WHERE id = $1",
          [id],
        );
        const [has] = await tx.all("SELECT 1 AS present FROM deliveries WHERE enquiry_id = $1 LIMIT 1", [id]);
        // Due now (its arrival is past), the give-up clock started now, as an operator's retry does;
        // the visitor's confirmation too, where configured and within its limits (by address).
        if (row && !has) {
          const { skipped } = await insertDeliveries(tx, {
            id,
            receivedAt: isoTime(row.received_at)!,
            retriedAt: new Date().toISOString(),
            enquiry: { name: "", email: row.email, phone: "", category: "", message: "" },
            attempts: [],
          });
          countSkipped(id, skipped);
        }
        return true;
      });
    },
  };
}

/** The caps on what is caught: past `maxPerHour` in the hour up to `now`, or `maxKept` in all,
 * the oldest caught go first. Returns how many were erased. */
async function keepWithinCaps(tx: Queryable, now: string, caps: SpamCatch): Promise<number> {
  const hourAgo = new Date(Date.parse(now) - 3_600_000).toISOString();
  return (await dropBeyond(tx, caps.maxPerHour, hourAgo)) + (await dropBeyond(tx, caps.maxKept));
}

/** Erases the caught enquiries (received after `since`, when given) older than the `keep` newest. */
async function dropBeyond(tx: Queryable, keep: number, since?: string): Promise<number> {
  const within = since ? "AND received_at > $2" : "";
  const [edge] = await tx.all<{ at: unknown }>(
    `SELECT received_at AS at FROM enquiries WHERE spam IS NOT NULL ${within}
      ORDER BY received_at DESC LIMIT 1 OFFSET $1`,
    since ? [keep, since] : [keep],
  );
  if (!edge) return 0;
  return tx.run(
    `DELETE FROM enquiries WHERE spam IS NOT NULL AND received_at <= $1 ${within}`,
    since ? [edge.at, since] : [edge.at],
  );
}
