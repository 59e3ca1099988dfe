import { log } from "~/utils/log.server";
import { acceptCommits, confirmationsSkipped } from "~/utils/metrics.server";
import { insertAcceptedDeliveries } from "./accepted-deliveries.server";
import type { Core } from "./core.server";
import { groupCommit } from "./group-commit.server";
import { arrivalClock, newRecord } from "./record.server";
import { freeReference } from "./reference.server";
import { insertEnquiry } from "./rows.server";
import { isoTime } from "./sql.server";
import type { Intake } from "./store.server";

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
  return {
    async store(enquiry, requestId) {
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
          await insertEnquiry(tx, record);
          const { skipped } = await insertAcceptedDeliveries(tx, record, { channels, confirmation });
          return { queued: { ...record, state: "pending" as const, channel: channels[0]! }, skipped };
        },
        Buffer.byteLength(JSON.stringify(enquiry)),
      );
      // Counted once committed: a confirmation a limit kept back (the inbox shows it too).
      if (accepted.skipped) {
        confirmationsSkipped.inc({ limit: accepted.skipped });
        log("info", "confirmation.skipped", { id: accepted.queued.id, requestId, limit: accepted.skipped });
      }
      return accepted.queued;
    },
  };
}
