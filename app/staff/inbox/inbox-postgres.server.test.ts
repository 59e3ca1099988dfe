import { afterAll, beforeAll, describe } from "vitest";
import { postgresForTests, startPgCluster, type PgCluster } from "../../../scripts/lib/pg-cluster";
import { openStore } from "~/store/open-store.server";
import { inboxContract } from "./inbox-contract";

let cluster: PgCluster;
let n = 0;
const stores: ReturnType<typeof openStore>[] = [];

describe.runIf(postgresForTests("the inbox on PostgreSQL"))("the inbox on a throwaway PostgreSQL", () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    cluster?.remove();
  });
  inboxContract("PostgreSQL", async () => {
    const store = openStore(
      { DATABASE_URL: cluster.createDatabase(`inbox_${++n}`), DATABASE_POOL_MAX: 5 },
      { staleMs: 3_000 },
    );
    stores.push(store);
    await store.prepare();
    return store;
  });
});
