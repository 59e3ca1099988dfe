import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "./migrations";
import { migrate } from "./migrate.server";
import { createSqlite } from "./sqlite.server";
import { previewContract } from "../../tests/contracts/preview-contract";

const dir = mkdtempSync(path.join(tmpdir(), "preview-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the owner's preview on SQLite", () => {
  previewContract("SQLite", async () => {
    const sql = createSqlite(path.join(dir, `preview-${++n}.db`));
    await migrate(sql);
    return sql;
  });

  it("moving to version 17, a preview of no session is dropped, not kept showing the draft", async () => {
    const sql = createSqlite(path.join(dir, `upgrade-${++n}.db`));
    await migrate(
      sql,
      MIGRATIONS.filter((m) => m.version < 17),
    );
    await sql.run(
      "INSERT INTO staff_members (id, email, role, created_at) VALUES ('m1', 'o@example.com', 'owner', $1)",
      [new Date().toISOString()],
    );
    await sql.run("INSERT INTO site_previews (token_hash, member_id, expires_at) VALUES ('t', 'm1', $1)", [
      new Date(Date.now() + 3_600_000).toISOString(),
    ]);
    expect(
      await migrate(
        sql,
        MIGRATIONS.filter((m) => m.version <= 17),
      ),
    ).toEqual([17]);
    expect(await sql.all("SELECT * FROM site_previews")).toEqual([]);
    const columns = await sql.all<{ name: string }>("SELECT name FROM pragma_table_info('site_previews')");
    expect(columns.map((c) => c.name)).toEqual(["token_hash", "session_hash", "expires_at"]);
  });
});
