import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "./migrate.server";
import { MIGRATIONS, type Migration } from "./migrations";
import { createSqlite } from "./sqlite.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "migrate-"));
  dirs.push(dir);
  return createSqlite(path.join(dir, "db.sqlite"));
};
const table = (version: number, name: string): Migration => ({
  version,
  name,
  sqlite: `CREATE TABLE ${name} (id integer)`,
  postgres: null,
});

describe("the migration list and its runner", () => {
  it("lists each file once, by its number, in the order of the numbers", () => {
    const files = readdirSync(path.join(__dirname, "migrations"))
      .filter((f) => /^\d{4}-.*\.ts$/.test(f))
      .map((f) => Number(f.slice(0, 4)));
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual(files.sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("applies a version merged in later below the newest one a database has (13 arriving after 15)", async () => {
    const sql = scratch();
    try {
      expect(await migrate(sql, [table(1, "first"), table(3, "third")])).toEqual([1, 3]);
      expect(await migrate(sql, [table(1, "first"), table(2, "second"), table(3, "third")])).toEqual([2]);
      expect(await migrate(sql, [table(1, "first"), table(2, "second"), table(3, "third")])).toEqual([]);
      const tables = await sql.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
      );
      expect(tables.map((t) => t.name)).toEqual(["enquiry_schema_versions", "first", "second", "third"]);
    } finally {
      await sql.close();
    }
  });
});
