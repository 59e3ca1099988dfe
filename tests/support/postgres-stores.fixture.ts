import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { sharedPgCluster, type PgCluster } from "./pg-cluster";
import { openSqlStore } from "~/store/open-store.server";

const TEMPLATE = "migrated";

/** Migrated once a run, by the first file asking; each store is a copy (0.3 s less). Migration tests migrate their own. */
async function migratedTemplate(cluster: PgCluster, folder: string): Promise<string> {
  const ready = path.join(folder, "template.json");
  try {
    mkdirSync(path.join(folder, "template"));
  } catch {
    for (let waited = 0; !existsSync(ready); waited += 100) {
      if (waited > 60_000) throw new Error(`the migrated template in ${folder} was not made`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const { error } = JSON.parse(readFileSync(ready, "utf8")) as { error?: string };
    if (error) throw new Error(error);
    return TEMPLATE;
  }
  try {
    const store = openSqlStore({ DATABASE_URL: cluster.createDatabase(TEMPLATE), DATABASE_POOL_MAX: 1 });
    await store.prepare();
    await store.close();
    writeFileSync(ready, "{}");
    return TEMPLATE;
  } catch (error) {
    writeFileSync(ready, JSON.stringify({ error: String(error) }));
    throw error;
  }
}

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
