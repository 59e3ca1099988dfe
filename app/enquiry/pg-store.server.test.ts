import { afterAll, beforeAll } from "vitest";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster";
import { createPgStore } from "./pg-store.server";
import { storeContract } from "./store-contract";

let cluster: PgCluster;
let url = "";
let n = 0;

beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.remove());

storeContract("PostgreSQL", {
  async reset() {
    url = cluster.createDatabase(`contract_${++n}`);
  },
  make: async () => createPgStore({ connectionString: url, staleMs: 3_000 }),
  async plantJunk(store) {
    await store.prepare();
    // A row another version (or a hand) wrote that this version cannot read as a record.
    cluster.psql(
      `INSERT INTO enquiries (id, state, received_at, due_at, record) VALUES
        ('00000000-0000-4000-8000-000000000000', 'pending', '2020-01-01', '2020-01-01', '{"v": 9, "surprise": true}')`,
      `contract_${n}`,
    );
  },
});
