import type { Core } from "./core.server";
import { isoTime } from "./sql.server";
import type { Chores, QueueCounts } from "./store.server";

/** The store's chores: /healthz's counts and write check, and retention, the one place where
 * enquiries are erased by age. */
export function choresOf({ sql, channels, counts: cache, changed, prepare }: Core): Chores {
  return {
    async counts({ maxAgeMs } = {}) {
      if (cache.cached && maxAgeMs !== undefined && Date.now() - cache.cached.at < maxAgeMs) return cache.cached.counts;
      await prepare();
      // By channel, from the partial index of open deliveries; delivered ones apart (their own index).
      const open = await sql.all<{
        channel: string;
        pending: number;
        retrying: number;
        failed: number;
        quarantined: number;
        oldest: unknown;
      }>(
        `SELECT channel,
                CAST(count(*) FILTER (WHERE state = 'pending') AS integer) AS pending,
                CAST(count(*) FILTER (WHERE state = 'pending' AND attempt_count > 0) AS integer) AS retrying,
                CAST(count(*) FILTER (WHERE state = 'failed') AS integer) AS failed,
                CAST(count(*) FILTER (WHERE state = 'quarantined') AS integer) AS quarantined,
                min(received_at) FILTER (WHERE state = 'pending') AS oldest
           FROM deliveries WHERE state <> 'delivered' GROUP BY channel`,
      );
      const delivered = await sql.all<{ channel: string; n: number }>(
        "SELECT channel, CAST(count(*) AS integer) AS n FROM deliveries WHERE state = 'delivered' GROUP BY channel",
      );
      const [aside] = await sql.all<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM set_aside");
      const byChannel: QueueCounts["channels"] = {};
      for (const channel of new Set([...channels, ...open.map((r) => r.channel), ...delivered.map((r) => r.channel)])) {
        const row = open.find((r) => r.channel === channel);
        byChannel[channel] = {
          pending: Number(row?.pending ?? 0),
          failed: Number(row?.failed ?? 0),
          delivered: Number(delivered.find((r) => r.channel === channel)?.n ?? 0),
        };
      }
      const sum = (key: "pending" | "retrying" | "failed" | "quarantined") =>
        open.reduce((total, r) => total + Number(r[key]), 0);
      const oldest = open
        .map((r) => isoTime(r.oldest))
        .filter((t): t is string => t !== undefined)
        .sort()[0];
      const counts: QueueCounts = {
        pending: sum("pending"),
        retrying: sum("retrying"),
        failed: sum("failed"),
        delivered: Object.values(byChannel).reduce((total, c) => total + c.delivered, 0),
        quarantined: sum("quarantined") + Number(aside?.n ?? 0),
        channels: byChannel,
        ...(oldest ? { oldestPendingAt: oldest } : {}),
      };
      cache.cached = { at: Date.now(), counts };
      return counts;
    },

    async writeCheck() {
      await prepare();
      if (sql.dialect === "sqlite") {
        // A small committed write (at most once a second, by /healthz): a read-only or full
        // volume, or a lock held too long by another program, is seen before a visitor meets it.
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

    /** An enquiry goes when every one of its deliveries was delivered that long ago. */
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
      // Caught and never released (the Spam view): by arrival, SPAM_RETENTION_DAYS.
      const spam =
        spamOlderThanMs === undefined
          ? 0
          : await sql.run("DELETE FROM enquiries WHERE spam IS NOT NULL AND received_at <= $1", [
              new Date(Date.now() - spamOlderThanMs).toISOString(),
            ]);
      // Reached the team: every delivery delivered that long ago, or followed up in the inbox that
      // long ago (and no call under way). One nobody has seen is kept, however old.
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
