import { channelHealthOf } from "./channel-health.server";
import type { Core } from "./core.server";
import { DELIVERY_SET, deliveryValues, readDelivery, SELECT_RECORD, type RecordRow } from "./rows.server";
import { indexedBy, type Row } from "./sql.server";
import type { DelivererLock, DeliveryQueue, Delivery } from "./store.server";

const LOOK_AHEAD = 50;

// A send's outcome lands only on the claim it was made under: a row queued again meanwhile (its claim cleared) stays
// pending for the newer message (decision 0048).
const sameClaim = (record: Delivery, n: number) => (record.sendingSince ? `AND sending_since = $${n}` : "");
const claimOf = (record: Delivery) => (record.sendingSince ? [record.sendingSince] : []);

const byArrival = (row: RecordRow) => new Date(row.received_at).getTime();

export function deliveryQueueOf({ sql, deliverer, changed, onWrite, prepare, quarantine }: Core): DeliveryQueue {
  const lock: DelivererLock = {
    ...deliverer.lock,
    async hold() {
      await prepare(); // the lease's row is part of the schema
      return deliverer.lock.hold();
    },
  };
  const health = channelHealthOf(sql, deliverer.asHolder);
  return {
    onWrite,
    async nextDue(channel, now, skip = [], { probe = false } = {}) {
      await prepare();
      const skipped = (first: number) =>
        skip.length ? `AND e.id NOT IN (${skip.map((_, i) => `$${i + first}`).join(", ")})` : "";
      // A bounded number of index entries, whatever the number waiting (decision 0036).
      const from = (index: string) =>
        SELECT_RECORD.replace("FROM deliveries d", `FROM deliveries d${indexedBy(sql, index)}`);
      const at = new Date(now).toISOString();
      const looks: [string, unknown[]][] = probe
        ? [
            [
              `${from("deliveries_pending")} WHERE d.channel = $1 AND d.state = 'pending' ${skipped(2)}`,
              [channel, ...skip],
            ],
          ]
        : [
            // Due on arrival, whatever the clock says: arrival times are strictly increasing, so a burst's
            // last ones can stand a few ms ahead of it and would otherwise wait a whole poll.
            [
              `${from("deliveries_waiting")} WHERE d.channel = $1 AND d.state = 'pending' AND d.due_at = d.received_at
                 ${skipped(2)}`,
              [channel, ...skip],
            ],
            [
              `${from("deliveries_retrying")} WHERE d.channel = $1 AND d.state = 'pending' AND d.due_at <> d.received_at
                 AND d.due_at <= $2 ${skipped(3)}`,
              [channel, at, ...skip],
            ],
          ];
      for (let look = 0; look < LOOK_AHEAD; look++) {
        const found = (
          await Promise.all(
            looks.map(async ([query, values]) => {
              const [row] = await sql.all<RecordRow & Row>(
                `${query} ORDER BY d.received_at, d.enquiry_id LIMIT 1`,
                values,
              );
              return row;
            }),
          )
        )
          .filter((row): row is RecordRow & Row => row !== undefined)
          .sort((a, b) => byArrival(a) - byArrival(b) || (String(a.id) < String(b.id) ? -1 : 1))[0];
        if (!found) return undefined;
        const read = readDelivery(found);
        if (read.ok) return read.record;
        await quarantine(found, read.reason);
      }
      return undefined;
    },

    async markSending(record, at) {
      changed();
      const marked = { ...record, sendingSince: at };
      const count = await deliverer.asHolder((q) =>
        q.run(
          `UPDATE deliveries SET sending_since = $3, changed_at = $3
            WHERE enquiry_id = $1 AND channel = $2 AND state = 'pending'`,
          [record.id, record.channel, at],
        ),
      );
      return count ? marked : undefined;
    },

    async update(record) {
      changed();
      await sql.run(
        `UPDATE deliveries SET ${DELIVERY_SET} WHERE enquiry_id = $1 AND channel = $2 AND state = 'pending'
           ${sameClaim(record, 11)}`,
        [record.id, record.channel, ...deliveryValues(record), new Date().toISOString(), ...claimOf(record)],
      );
    },

    async move(record, to, changes = {}) {
      const moved: Delivery = { ...record, ...changes, state: to };
      changed();
      await sql.run(
        `UPDATE deliveries SET state = $11, ${DELIVERY_SET} WHERE enquiry_id = $1 AND channel = $2 ${sameClaim(record, 12)}`,
        [record.id, record.channel, ...deliveryValues(moved), new Date().toISOString(), to, ...claimOf(record)],
      );
      return moved;
    },

    deliverer: () => lock,

    pacing: (channel) => deliverer.pacing(channel),

    channelHealth(channel) {
      const of = health.channelHealth(channel);
      return {
        read: () => prepare().then(of.read),
        save: (state) => prepare().then(() => of.save(state)),
      };
    },

    async channelStates() {
      await prepare();
      return health.channelStates();
    },

    async probeNow(channel) {
      await prepare();
      return health.probeNow(channel);
    },

    async failWaiting(channel, cutoff, failure) {
      changed();
      const at = new Date().toISOString();
      // The arrival bound keeps the sweep to the index's range of those old enough.
      const rows = await deliverer.asHolder((q) =>
        q.all<{ id: string }>(
          `UPDATE deliveries SET state = 'failed', failure = $3, changed_at = $4
            WHERE channel = $1 AND state = 'pending' AND received_at <= $2
              AND sending_since IS NULL AND COALESCE(retried_at, received_at) <= $2
            RETURNING enquiry_id AS id`,
          [channel, cutoff, JSON.stringify(failure), at],
        ),
      );
      return rows.map((row) => String(row.id));
    },
  };
}
