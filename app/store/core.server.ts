import { log } from "~/utils/log.server";
import type { ConfirmationRule } from "./accepted-deliveries.server";
import { migrate } from "./migrate.server";
import { createPgDeliverer } from "./pg-deliverer.server";
import type { PostgresSql } from "./postgres.server";
import { readDelivery, SELECT_RECORD, type RecordRow } from "./rows.server";
import type { Queryable, Row } from "./sql.server";
import { createSqliteDeliverer, type SqliteSql } from "./sqlite.server";
import type { QueueCounts } from "./store.server";

/** The channel of a stored enquiry when no channel is configured: it waits there for operators
 * (and for EmailJS, should it be configured later), as enquiries always have. */
export const DEFAULT_CHANNEL = "email";

export type CoreOptions = {
  sql: SqliteSql | PostgresSql;
  staleMs?: number;
  /** The channels an accepted enquiry is to be delivered through: one delivery row each,
   * written in the transaction that accepts it. None configured: one row on DEFAULT_CHANNEL. */
  channels?: readonly string[];
  /** Confirmations to visitors, when on (EMAILJS_CONFIRMATION_TEMPLATE_ID): their limits. */
  confirmation?: ConfirmationRule;
  /** Staff devices' alerts (Web Push, PUSH_ENABLED): an accepted enquiry gets a `push` delivery,
   * and an alert row per device, while any device is subscribed (decision 0039). */
  push?: boolean;
};

/** What the store's parts (intake, delivery queue, chores, operator commands) share: the one SQL
 * layer, the migrations applied once, the dialect's deliverer, and /healthz's cached counts,
 * which every write makes stale. */
export function createCore(options: CoreOptions) {
  const { sql } = options;
  const channels = options.channels?.length ? [...new Set(options.channels)] : [DEFAULT_CHANNEL];
  const deliverer =
    sql.dialect === "sqlite"
      ? createSqliteDeliverer(sql, { staleMs: options.staleMs })
      : createPgDeliverer({ connectionString: sql.connectionString, staleMs: options.staleMs });

  // /healthz's counts, at most `maxAgeMs` old; this process's own changes are seen at once
  // (another process's within that time).
  const counts: { cached?: { at: number; counts: QueueCounts } } = {};
  const changed = () => (counts.cached = undefined);

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

  /** Quarantines a row this version cannot read: never sent, shown to operators. */
  async function quarantine(row: RecordRow, reason: string) {
    changed();
    await sql.run(
      `UPDATE deliveries SET state = 'quarantined', quarantine_reason = $3, quarantined_from = $4, changed_at = $5
        WHERE enquiry_id = $1 AND channel = $2`,
      [row.id, row.channel, reason, row.state, new Date().toISOString()],
    );
    log("warn", "store.quarantined", { id: row.id, from: row.state, reason });
  }

  const readRecords = async (where: string, values: unknown[], q: Queryable = sql) =>
    (await q.all<RecordRow & Row>(`${SELECT_RECORD} ${where}`, values)).map((row) => ({
      row,
      read: readDelivery(row),
    }));

  return {
    sql,
    channels,
    confirmation: options.confirmation,
    push: options.push ?? false,
    deliverer,
    counts,
    changed,
    prepare,
    quarantine,
    readRecords,
  };
}

export type Core = ReturnType<typeof createCore>;
