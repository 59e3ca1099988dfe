import { afterAll, beforeAll, describe } from "vitest";
import { postgresForTests, startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster";
import { openStore } from "~/store/open-store.server";
import { limitsContract, staffContract } from "./staff-contract";

let cluster: PgCluster;
let n = 0;
const stores: ReturnType<typeof openStore>[] = [];

describe.runIf(postgresForTests("the staff area on PostgreSQL"))("the staff area on a throwaway PostgreSQL", () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    cluster?.remove();
  });

  const fresh = async () => {
    const store = openStore({ DATABASE_URL: cluster.createDatabase(`staff_${++n}`), DATABASE_POOL_MAX: 5 });
    stores.push(store);
    await store.prepare();
    return store;
  };
  staffContract("PostgreSQL", async () => (await fresh()).sql);
  let shared: ReturnType<typeof openStore> | undefined;
  limitsContract("PostgreSQL", async () => {
    shared ??= await fresh();
    return { pool: shared.pool! };
  });
});
