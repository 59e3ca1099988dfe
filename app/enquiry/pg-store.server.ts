import pg from "pg";
import { log } from "~/utils/log.server";
import { arrivalClock, checkRecord, newRecord, RECORD_VERSION, type OutboxRecord } from "./outbox-record.server";
import { createPgDeliverer } from "./pg-deliverer.server";
import { migrate } from "./pg-schema.server";
import type { EnquiryStore, QueueCounts, QueuedRecord, RecordState } from "./store.server";

/** How many rows one look may set aside before it gives the tick back. */
const LOOK_AHEAD = 50;

type Row = { id: string; state: RecordState; record: unknown };

/** A database's address for logs and the outbox command: never its password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

/** Errors carry a short code for /healthz: SQLSTATE or the socket's (ECONNREFUSED…), and
 * ETIMEDOUT for pg's own timeouts, which have none. */
function coded(error: unknown): unknown {
  if (error instanceof Error && !(error as NodeJS.ErrnoException).code)
    (error as NodeJS.ErrnoException).code = /timeout|timed out/i.test(error.message) ? "ETIMEDOUT" : "EDATABASE";
  return error;
}

export type PgStoreOptions = { connectionString: string; poolMax?: number; staleMs?: number };

/** The store for several hosts (DATABASE_URL): one row per enquiry, accepted by a committed
 * INSERT; the state, due time and arrival are columns, the record itself is the outbox's
 * versioned format in a jsonb column. The deliverer is the holder of an advisory lock
 * (pg-deliverer.server.ts), and the pacing row lives on the database's clock. */
export function createPgStore({ connectionString, poolMax = 5, staleMs }: PgStoreOptions) {
  const pool = new pg.Pool({
    connectionString,
    max: poolMax,
    application_name: "adriatic-vip",
    keepAlive: true,
    // A database that does not answer fails a store in seconds: the visitor is told it was not
    // stored (with their values kept) rather than left waiting.
    connectionTimeoutMillis: 3_000,
    query_timeout: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the database closed (a restart, a failover) is dropped by the pool;
  // without a listener its error would end the process.
  pool.on("error", () => {});
  const deliverer = createPgDeliverer({ connectionString, staleMs });
  const receivedNow = arrivalClock();

  // /healthz's counts, at most a second old; this process's own changes are seen at once
  // (another replica's within the second).
  let cachedCounts: { at: number; counts: QueueCounts } | undefined;
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    if (!/^\s*SELECT/i.test(text)) cachedCounts = undefined;
    try {
      return await pool.query<T>(text, values);
    } catch (error) {
      throw coded(error);
    }
  };

  let ready: Promise<unknown> | undefined;
  const prepare = async () => {
    await (ready ??= migrate(pool).then(
      (applied) => {
        if (applied.length) log("info", "database.migrated", { versions: applied });
      },
      (error: unknown) => {
        ready = undefined; // the database may be back next time
        throw coded(error);
      },
    ));
  };

  const serialize = (record: OutboxRecord) => {
    const { state: _s, ...rest } = record as QueuedRecord;
    return JSON.stringify({ ...rest, v: RECORD_VERSION });
  };
  const dueAt = (record: OutboxRecord) => record.nextAttemptAt ?? record.receivedAt;

  /** A row as a record, or the reason it is not one (never its contents). */
  const fromRow = (row: Row): { ok: true; record: QueuedRecord } | { ok: false; reason: string } => {
    const checked = checkRecord(row.record);
    if (!checked.ok) return checked;
    if (checked.record.id !== row.id) return { ok: false, reason: "record's id does not match its row" };
    return { ok: true, record: { ...checked.record, state: row.state } };
  };

  async function setAside(row: Row, reason: string) {
    await query(
      `UPDATE enquiries SET state = 'quarantined', quarantine_reason = $2, quarantined_from = $3,
         changed_at = clock_timestamp() WHERE id = $1`,
      [row.id, reason, row.state],
    );
    log("warn", "outbox.quarantined", { id: row.id, from: row.state, reason });
  }

  const lock = {
    ...deliverer.lock,
    async hold() {
      await prepare();
      return deliverer.lock.hold();
    },
  };
  let closed = false;

  const store: EnquiryStore = {
    kind: "postgres",
    where: describeDatabase(connectionString),
    prepare,

    async store(enquiry, requestId) {
      await prepare();
      const record: QueuedRecord = { ...newRecord(enquiry, receivedNow(), requestId), state: "pending" };
      // Accepted once this INSERT is committed (it commits on its own).
      await query(
        "INSERT INTO enquiries (id, state, received_at, due_at, record) VALUES ($1, 'pending', $2, $2, $3::jsonb)",
        [record.id, record.receivedAt, serialize(record)],
      );
      return record;
    },

    async nextDue(now, skip = []) {
      await prepare();
      for (let look = 0; look < LOOK_AHEAD; look++) {
        const { rows } = await query<Row>(
          `SELECT id, state, record FROM enquiries
            WHERE state = 'pending' AND due_at <= $1 AND NOT (id = ANY($2::uuid[]))
            ORDER BY received_at, id LIMIT 1`,
          [new Date(now).toISOString(), skip],
        );
        const row = rows[0];
        if (!row) return undefined;
        const read = fromRow(row);
        if (read.ok) return read.record;
        await setAside(row, read.reason);
      }
      return undefined;
    },

    async markSending(record, at) {
      const marked = { ...record, sendingSince: at };
      // On the lock's own session: a process that lost the lock cannot write it, and so does not send.
      cachedCounts = undefined;
      const { rowCount } = await deliverer
        .asHolder(
          "UPDATE enquiries SET record = $2::jsonb, changed_at = clock_timestamp() WHERE id = $1 AND state = 'pending'",
          [record.id, serialize(marked)],
        )
        .catch((error: unknown) => {
          throw coded(error);
        });
      return rowCount ? marked : undefined;
    },

    async update(record) {
      await query(
        "UPDATE enquiries SET record = $2::jsonb, due_at = $3, changed_at = clock_timestamp() WHERE id = $1 AND state = $4",
        [record.id, serialize(record), dueAt(record), record.state],
      );
    },

    async move(record, to, changes = {}) {
      const moved: QueuedRecord = { ...record, ...changes, state: to };
      await query(
        "UPDATE enquiries SET state = $2, record = $3::jsonb, due_at = $4, changed_at = clock_timestamp() WHERE id = $1",
        [record.id, to, serialize(moved), dueAt(moved)],
      );
      return moved;
    },

    async counts({ maxAgeMs } = {}) {
      if (cachedCounts && maxAgeMs !== undefined && Date.now() - cachedCounts.at < maxAgeMs) return cachedCounts.counts;
      await prepare();
      const { rows } = await query<{
        pending: number;
        retrying: number;
        failed: number;
        quarantined: number;
        oldest: Date | null;
      }>(
        `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending,
                count(*) FILTER (WHERE state = 'pending' AND jsonb_array_length(record -> 'attempts') > 0)::int AS retrying,
                count(*) FILTER (WHERE state = 'failed')::int AS failed,
                count(*) FILTER (WHERE state = 'quarantined')::int AS quarantined,
                min(received_at) FILTER (WHERE state = 'pending') AS oldest
           FROM enquiries WHERE state <> 'delivered'`,
      );
      const row = rows[0]!;
      const counts: QueueCounts = {
        pending: row.pending,
        retrying: row.retrying,
        failed: row.failed,
        quarantined: row.quarantined,
        ...(row.oldest ? { oldestPendingAt: row.oldest.toISOString() } : {}),
      };
      cachedCounts = { at: Date.now(), counts };
      return counts;
    },

    /** Reachable, the schema in place, and writable (not a standby, not read-only). */
    async writeCheck() {
      await prepare();
      const { rows } = await query<{ standby: boolean; readOnly: string }>(
        "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS \"readOnly\"",
      );
      if (rows[0]?.standby || rows[0]?.readOnly === "on")
        throw Object.assign(new Error("the database is read-only"), { code: "EREADONLY" });
    },

    async housekeeping(retentionMs) {
      return store.purgeDelivered(retentionMs);
    },
    adopt: async () => 0,
    tookOver: () => {},
    // The lock's row is part of the schema: in place before the first look.
    deliverer: () => lock,
    pacing: () => deliverer.pacing,

    async scan(state) {
      await prepare();
      const { rows } = await query<Row>(
        "SELECT id, state, record FROM enquiries WHERE state = $1 ORDER BY received_at, id",
        [state],
      );
      const records: QueuedRecord[] = [];
      const unreadable: { state: RecordState; ref: string; reason: string }[] = [];
      for (const row of rows) {
        const read = fromRow(row);
        if (read.ok) records.push(read.record);
        else unreadable.push({ state, ref: row.id, reason: read.reason });
      }
      return { records, unreadable };
    },

    async find(idPrefix) {
      const wanted = idPrefix.toLowerCase();
      if (!/^[0-9a-f-]{1,36}$/.test(wanted)) return [];
      await prepare();
      const { rows } = await query<Row>(
        `SELECT id, state, record FROM enquiries
          WHERE state <> 'quarantined' AND left(id::text, length($1)) = $1 ORDER BY received_at`,
        [wanted],
      );
      return rows.flatMap((row) => {
        const read = fromRow(row);
        return read.ok ? [read.record] : [];
      });
    },

    async retry(record) {
      const retried: QueuedRecord = {
        ...record,
        nextAttemptAt: undefined,
        failure: undefined,
        retriedAt: new Date().toISOString(),
        state: "pending",
      };
      await query(
        `UPDATE enquiries SET state = 'pending', record = $2::jsonb, due_at = received_at,
           changed_at = clock_timestamp() WHERE id = $1 AND state IN ('pending', 'failed')`,
        [record.id, serialize(retried)],
      );
      return retried;
    },

    /** By the time they were delivered, on the database's clock. */
    async purgeDelivered(olderThanMs) {
      await prepare();
      const { rowCount } = await query(
        "DELETE FROM enquiries WHERE state = 'delivered' AND changed_at <= clock_timestamp() - make_interval(secs => $1)",
        [olderThanMs / 1000],
      );
      return rowCount ?? 0;
    },

    async quarantined() {
      await prepare();
      const { rows } = await query<{ id: string; from: string | null; reason: string | null; at: Date }>(
        `SELECT id, quarantined_from AS "from", quarantine_reason AS reason, changed_at AS at
           FROM enquiries WHERE state = 'quarantined' ORDER BY changed_at`,
      );
      return rows.map((r) => ({
        ref: `row ${r.id}`,
        from: r.from ?? "?",
        reason: r.reason ?? "unknown",
        at: r.at.toISOString(),
      }));
    },

    async totals() {
      await prepare();
      const { rows } = await query<{ state: string; n: number }>(
        "SELECT state, count(*)::int AS n FROM enquiries GROUP BY state",
      );
      const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
      return {
        pending: of("pending"),
        failed: of("failed"),
        delivered: of("delivered"),
        quarantined: of("quarantined"),
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await deliverer.lock.release();
      await pool.end();
    },
  };
  /** Takes in a record kept elsewhere (a file outbox being moved here), in its state, with its
   * attempts; one already here (same id) is left as it is. True when it was inserted. */
  async function insertExisting(record: QueuedRecord): Promise<boolean> {
    await prepare();
    const { rowCount } = await query(
      `INSERT INTO enquiries (id, state, received_at, due_at, record) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (id) DO NOTHING`,
      [record.id, record.state, record.receivedAt, dueAt(record), serialize(record)],
    );
    return rowCount === 1;
  }

  return Object.assign(store, { pool, insertExisting });
}

export type PgStore = ReturnType<typeof createPgStore>;
