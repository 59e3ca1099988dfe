import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { migrate } from "./migrate.server";
import { createSqlite } from "./sqlite.server";
import { visitsContract } from "../../tests/contracts/visits-contract";

const dir = mkdtempSync(path.join(tmpdir(), "visits-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("visits counted on SQLite", () => {
  visitsContract("SQLite", async () => {
    const sql = createSqlite(path.join(dir, `visits-${++n}.db`));
    await migrate(sql);
    return sql;
  });
});
