import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll } from "vitest";
import { sqliteStore } from "../../tests/support/delivery-testbed";
import { groupCommitContract } from "../../tests/contracts/group-commit-contract";
import { storeContract, type StoreMaker } from "../../tests/contracts/store-contract";

let file = "";
const places: string[] = [];

const maker: StoreMaker = {
  async reset() {
    const dir = await mkdtemp(path.join(tmpdir(), "sqlite-store-"));
    places.push(dir);
    file = path.join(dir, "site.db");
  },
  make: async (channels, confirmation) => sqliteStore(file, { staleMs: 3_000, channels, confirmation }),
  async plantJunk(store) {
    await store.prepare();
    const db = new Database(file);
    db.exec(`INSERT INTO enquiries (id, received_at, name, email, phone, category, message)
               VALUES ('00000000-0000-4000-8000-000000000000', '2020-01-01T00:00:00.000Z', 'x', 'x', 'x', 'other', 'x');
             INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, changed_at)
               VALUES ('00000000-0000-4000-8000-000000000000', 'email', 'pending', '2020-01-01T00:00:00.000Z',
                       '2020-01-01T00:00:00.000Z', '{"surprise": true', '2020-01-01T00:00:00.000Z');`);
    db.close();
  },
};
storeContract("SQLite", maker);
groupCommitContract("SQLite", maker);

afterAll(async () => {
  for (const place of places) await rm(place, { recursive: true, force: true });
});
