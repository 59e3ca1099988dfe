import { log } from "~/utils/log.server";
import type { ConfirmationRule } from "./accepted-deliveries.server";
import { migrate } from "./migrate.server";
import { createPgDeliverer } from "./pg-deliverer.server";
import type { PostgresSql } from "./postgres.server";
import { readDelivery, SELECT_RECORD, type RecordRow } from "./rows.server";
import type { Queryable, Row } from "./sql.server";
import { createSqliteDeliverer, type SqliteSql } from "./sqlite.server";
import type { QueueCounts } from "./store.server";

const DEFAULT_CHANNEL = "email";

export type CoreOptions = {
  sql: SqliteSql | PostgresSql;
  staleMs?: number;
  channels?: readonly string[];
  confirmation?: ConfirmationRule;
  push?: boolean;
};

export function createCore(options: CoreOptions) {
  const raw = options.sql;
  const channels = options.channels?.length ? [...new Set(options.channels)] : [DEFAULT_CHANNEL];
  const deliverer =
    raw.dialect === "sqlite"
      ? createSqliteDeliverer(raw, { staleMs: options.staleMs })
      : createPgDeliverer({ connectionString: raw.connectionString, staleMs: options.staleMs });

  // What this process wrote wakes its delivery loops at once; the poll is left other processes' work (decision 0059).
  // The lease's own heartbeat goes by `raw` and wakes nothing.
  const writeListeners = new Set<() => void>();
  const written = <T>(result: Promise<T>) =>
    result.then((value) => {
      for (const listener of writeListeners) listener();
      return value;
    });
  const sql: typeof raw = {
    ...raw,
    run: (text, values, runOptions) => written(raw.run(text, values, runOptions)),
    exec: (script, execOptions) => written(raw.exec(script, execOptions)),
    transaction: (work) => written(raw.transaction(work)),
  };
  const onWrite = (listener: () => void) => {
    writeListeners.add(listener);
    return () => void writeListeners.delete(listener);
  };

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
    onWrite,
    prepare,
    quarantine,
    readRecords,
  };
}

export type Core = ReturnType<typeof createCore>;
