/** Statements written once with `$1` placeholders (sqlite.server.ts rewrites them); times as ISO 8601 in UTC. */
type Dialect = "sqlite" | "postgres";

export type Row = Record<string, unknown>;

export type Queryable = {
  all<T extends Row = Row>(text: string, values?: readonly unknown[]): Promise<T[]>;
  run(text: string, values?: readonly unknown[], options?: { timeoutMs?: number }): Promise<number>;
  exec(script: string, options?: { timeoutMs?: number }): Promise<void>;
};

export type Sql = Queryable & {
  dialect: Dialect;
  where: string;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Never its message: messages may name paths or values, and these codes reach /healthz. */
export const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && code ? code : "error";
};

/** The same statement again would meet it too; anything else (a constraint) may be one row's fault. */
export const isDatabaseFault = (error: unknown): boolean => {
  const code = errorCode(error);
  return (
    /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM|CORRUPT|NOTADB|PROTOCOL|PERM|INTERRUPT)/.test(code) ||
    /^(08|40|53|57|58|XX)[0-9A-Z]{3}$/.test(code) ||
    ["ETIMEDOUT", "ECONNRESET", "ECONNREFUSED", "EPIPE", "EDATABASE", "ENOTFOUND", "EHOSTUNREACH"].includes(code)
  );
};

/** Two requests wrote the same unique value at once (PostgreSQL 23505, SQLite's constraint). */
export const isUniqueViolation = (error: unknown): boolean =>
  ["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"].includes(errorCode(error));

/** SQLite's planner, without statistics on a young database, may take another index and sort. */
export const indexedBy = (sql: Pick<Sql, "dialect">, index: string) =>
  sql.dialect === "sqlite" ? ` INDEXED BY ${index}` : "";

export function isoTime(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? String(value) : new Date(parsed).toISOString();
}

export function jsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

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
