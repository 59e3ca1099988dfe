import { afterAll, beforeAll, describe, inject } from "vitest";
import { postgresForTests, sharedPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { openSqlStore } from "./open-store.server";
import { queueContract } from "../../tests/contracts/queue-contract";
import { schemaContract } from "../../tests/contracts/schema-contract";
import { columnsContract } from "../../tests/contracts/columns-contract";

let cluster: PgCluster;
let url = "";
let n = 0;

describe.runIf(postgresForTests("the queue's counts and recovery on PostgreSQL"))(
  "the queue's counts and recovery on a throwaway PostgreSQL",
  () => {
    beforeAll(async () => {
      cluster = await sharedPgCluster(inject("pgFolder"));
    }, 60_000);
    afterAll(() => cluster?.remove());
    const open = (channels: readonly string[]) =>
      openSqlStore({ DATABASE_URL: url, DATABASE_POOL_MAX: 5 }, { staleMs: 3_000, channels });
    const maker = {
      fresh: async (channels: readonly string[]) => {
        url = cluster.createDatabase(`queue_${++n}`);
        return open(channels);
      },
      again: async (channels: readonly string[]) => open(channels),
    };
    queueContract("PostgreSQL", maker);
    schemaContract("PostgreSQL", maker);
    columnsContract("PostgreSQL", () => maker.fresh(["email"]));
  },
);
