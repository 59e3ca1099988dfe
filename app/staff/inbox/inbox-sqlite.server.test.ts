import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteStore } from "../../../tests/support/delivery-testbed";
import { migrate } from "~/store/migrate.server";
import { MIGRATIONS } from "~/store/migrations";
import { createSqlite } from "~/store/sqlite.server";
import { parseInboxFilter } from "~/store/inbox-filter.server";
import { inboxContract } from "../../../tests/contracts/inbox-contract";

const dir = mkdtempSync(path.join(tmpdir(), "inbox-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the inbox on SQLite", () => {
  inboxContract("SQLite", async () => {
    const store = sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000 });
    await store.prepare();
    return store;
  });
});

it("SQLite: enquiries kept before search folded letters (version 4) are found both ways after the upgrade", async () => {
  const file = path.join(dir, "version-4.db");
  const before = createSqlite(file);
  await migrate(
    before,
    MIGRATIONS.filter((m) => m.version <= 4),
  );
  await before.run(
    `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, language, reference)
     VALUES ('e1', '2026-11-01T10:00:00.000Z', 'Đurđa Kovačević', 'd@example.com', '+385 91 000 0001',
             'Concierge services', 'Večera u Šibeniku', 'hr', 'ABCD-EFGH')`,
  );
  await before.close();
  const store = sqliteStore(file, { staleMs: 3_000 });
  await store.prepare();
  const names = async (q: string) =>
    (await store.inbox.list(parseInboxFilter(new URLSearchParams({ q })))).rows.map((r) => r.name);
  for (const q of ["durda", "Đurđa", "kovacevic", "sibeniku", "ABCD-EFGH"])
    expect(await names(q), q).toEqual(["Đurđa Kovačević"]);
  await store.close();
});
