import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { migrate } from "./migrate.server";
import { createSqlite } from "./sqlite.server";
import { siteContract } from "../../tests/contracts/site-contract";

const dir = mkdtempSync(path.join(tmpdir(), "site-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the owner's site on SQLite", () => {
  siteContract("SQLite", async () => {
    const sql = createSqlite(path.join(dir, `site-${++n}.db`));
    await migrate(sql);
    return sql;
  });
});
