import { LATEST_VERSION, MIGRATIONS, type Migration } from "./migrations";
import type { Queryable, Row, Sql } from "./sql.server";
import { StoreRefusal } from "./store.server";

/** The schema, versioned, the same tables in both dialects (app/store/migrations/, one file per
 * version). Each process applies what is missing when it opens the database, one at a time
 * (SQLite: the write lock of BEGIN IMMEDIATE; PostgreSQL: a transaction-scoped advisory lock),
 * in one transaction, recorded in `enquiry_schema_versions`. A database at a version newer than
 * this code knows is refused, never written to. */

const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS enquiry_schema_versions (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at text NOT NULL
)`;

/** Two keys of the advisory locks this app takes in PostgreSQL: (APP_LOCK, 1) the deliverer's,
 * (APP_LOCK, 2) the schema's. */
export const APP_LOCK = 0x41565650; // "AVVP"
export const DELIVERER_LOCK = 1;
const SCHEMA_LOCK = 2;

/** How long one migration's script may run in PostgreSQL (a rewrite of the enquiries table and
 * its search index: 100,000 enquiries take seconds, docs/performance.md), not the 5 s of a
 * visitor's query. Other replicas wait for its lock meanwhile and answer 503 with Retry-After. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/** Applies the versions the database lacks, under the schema lock; returns the ones it applied.
 * Refuses a database that is at a newer version than this code. (Tests pass the first few
 * migrations to make a database as an earlier version left it.) */
export async function migrate(sql: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return sql.transaction(async (tx) => {
    if (sql.dialect === "postgres") await tx.all("SELECT pg_advisory_xact_lock($1, $2)", [APP_LOCK, SCHEMA_LOCK]);
    await tx.run(VERSIONS_TABLE);
    const rows = await tx.all<{ version: number }>("SELECT version FROM enquiry_schema_versions");
    const present = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...present);
    if (newest > LATEST_VERSION)
      throw new StoreRefusal(
        `${sql.where} was written by a newer version of this site (schema ${newest}; this one knows up to ${LATEST_VERSION}): run that version, or restore a backup made for this one; nothing was changed`,
      );
    // A script may take as long as a migration may: the driver runs it whole.
    const migrating: Queryable = {
      all: <T extends Row>(text: string, values?: readonly unknown[]) => tx.all<T>(text, values),
      run: (text, values, options) => tx.run(text, values, options),
      exec: (script) => tx.exec(script, { timeoutMs: MIGRATION_TIMEOUT_MS }),
    };
    const applied: number[] = [];
    for (const migration of migrations) {
      const step = migration[sql.dialect];
      if (present.has(migration.version) || !step) continue;
      await (typeof step === "string" ? migrating.exec(step) : step(migrating));
      await tx.run("INSERT INTO enquiry_schema_versions (version, name, applied_at) VALUES ($1, $2, $3)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** The version a database is at (the outbox command's `check`). */
export async function schemaVersion(sql: Queryable): Promise<number> {
  const rows = await sql.all<{ v: number | null }>("SELECT max(version) AS v FROM enquiry_schema_versions");
  return Number(rows[0]?.v ?? 0);
}
