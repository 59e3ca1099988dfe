import { chmodSync, existsSync } from "node:fs";
import { log } from "~/utils/log.server";
import { acceptCommits } from "~/utils/metrics.server";
import { channelHealthOf } from "./channel-health.server";
import { migrate, schemaVersion } from "./migrate.server";
import { LATEST_VERSION } from "./migrations";
import { createPgDeliverer } from "./pg-deliverer.server";
import type { PostgresSql } from "./postgres.server";
import { arrivalClock, checkRecord, newRecord, type EnquiryRecord } from "./record.server";
import { groupCommit } from "./group-commit.server";
import { freeReference } from "./reference.server";
import { isoTime, jsonValue, type Queryable, type Row } from "./sql.server";
import { createSqliteDeliverer, type SqliteSql } from "./sqlite.server";
import type { DelivererLock, EnquiryStore, QueueCounts, QueuedRecord, RecordState, SetAside } from "./store.server";

/** The channel of a stored enquiry when no channel is configured: it waits there for operators
 * (and for EmailJS, should it be configured later), as enquiries always have. */
export const DEFAULT_CHANNEL = "email";
/** How many rows one look may set aside before it gives the tick back. */
const LOOK_AHEAD = 50;

/** A delivery joined with its enquiry: the columns every read of the queue selects. */
const SELECT_RECORD = `SELECT e.id, e.received_at, e.request_id, e.reference, e.name, e.email, e.phone, e.category, e.message,
    e.language, e.page, d.channel, d.state, d.attempts, d.sending_since, d.retried_at, d.delivered_at, d.due_at, d.failure
  FROM deliveries d JOIN enquiries e ON e.id = d.enquiry_id`;

type RecordRow = {
  id: string;
  received_at: unknown;
  request_id: string | null;
  reference: string | null;
  page: string | null;
  name: string;
  email: string;
  phone: string;
  category: string;
  message: string;
  language: string | null;
  channel: string;
  state: RecordState;
  attempts: unknown;
  sending_since: unknown;
  retried_at: unknown;
  delivered_at: unknown;
  due_at: unknown;
  failure: unknown;
};

/** A row as a record, through the record's check, or the reason it is not one (never its
 * contents: they may hold personal data). */
function fromRow(row: RecordRow): { ok: true; record: QueuedRecord } | { ok: false; reason: string } {
  const receivedAt = isoTime(row.received_at);
  const dueAt = isoTime(row.due_at);
  const checked = checkRecord({
    id: String(row.id),
    receivedAt,
    requestId: row.request_id ?? undefined,
    reference: row.reference ?? undefined,
    enquiry: {
      name: row.name,
      email: row.email,
      number: row.phone,
      category: row.category,
      message: row.message,
      language: row.language ?? undefined,
      page: row.page ?? undefined,
    },
    attempts: jsonValue(row.attempts),
    nextAttemptAt: dueAt !== receivedAt && row.state === "pending" ? dueAt : undefined,
    sendingSince: isoTime(row.sending_since),
    retriedAt: isoTime(row.retried_at),
    deliveredAt: isoTime(row.delivered_at),
    failure: row.failure === null ? undefined : jsonValue(row.failure),
  });
  return checked.ok ? { ok: true, record: { ...checked.record, state: row.state, channel: row.channel } } : checked;
}

/** The delivery's columns of a record, in the order of DELIVERY_COLUMNS. */
const deliveryValues = (record: EnquiryRecord) => [
  record.nextAttemptAt ?? record.receivedAt,
  JSON.stringify(record.attempts),
  record.attempts.length,
  record.sendingSince ?? null,
  record.retriedAt ?? null,
  record.deliveredAt ?? null,
  record.failure ? JSON.stringify(record.failure) : null,
];
/** Set by `UPDATE deliveries SET ${DELIVERY_SET} …` with its values from $3 on. */
const DELIVERY_SET = `due_at = $3, attempts = $4, attempt_count = $5, sending_since = $6, retried_at = $7,
  delivered_at = $8, failure = $9, changed_at = $10`;

type Options = {
  sql: SqliteSql | PostgresSql;
  staleMs?: number;
  /** The channels an accepted enquiry is to be delivered through: one delivery row each,
   * written in the transaction that accepts it. None configured: one row on DEFAULT_CHANNEL. */
  channels?: readonly string[];
};

/** The enquiry store over either database (store.server.ts): one set of statements, the
 * dialect's own deliverer (SQLite: a lease row; PostgreSQL: a session advisory lock). Accept is
 * one transaction: the enquiry and its delivery rows, committed (and in SQLite fsync'ed) before
 * the visitor is answered. */
export function createSqlStore(options: Options): EnquiryStore {
  const { sql } = options;
  const channels = options.channels?.length ? [...new Set(options.channels)] : [DEFAULT_CHANNEL];
  const deliverer =
    sql.dialect === "sqlite"
      ? createSqliteDeliverer(sql, { staleMs: options.staleMs })
      : createPgDeliverer({ connectionString: sql.connectionString, staleMs: options.staleMs });
  const receivedNow = arrivalClock();
  const accepts = groupCommit({
    transaction: (work) => sql.transaction(work),
    onCommit: (units) => {
      if (units) acceptCommits.inc();
    },
  });

  // /healthz's counts, at most `maxAgeMs` old; this process's own changes are seen at once
  // (another process's within that time).
  let cachedCounts: { at: number; counts: QueueCounts } | undefined;
  const changed = () => (cachedCounts = undefined);

  let ready: Promise<unknown> | undefined;
  const prepare = async () => {
    await (ready ??= migrate(sql).then(
      (applied) => {
        if (applied.length) log("info", "database.migrated", { where: sql.where, versions: applied });
      },
      (error: unknown) => {
        ready = undefined; // the volume or the database may be back next time
        throw error;
      },
    ));
  };

  async function setAside(row: RecordRow, reason: string) {
    changed();
    await sql.run(
      `UPDATE deliveries SET state = 'quarantined', quarantine_reason = $3, quarantined_from = $4, changed_at = $5
        WHERE enquiry_id = $1 AND channel = $2`,
      [row.id, row.channel, reason, row.state, new Date().toISOString()],
    );
    log("warn", "store.quarantined", { id: row.id, from: row.state, reason });
  }

  const lock: DelivererLock = {
    ...deliverer.lock,
    async hold() {
      await prepare(); // the lease's row is part of the schema
      return deliverer.lock.hold();
    },
  };

  const health = channelHealthOf(sql, deliverer.asHolder);

  const readRecords = async (where: string, values: unknown[], q: Queryable = sql) =>
    (await q.all<RecordRow & Row>(`${SELECT_RECORD} ${where}`, values)).map((row) => ({ row, read: fromRow(row) }));

  const store: EnquiryStore = {
    kind: sql.dialect,
    where: sql.where,
    sql,
    prepare,

    async store(enquiry, requestId) {
      await prepare();
      changed();
      // Concurrent accepts share a transaction (group commit); this is one accept's writes.
      return accepts.run(
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
          for (const channel of channels) await insertDelivery(tx, { ...record, state: "pending", channel });
          return { ...record, state: "pending" as const, channel: channels[0]! };
        },
        Buffer.byteLength(JSON.stringify(enquiry)),
      );
    },

    async nextDue(channel, now, skip = []) {
      await prepare();
      const skipped = skip.length ? `AND e.id NOT IN (${skip.map((_, i) => `$${i + 3}`).join(", ")})` : "";
      for (let look = 0; look < LOOK_AHEAD; look++) {
        const [found] = await readRecords(
          `WHERE d.channel = $1 AND d.state = 'pending' AND d.due_at <= $2 ${skipped}
            ORDER BY d.received_at, d.enquiry_id LIMIT 1`,
          [channel, new Date(now).toISOString(), ...skip],
        );
        if (!found) return undefined;
        if (found.read.ok) return found.read.record;
        await setAside(found.row, found.read.reason);
      }
      return undefined;
    },

    async markSending(record, at) {
      changed();
      const marked = { ...record, sendingSince: at };
      // Only while this process delivers (in the deliverer's transaction, or on its session).
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
        `UPDATE deliveries SET ${DELIVERY_SET} WHERE enquiry_id = $1 AND channel = $2 AND state = 'pending'`,
        [record.id, record.channel, ...deliveryValues(record), new Date().toISOString()],
      );
    },

    async move(record, to, changes = {}) {
      const moved: QueuedRecord = { ...record, ...changes, state: to };
      changed();
      await sql.run(`UPDATE deliveries SET state = $11, ${DELIVERY_SET} WHERE enquiry_id = $1 AND channel = $2`, [
        record.id,
        record.channel,
        ...deliveryValues(moved),
        new Date().toISOString(),
        to,
      ]);
      return moved;
    },

    async counts({ maxAgeMs } = {}) {
      if (cachedCounts && maxAgeMs !== undefined && Date.now() - cachedCounts.at < maxAgeMs) return cachedCounts.counts;
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
      cachedCounts = { at: Date.now(), counts };
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

    async eraseExpired(olderThanMs) {
      await prepare();
      changed();
      const cutoff = new Date(Date.now() - olderThanMs).toISOString();
      // Reached the team: every delivery delivered that long ago, or followed up in the inbox that
      // long ago (and no call under way). One nobody has seen is kept, however old.
      return sql.run(
        `DELETE FROM enquiries WHERE received_at <= $1 AND (
           (follow_up <> 'new' AND follow_up_at <= $1
              AND NOT EXISTS (SELECT 1 FROM deliveries s WHERE s.enquiry_id = enquiries.id AND s.sending_since IS NOT NULL))
           OR (EXISTS (SELECT 1 FROM deliveries d WHERE d.enquiry_id = enquiries.id)
              AND NOT EXISTS (SELECT 1 FROM deliveries o WHERE o.enquiry_id = enquiries.id
                                AND (o.state <> 'delivered' OR o.delivered_at > $1))))`,
        [cutoff],
      );
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

    async setAsideWaiting(channel, cutoff, failure) {
      changed();
      const at = new Date().toISOString();
      // No call is made for them: what they wait for is the provider, for the whole bound.
      const rows = await deliverer.asHolder((q) =>
        q.all<{ id: string }>(
          `UPDATE deliveries SET state = 'failed', failure = $3, changed_at = $4
            WHERE channel = $1 AND state = 'pending' AND sending_since IS NULL AND COALESCE(retried_at, received_at) <= $2
            RETURNING enquiry_id AS id`,
          [channel, cutoff, JSON.stringify(failure), at],
        ),
      );
      return rows.map((row) => String(row.id));
    },

    async scan(state) {
      await prepare();
      const rows = await readRecords("WHERE d.state = $1 ORDER BY d.received_at, d.enquiry_id, d.channel", [state]);
      const records: QueuedRecord[] = [];
      const unreadable: SetAside[] = [];
      for (const { row, read } of rows) {
        if (read.ok) records.push(read.record);
        else
          unreadable.push({
            ref: `row ${row.id}`,
            from: state,
            reason: read.reason,
            at: isoTime(row.received_at) ?? "",
          });
      }
      return { records, unreadable };
    },

    async find(idPrefix) {
      const wanted = idPrefix.toLowerCase();
      if (!/^[0-9a-f-]{1,36}$/.test(wanted)) return [];
      await prepare();
      const rows = await readRecords(
        `WHERE d.state <> 'quarantined' AND substr(CAST(e.id AS text), 1, $2) = $1
          ORDER BY d.received_at, d.enquiry_id, d.channel`,
        [wanted, wanted.length],
      );
      return rows.flatMap(({ read }) => (read.ok ? [read.record] : []));
    },

    async retry(record) {
      const retried: QueuedRecord = {
        ...record,
        nextAttemptAt: undefined,
        failure: undefined,
        retriedAt: new Date().toISOString(),
        state: "pending",
      };
      changed();
      await sql.run(
        `UPDATE deliveries SET state = 'pending', due_at = received_at, failure = NULL, retried_at = $3, changed_at = $3
          WHERE enquiry_id = $1 AND channel = $2 AND state IN ('pending', 'failed')`,
        [record.id, record.channel, retried.retriedAt],
      );
      return retried;
    },

    async quarantined() {
      await prepare();
      const rows = await sql.all<{ id: string; from: string | null; reason: string | null; at: unknown }>(
        `SELECT enquiry_id AS id, quarantined_from AS "from", quarantine_reason AS reason, changed_at AS at
           FROM deliveries WHERE state = 'quarantined' ORDER BY changed_at`,
      );
      const imported = await sql.all<{ ref: string; from_state: string; reason: string; at: unknown }>(
        "SELECT ref, from_state, reason, at FROM set_aside ORDER BY at",
      );
      return [
        ...rows.map((r) => ({
          ref: `row ${r.id}`,
          from: r.from ?? "?",
          reason: r.reason ?? "unknown",
          at: isoTime(r.at) ?? "",
        })),
        ...imported.map((r) => ({ ref: r.ref, from: r.from_state, reason: r.reason, at: isoTime(r.at) ?? "" })),
      ];
    },

    async dismiss(ref) {
      await prepare();
      changed();
      const row = /^row ([0-9a-f-]{36})$/i.exec(ref);
      if (!row) return (await sql.run("DELETE FROM set_aside WHERE ref = $1", [ref])) === 1;
      // A row this version could not read: the enquiry goes only if no delivery of it is readable.
      return (
        (await sql.run(
          `DELETE FROM enquiries WHERE id = $1
             AND EXISTS (SELECT 1 FROM deliveries WHERE enquiry_id = $1 AND state = 'quarantined')
             AND NOT EXISTS (SELECT 1 FROM deliveries WHERE enquiry_id = $1 AND state <> 'quarantined')`,
          [row[1]!.toLowerCase()],
        )) === 1
      );
    },

    async insertExisting(record) {
      await prepare();
      changed();
      return sql.transaction(async (tx) => {
        const [present] = await tx.all("SELECT 1 AS present FROM enquiries WHERE id = $1", [record.id]);
        if (present) return false;
        await insertEnquiry(tx, { ...record, reference: record.reference ?? (await freeReference(tx)) });
        await insertDelivery(tx, record);
        return true;
      });
    },

    async insertSetAside(entry) {
      await prepare();
      changed();
      const count = await sql.run(
        "INSERT INTO set_aside (ref, from_state, reason, at, content) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ref) DO NOTHING",
        [entry.ref, entry.from, entry.reason, entry.at, entry.content],
      );
      return count === 1;
    },

    async backup(file) {
      if (sql.dialect === "postgres")
        throw new Error(
          "PostgreSQL is backed up with its own tools (pg_dump, or the provider's snapshots): docs/deploy.md",
        );
      await prepare();
      if (existsSync(file)) throw new Error(`${file} exists already: give a new file name (nothing was overwritten)`);
      // SQLite's online backup: a consistent copy while the server keeps writing.
      await sql.database().backup(file);
      chmodSync(file, 0o600); // visitors' personal data, as the database itself
    },

    async check() {
      await prepare();
      const problems: string[] = [];
      const version = await schemaVersion(sql);
      if (version !== LATEST_VERSION)
        problems.push(`schema at version ${version}, this version expects ${LATEST_VERSION}`);
      if (sql.dialect === "sqlite") {
        const rows = await sql.all<{ integrity_check: string }>("PRAGMA integrity_check");
        for (const row of rows) if (row.integrity_check !== "ok") problems.push(row.integrity_check);
        const keys = await sql.all("PRAGMA foreign_key_check");
        if (keys.length) problems.push(`${keys.length} row(s) whose enquiry is missing`);
      }
      return { version, problems };
    },

    async close() {
      await deliverer.lock.release().catch(() => {});
      await sql.close();
    },
  };
  return store;
}

function insertEnquiry(tx: Queryable, record: EnquiryRecord & { reference: string }) {
  const e = record.enquiry;
  return tx.run(
    `INSERT INTO enquiries (id, received_at, request_id, name, email, phone, category, message, language, page, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      record.id,
      record.receivedAt,
      record.requestId ?? null,
      e.name,
      e.email,
      e.number,
      e.category,
      e.message,
      e.language ?? null,
      e.page ?? null,
      record.reference,
    ],
  );
}

function insertDelivery(tx: Queryable, record: QueuedRecord) {
  return tx.run(
    `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, sending_since,
       retried_at, delivered_at, failure, changed_at)
     VALUES ($1, $2, $11, $12, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [record.id, record.channel, ...deliveryValues(record), new Date().toISOString(), record.state, record.receivedAt],
  );
}
