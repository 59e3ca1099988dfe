import type { Core } from "./core.server";
import { flag, type TableRow } from "./schema.server";
import { indexedBy, isoTime } from "./sql.server";
import type { Chores, QueueCounts } from "./store.server";

export function choresOf({ sql, channels, counts: cache, changed, prepare }: Core): Chores {
  return {
    async counts({ maxAgeMs } = {}) {
      if (cache.cached && maxAgeMs !== undefined && Date.now() - cache.cached.at < maxAgeMs) return cache.cached.counts;
      await prepare();
      // From the tallies (migration 12): the same few rows with 100,000 waiting as with 100 (decision 0036).
      const tallies = await sql.all<TableRow<"delivery_tallies">>(
        "SELECT channel, state, tried, CAST(n AS integer) AS n FROM delivery_tallies WHERE n <> 0",
      );
      const [aside] = await sql.all<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM quarantine");
      const tally = (channel: string | undefined, state: string, tried?: boolean) =>
        tallies
          .filter((t) => (channel === undefined || t.channel === channel) && t.state === state)
          .filter((t) => tried === undefined || flag(t.tried) === tried)
          .reduce((total, t) => total + Number(t.n), 0);
      const byChannel: QueueCounts["channels"] = {};
      for (const channel of new Set([...channels, ...tallies.map((t) => t.channel)]))
        byChannel[channel] = {
          pending: tally(channel, "pending"),
          failed: tally(channel, "failed"),
          delivered: tally(channel, "delivered"),
        };
      const oldest = (
        await Promise.all(
          Object.entries(byChannel)
            .filter(([, c]) => c.pending > 0)
            .map(([channel]) =>
              sql.all<{ at: unknown }>(
                `SELECT received_at AS at FROM deliveries${indexedBy(sql, "deliveries_pending")}
                  WHERE channel = $1 AND state = 'pending' ORDER BY received_at LIMIT 1`,
                [channel],
              ),
            ),
        )
      )
        .map(([row]) => isoTime(row?.at))
        .filter((t): t is string => t !== undefined)
        .sort()[0];
      const counts: QueueCounts = {
        pending: tally(undefined, "pending"),
        retrying: tally(undefined, "pending", true),
        failed: tally(undefined, "failed"),
        delivered: tally(undefined, "delivered"),
        quarantined: tally(undefined, "quarantined") + Number(aside?.n ?? 0),
        channels: byChannel,
        ...(oldest ? { oldestPendingAt: oldest } : {}),
      };
      cache.cached = { at: Date.now(), counts };
      return counts;
    },

    async writeCheck() {
      await prepare();
      if (sql.dialect === "sqlite") {
        // A read-only or full volume, or a lock held too long, is seen before a visitor meets it.
        await sql.run(
          `INSERT INTO store_health (id, checked_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
          [new Date().toISOString()],
        );
        return;
      }
      const [row] = await sql.all<{ standby: boolean; readOnly: string }>(
        "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS \"readOnly\"",
      );
      if (row?.standby || row?.readOnly === "on")
        throw Object.assign(new Error("the database is read-only"), { code: "EREADONLY" });
    },

    async purgeDelivered(olderThanMs) {
      await prepare();
      changed();
      const cutoff = new Date(Date.now() - olderThanMs).toISOString();
      return sql.run(
        `DELETE FROM enquiries WHERE id IN (
           SELECT enquiry_id FROM deliveries WHERE state = 'delivered' AND delivered_at <= $1)
         AND NOT EXISTS (
           SELECT 1 FROM deliveries o WHERE o.enquiry_id = enquiries.id AND (o.state <> 'delivered' OR o.delivered_at > $1))`,
        [cutoff],
      );
    },

    async eraseExpired(olderThanMs, { spamOlderThanMs } = {}) {
      await prepare();
      changed();
      const cutoff = new Date(Date.now() - olderThanMs).toISOString();
      const spam =
        spamOlderThanMs === undefined
          ? 0
          : await sql.run("DELETE FROM enquiries WHERE spam IS NOT NULL AND received_at <= $1", [
              new Date(Date.now() - spamOlderThanMs).toISOString(),
            ]);
      // One nobody has seen is kept, however old.
      const erased = await sql.run(
        `DELETE FROM enquiries WHERE received_at <= $1 AND (
           (follow_up <> 'new' AND follow_up_at <= $1
              AND NOT EXISTS (SELECT 1 FROM deliveries s WHERE s.enquiry_id = enquiries.id AND s.sending_since IS NOT NULL))
           OR (EXISTS (SELECT 1 FROM deliveries d WHERE d.enquiry_id = enquiries.id)
              AND NOT EXISTS (SELECT 1 FROM deliveries o WHERE o.enquiry_id = enquiries.id
                                AND (o.state <> 'delivered' OR o.delivered_at > $1))))`,
        [cutoff],
      );
      // SQLite's search index: a bounded merge, so erased rows' entries leave its pages.
      if (erased + spam && sql.dialect === "sqlite")
        await sql.run("INSERT INTO enquiry_search (enquiry_search, rank) VALUES ('merge', 200)");
      return erased + spam;
    },
  };
}
