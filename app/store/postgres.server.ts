import nodeModule from "node:module";
import type pg from "pg";
import type { Queryable, Row, Sql } from "./sql.server";

/** The driver, loaded by the first store on PostgreSQL (it cost every start on SQLite 0.07 CPU-s); required, as a pool is
 * made synchronously. */
const requireHere = nodeModule.createRequire(import.meta.url);
export const pgDriver = (): typeof pg => requireHere("pg") as typeof pg;

function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

export function coded(error: unknown): unknown {
  if (error instanceof Error && !(error as NodeJS.ErrnoException).code)
    (error as NodeJS.ErrnoException).code = /timeout|timed out/i.test(error.message) ? "ETIMEDOUT" : "EDATABASE";
  return error;
}

export const queryable = (client: pg.ClientBase | pg.Pool): Queryable => ({
  async all<T extends Row>(text: string, values: readonly unknown[] = []) {
    try {
      return (await client.query<T>(text, values as unknown[])).rows;
    } catch (error) {
      throw coded(error);
    }
  },
  async run(text: string, values: readonly unknown[] = [], { timeoutMs }: { timeoutMs?: number } = {}) {
    try {
      const query = { text, values: values as unknown[], ...(timeoutMs ? { query_timeout: timeoutMs } : {}) };
      return (await client.query(query)).rowCount ?? 0;
    } catch (error) {
      throw coded(error);
    }
  },
  async exec(script: string, { timeoutMs }: { timeoutMs?: number } = {}) {
    try {
      // No values: the simple query protocol takes several statements in one query.
      await client.query({ text: script, ...(timeoutMs ? { query_timeout: timeoutMs } : {}) });
    } catch (error) {
      throw coded(error);
    }
  },
});

export function createPostgres(connectionString: string, { poolMax = 5 } = {}) {
  const pool = new (pgDriver().Pool)({
    connectionString,
    max: poolMax,
    application_name: "adriatic-vip",
    keepAlive: true,
    // A database that does not answer fails a store in seconds rather than leave the visitor waiting.
    connectionTimeoutMillis: 3_000,
    query_timeout: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle connection's error would end the process.
  pool.on("error", () => {});
  let closed = false;

  const sql: Sql & { dialect: "postgres"; pool: pg.Pool; connectionString: string } = {
    dialect: "postgres",
    where: describeDatabase(connectionString),
    pool,
    connectionString,
    ...queryable(pool),
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw coded(error);
      }
      let broken: Error | undefined;
      // A connection cut while checked out errs on the client, not the pool.
      const onError = (error: Error) => (broken = error);
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const result = await work(queryable(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
        throw coded(error);
      } finally {
        client.off("error", onError);
        client.release(broken); // a connection that broke or could not roll back is not reused
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  return sql;
}

export type PostgresSql = ReturnType<typeof createPostgres>;
