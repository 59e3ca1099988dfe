// The declared schema (app/store/schema.server.ts) against the migrated database, both ways: a column renamed, added
// or dropped by a migration, or made nullable, fails here naming its table and column.
import { expect, it } from "vitest";
import { declaredColumns, VIEWS } from "~/store/schema.server";
import type { SqlStore } from "~/store/sql-store.server";

type Columns = Map<string, Map<string, { nullable: boolean }>>;

/** SQLite's full-text index keeps its shadow tables beside it; they are SQLite's, not ours. */
const FTS_SHADOW = /^enquiry_search_(data|idx|config|docsize|content)$/;

async function migratedColumns(store: SqlStore): Promise<{ tables: Columns; views: string[] }> {
  const { sql } = store;
  const tables: Columns = new Map();
  if (sql.dialect === "sqlite") {
    const found = await sql.all<{ name: string; type: string }>(
      "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'",
    );
    for (const { name } of found.filter((t) => t.type === "table" && !FTS_SHADOW.test(t.name))) {
      const columns = await sql.all<{ name: string; notnull: number; pk: number }>(
        `SELECT name, "notnull", pk FROM pragma_table_info($1)`,
        [name],
      );
      tables.set(name, new Map(columns.map((c) => [c.name, { nullable: !c.notnull && !c.pk }])));
    }
    return { tables, views: found.filter((t) => t.type === "view").map((t) => t.name) };
  }
  const columns = await sql.all<{ table_name: string; column_name: string; is_nullable: string; table_type: string }>(
    `SELECT c.table_name, c.column_name, c.is_nullable, t.table_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema()`,
  );
  for (const c of columns.filter((c) => c.table_type === "BASE TABLE")) {
    const table = tables.get(c.table_name) ?? new Map();
    table.set(c.column_name, { nullable: c.is_nullable === "YES" });
    tables.set(c.table_name, table);
  }
  return { tables, views: [...new Set(columns.filter((c) => c.table_type === "VIEW").map((c) => c.table_name))] };
}

/** Every difference as "table.column: why", so a failure names what to change. */
export function schemaDifferences(declared: Columns, migrated: Columns): string[] {
  const found: string[] = [];
  for (const [table, columns] of declared) {
    const actual = migrated.get(table);
    if (!actual) {
      found.push(`${table}: declared in schema.server.ts, not in the migrated database`);
      continue;
    }
    for (const [column, { nullable }] of columns) {
      const got = actual.get(column);
      if (!got) found.push(`${table}.${column}: declared in schema.server.ts, not in the migrated database`);
      else if (got.nullable !== nullable)
        found.push(`${table}.${column}: declared ${nullable ? "nullable" : "NOT NULL"}, migrated the other way`);
    }
    for (const column of actual.keys())
      if (!columns.has(column)) found.push(`${table}.${column}: in the migrated database, not in schema.server.ts`);
  }
  for (const table of migrated.keys())
    if (!declared.has(table)) found.push(`${table}: in the migrated database, not in schema.server.ts`);
  return found;
}

export function columnsContract(name: string, fresh: () => Promise<SqlStore>) {
  it(`${name}: every table and column the migrations make is the one schema.server.ts declares, both ways`, async () => {
    const store = await fresh();
    await store.prepare();
    const migrated = await migratedColumns(store);
    expect(schemaDifferences(declaredColumns(store.sql.dialect), migrated.tables)).toEqual([]);
    expect(migrated.views.sort()).toEqual(Object.keys(VIEWS).sort());
    await store.close();
  });
}
