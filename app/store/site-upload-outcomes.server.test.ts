import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { migrate } from "./migrate.server";
import { keepOutcome, keyedOutcomeId, OUTCOME_MS, outcomeFor } from "./site-upload-outcomes.server";
import { createSqlite } from "./sqlite.server";
import type { Sql } from "./sql.server";

async function member(sql: Sql) {
  const id = randomUUID();
  await sql.run("INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, $2, 'owner', $3)", [
    id,
    `${id}@example.com`,
    new Date().toISOString(),
  ]);
  return id;
}

function outcomeContract(name: string, open: () => Promise<Sql>) {
  describe(`an upload's outcome on ${name}`, () => {
    it("any number of long non-Latin names, for its member only, for a while, behind a short id", async () => {
      const sql = await open();
      const [owner, other] = [await member(sql), await member(sql)];
      const refused = Array.from({ length: 100 }, (_, i) => ({
        fileName: Array.from(`${"Ночной клуб «Адриатика» 🎉 ".repeat(4)}${i}.jpg`)
          .slice(-120)
          .join(""),
        refusal: "too-large",
      }));
      const now = new Date("2026-11-28T12:00:00Z");
      const id = await keepOutcome(sql, owner, { added: 3, refused }, now);
      expect(id).toMatch(/^[\w-]{22}$/);
      expect(await outcomeFor(sql, id, owner, now)).toEqual({ added: 3, refused });
      // Read again (a reload, the page's own refresh): still there.
      expect(await outcomeFor(sql, id, owner, new Date(now.getTime() + 60_000))).toEqual({ added: 3, refused });
      // Not another member's; not a made-up id; not once it has expired.
      expect(await outcomeFor(sql, id, other, now)).toBeUndefined();
      expect(await outcomeFor(sql, "A".repeat(22), owner, now)).toBeUndefined();
      expect(await outcomeFor(sql, "'; DROP TABLE x; --", owner, now)).toBeUndefined();
      const later = new Date(now.getTime() + OUTCOME_MS + 1);
      expect(await outcomeFor(sql, id, owner, later)).toBeUndefined();
      // The next upload clears the expired rows.
      const next = await keepOutcome(sql, owner, { added: 0, refused: [], failed: "too-large" }, later);
      expect(await sql.all("SELECT id FROM site_upload_outcomes")).toEqual([{ id: next }]);
      expect(await outcomeFor(sql, next, owner, later)).toEqual({ added: 0, refused: [], failed: "too-large" });
    });

    it("a retried photo's key names one row: its first answer stays, whichever replica answers again", async () => {
      const sql = await open();
      const owner = await member(sql);
      const id = keyedOutcomeId("Zz0-retried-photo-key");
      expect(id).toMatch(/^[\w-]{22}$/);
      expect(keyedOutcomeId("Zz0-retried-photo-key")).toBe(id);
      expect(keyedOutcomeId("Zz0-another-photo-key")).not.toBe(id);
      await keepOutcome(sql, owner, { added: 1, refused: [] }, new Date(), id);
      await keepOutcome(sql, owner, { added: 1, refused: [{ fileName: "x.jpg", refusal: "unknown" }] }, new Date(), id);
      expect(await outcomeFor(sql, id, owner)).toEqual({ added: 1, refused: [] });
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "upload-outcomes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
outcomeContract("SQLite", async () => {
  const sql = createSqlite(path.join(dir, `${randomUUID()}.db`));
  await migrate(sql);
  return sql;
});

describe.runIf(postgresForTests("upload outcomes on PostgreSQL"))("on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("outcomes");
  outcomeContract("PostgreSQL", async () => (await fresh()).sql);
});
