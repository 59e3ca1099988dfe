/** One SQL design in two dialects: what the store's queries need of a database, whichever it is.
 * Statements are written once, with `$1, $2 …` placeholders (PostgreSQL's; sqlite.server.ts
 * rewrites them for SQLite) and portable SQL; where the dialects differ (types in migrations,
 * the deliverer's lock) each has its own module. Times are ISO 8601 strings in UTC on the way in
 * and out (SQLite stores them as text, which sorts as time; PostgreSQL as timestamptz). */
export type Dialect = "sqlite" | "postgres";

export type Row = Record<string, unknown>;

export type Queryable = {
  /** Rows of one statement. */
  all<T extends Row = Row>(text: string, values?: readonly unknown[]): Promise<T[]>;
  /** Runs one statement; the number of rows it changed. `timeoutMs` replaces PostgreSQL's usual
   * wait for an answer (a migration that rewrites a table may take minutes); SQLite has none. */
  run(text: string, values?: readonly unknown[], options?: { timeoutMs?: number }): Promise<number>;
  /** Runs a script of several statements, without values, as the driver runs one (SQLite's
   * `exec`; PostgreSQL's simple query protocol, in one round trip): the migrations' SQL. */
  exec(script: string, options?: { timeoutMs?: number }): Promise<void>;
};

export type Sql = Queryable & {
  dialect: Dialect;
  /** Where it is, for logs and the outbox command: a file, or a database without its password. */
  where: string;
  /** A write transaction: committed when `work` resolves, rolled back when it throws. In SQLite
   * it takes the write lock at its start (BEGIN IMMEDIATE), so what it reads stays true until it
   * commits. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** An error as a short code ("SQLITE_FULL", "SQLITE_READONLY", "ECONNREFUSED", a SQLSTATE…),
 * never its message: messages may name paths or values, and these codes reach /healthz. */
export const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && code ? code : "error";
};

/** Whether an error is the database's or its connection's, whatever statement met it (a full or
 * failing disk, a lock not granted, a damaged file; a connection lost or timed out, the server
 * shutting down or out of resources): the same statement again would meet it too. Anything else
 * (a constraint, a trigger's refusal, a value the column will not take) may be one row's fault. */
export const isDatabaseFault = (error: unknown): boolean => {
  const code = errorCode(error);
  return (
    /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM|CORRUPT|NOTADB|PROTOCOL|PERM|INTERRUPT)/.test(code) ||
    // PostgreSQL's SQLSTATE classes: connection, transaction rollback (deadlock, serialization),
    // insufficient resources, operator intervention (shutdown, cancelled), system error, internal.
    /^(08|40|53|57|58|XX)[0-9A-Z]{3}$/.test(code) ||
    ["ETIMEDOUT", "ECONNRESET", "ECONNREFUSED", "EPIPE", "EDATABASE", "ENOTFOUND", "EHOSTUNREACH"].includes(code)
  );
};

/** Names the partial index a query is to read, on SQLite (its planner, without statistics on a
 * young database, may take another index and sort); PostgreSQL's planner proves it itself. */
export const indexedBy = (sql: Pick<Sql, "dialect">, index: string) =>
  sql.dialect === "sqlite" ? ` INDEXED BY ${index}` : "";

/** A time read from either dialect (a Date from PostgreSQL, text from SQLite) as ISO 8601. */
export function isoTime(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? String(value) : new Date(parsed).toISOString();
}

/** A JSON column read from either dialect (parsed by pg for jsonb, text in SQLite). Text that is
 * not JSON is returned as it is, for the record's check to refuse. */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Notes in a channel's pacing row that a call starts or ended: at `at` (one host's clock,
 * SQLite), or on the database's clock (PostgreSQL, where hosts' clocks need not agree). */
export async function notePacing(
  q: Queryable,
  channel: string,
  column: "last_call_started_at" | "last_call_ended_at",
  at?: string,
): Promise<void> {
  await q.run(
    `INSERT INTO delivery_pacing (channel, ${column}) VALUES ($1, ${at === undefined ? "clock_timestamp()" : "$2"})
       ON CONFLICT (channel) DO UPDATE SET ${column} = excluded.${column}`,
    at === undefined ? [channel] : [channel, at],
  );
}
