import { afterAll, beforeAll, inject } from "vitest";
import { sharedPgCluster, type PgCluster } from "./pg-cluster";
import { openSqlStore } from "~/store/open-store.server";

export function postgresStores(prefix: string) {
  let cluster: PgCluster;
  let n = 0;
  const stores: ReturnType<typeof openSqlStore>[] = [];
  beforeAll(async () => {
    cluster = await sharedPgCluster(inject("pgFolder"));
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    cluster?.remove();
  });
  return {
    async fresh() {
      const store = openSqlStore(
        { DATABASE_URL: cluster.createDatabase(`${prefix}_${++n}`), DATABASE_POOL_MAX: 5 },
        { staleMs: 3_000 },
      );
      stores.push(store);
      await store.prepare();
      return store;
    },
  };
}
