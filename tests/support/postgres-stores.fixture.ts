import { afterAll, beforeAll, inject } from "vitest";
import { onceInRun, sharedPgCluster, type PgCluster } from "./pg-cluster";
import { openSqlStore } from "~/store/open-store.server";

const TEMPLATE = "migrated";

const migratedTemplate = (cluster: PgCluster, folder: string) =>
  onceInRun(folder, "template", async () => {
    const store = openSqlStore({ DATABASE_URL: cluster.createDatabase(TEMPLATE), DATABASE_POOL_MAX: 1 });
    await store.prepare();
    await store.close();
    return TEMPLATE;
  });

export function postgresStores(prefix: string) {
  let cluster: PgCluster;
  let template: string;
  let n = 0;
  const stores: ReturnType<typeof openSqlStore>[] = [];
  beforeAll(async () => {
    cluster = await sharedPgCluster(inject("pgFolder"));
    template = await migratedTemplate(cluster, inject("pgFolder"));
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    cluster?.remove();
  });
  return {
    async fresh() {
      const store = openSqlStore(
        { DATABASE_URL: cluster.createDatabase(`${prefix}_${++n}`, template), DATABASE_POOL_MAX: 5 },
        { staleMs: 3_000 },
      );
      stores.push(store);
      await store.prepare();
      return store;
    },
  };
}
