import { LATEST_VERSION, MIGRATIONS, type Migration } from "./migrations";
import type { Queryable, Row, Sql } from "./sql.server";
import { StoreRefusal } from "./store.server";

/** A database newer than this code is refused, never written to. */

const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS enquiry_schema_versions (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at text NOT NULL
)`;

export const APP_LOCK = 0x41565650; // "AVVP"
export const DELIVERER_LOCK = 1;
const SCHEMA_LOCK = 2;

/** A rewrite of 100,000 enquiries takes seconds (docs/performance.md), not the 5 s of a visitor's query. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

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

export async function schemaVersion(sql: Queryable): Promise<number> {
  const rows = await sql.all<{ v: number | null }>("SELECT max(version) AS v FROM enquiry_schema_versions");
  return Number(rows[0]?.v ?? 0);
}
