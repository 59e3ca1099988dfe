import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate } from "../migrate.server";
import { createSqlite } from "../sqlite.server";
import { LATEST_VERSION, MIGRATIONS } from ".";

// A released version is never edited. SQLite keeps each CREATE statement's text, byte for byte,
// so the schema a database gets is recorded beside the migrations (schema.sqlite.json) and every
// way to the latest version must give exactly it: a new database, and one at each earlier
// version. A new version changes the record on purpose (`npx vitest run app/store/migrations -u`),
// and its diff shows what the version adds, and nothing else.
describe("the SQLite schema", () => {
  const schemaFrom = async (version: number | undefined) => {
    const dir = await mkdtemp(path.join(tmpdir(), "schema-"));
    const sql = createSqlite(path.join(dir, "site.db"));
    try {
      if (version)
        await migrate(
          sql,
          MIGRATIONS.filter((m) => m.version <= version),
        );
      await migrate(sql);
      const rows = await sql.all<{ type: string; name: string; sql: string }>(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name",
      );
      return `${JSON.stringify(rows, null, 2)}\n`;
    } finally {
      await sql.close();
      await rm(dir, { recursive: true, force: true });
    }
  };

  it("of a new database is the recorded one", async () => {
    await expect(await schemaFrom(undefined)).toMatchFileSnapshot("./schema.sqlite.json");
  });

  it("is the same, byte for byte, whichever earlier version a database moved up from", async () => {
    const fresh = await schemaFrom(undefined);
    for (const { version } of MIGRATIONS.filter((m) => m.sqlite !== null && m.version < LATEST_VERSION))
      expect(await schemaFrom(version), `from version ${version}`).toBe(fresh);
  });
});
