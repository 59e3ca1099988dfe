import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { migrate } from "~/store/migrate.server";
import { createSqlite } from "~/store/sqlite.server";
import { limitsContract, staffContract } from "../../tests/contracts/staff-contract";

const dir = mkdtempSync(path.join(tmpdir(), "staff-sqlite-"));
let n = 0;
let file = "";
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the staff area on SQLite", () => {
  staffContract("SQLite", async () => {
    file = path.join(dir, `site-${++n}.db`);
    const sql = createSqlite(file);
    await migrate(sql);
    return sql;
  });
  limitsContract("SQLite", async () => ({ sqliteFile: file }));
});
