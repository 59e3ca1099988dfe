import { log } from "~/utils/log.server";
import { acceptCommits, confirmationsSkipped } from "~/utils/metrics.server";
import {
  confirmationFates,
  confirmationNote,
  insertAcceptedDeliveries,
  queueAccepted,
  type ConfirmationSkip,
} from "./accepted-deliveries.server";
import type { Core } from "./core.server";
import { groupCommit } from "./group-commit.server";
import { arrivalClock, newRecord, type Enquiry } from "./record.server";
import { distinctReferences, freeReference } from "./reference.server";
import { insertEnquiries } from "./rows.server";
import { isoTime, type Queryable } from "./sql.server";
import type { Intake, Delivery, SpamCatch } from "./store.server";

type Accepting = { enquiry: Enquiry; requestId?: string; spam?: SpamCatch };
type Accepted = { queued: Delivery & { dropped?: number }; skipped?: ConfirmationSkip };

/** Concurrent accepts share one transaction and one fsync (decision 0028); each told "stored" once it committed. */
export function intakeOf({ sql, channels, confirmation, push, changed, prepare }: Core): Intake {
  const receivedNow = arrivalClock();

  async function arrivals(tx: Queryable, items: readonly Accepting[], references: readonly string[]) {
    const [last] = await tx.all<{ at: unknown }>("SELECT max(received_at) AS at FROM enquiries");
    let after = Date.parse(isoTime(last?.at) ?? "") + 1;
    if (Number.isNaN(after)) after = 0;
    return items.map((item, i) => {
      const at = Math.max(Date.parse(receivedNow()), after);
      after = at + 1;
      return { ...newRecord(item.enquiry, new Date(at).toISOString(), item.requestId), reference: references[i]! };
    });
  }

  async function acceptAll(tx: Queryable, items: readonly Accepting[], references: readonly string[]) {
    const records = await arrivals(tx, items, references);
    const fates = confirmation ? await confirmationFates(tx, records, confirmation) : [];
    await insertEnquiries(
      tx,
      records.map((record, i) => ({ record, confirmation: confirmation && confirmationNote(fates[i]) })),
    );
    await queueAccepted(
      tx,
      records,
      records.map((_, i) => !!confirmation && !fates[i]),
      { channels, push },
    );
    return records.map((record, i): Accepted => ({
      queued: { ...record, state: "pending", channel: channels[0]! },
      skipped: fates[i],
    }));
  }

  async function keepCaught(tx: Queryable, item: Accepting, spam: SpamCatch, reference: string) {
    const [record] = await arrivals(tx, [item], [reference]);
    await insertEnquiries(tx, [{ record: record!, spam: spam.reasons }]);
    const dropped = await keepWithinCaps(tx, record!.receivedAt, spam);
    return { queued: { ...record!, state: "pending" as const, channel: channels[0]!, dropped } };
  }

  const acceptOne = async (tx: Queryable, item: Accepting): Promise<Accepted> => {
    const reference = await freeReference(tx);
    return item.spam ? keepCaught(tx, item, item.spam, reference) : (await acceptAll(tx, [item], [reference]))[0]!;
  };

  const accepts = groupCommit<Accepting, Accepted>({
    transaction: (work) => sql.transaction(work),
    one: acceptOne,
    // A reference already taken breaks the unique index: the batch goes one by one, each looked up first (decision 0033).
    many: async (tx, items) => {
      if (items.some((item) => item.spam)) {
        const accepted: Accepted[] = [];
        for (const item of items) accepted.push(await acceptOne(tx, item));
        return accepted;
      }
      return acceptAll(tx, items, distinctReferences(items.length));
    },
    onCommit: (units) => {
      if (units) acceptCommits.inc();
    },
  });
  const countSkipped = (id: string, skipped: string | undefined, requestId?: string) => {
    if (!skipped) return;
    confirmationsSkipped.inc({ limit: skipped });
    log("info", "confirmation.skipped", { id, requestId, limit: skipped });
  };
  return {
    async store(enquiry, requestId, { spam } = {}) {
      await prepare();
      changed();
      const accepted = await accepts.run({ enquiry, requestId, spam }, Buffer.byteLength(JSON.stringify(enquiry)));
      countSkipped(accepted.queued.id, accepted.skipped, requestId);
      return accepted.queued;
    },

    async release(id) {
      await prepare();
      changed();
      return sql.transaction(async (tx) => {
        // The update first: a second "Not spam" at the same time then finds nothing to change.
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
        if (row && !has) {
          const { skipped } = await insertAcceptedDeliveries(
            tx,
            {
              id,
              receivedAt: isoTime(row.received_at)!,
              retriedAt: new Date().toISOString(),
              enquiry: { name: "", email: row.email, phone: "", category: "", message: "" },
              attempts: [],
            },
            { channels, confirmation, push },
          );
          countSkipped(id, skipped);
        }
        return true;
      });
    },
  };
}

async function keepWithinCaps(tx: Queryable, now: string, caps: SpamCatch): Promise<number> {
  const hourAgo = new Date(Date.parse(now) - 3_600_000).toISOString();
  return (await dropBeyond(tx, caps.maxPerHour, hourAgo)) + (await dropBeyond(tx, caps.maxKept));
}

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
