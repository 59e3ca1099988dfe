import { afterAll, beforeAll, describe, inject } from "vitest";
import { postgresForTests, sharedPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { openSqlStore } from "./open-store.server";
import { groupCommitContract } from "../../tests/contracts/group-commit-contract";
import { storeContract, type StoreMaker } from "../../tests/contracts/store-contract";

let cluster: PgCluster;
let url = "";
let n = 0;

describe.runIf(postgresForTests("the store contract on PostgreSQL"))("on a throwaway PostgreSQL cluster", () => {
  beforeAll(async () => {
    cluster = await sharedPgCluster(inject("pgFolder"));
  }, 60_000);
  afterAll(() => cluster?.remove());

  const maker: StoreMaker = {
    async reset() {
      url = cluster.createDatabase(`contract_${++n}`);
    },
    make: async (channels, confirmation) =>
      openSqlStore({ DATABASE_URL: url, DATABASE_POOL_MAX: 5 }, { staleMs: 3_000, channels, confirmation }),
    async plantJunk(store) {
      await store.prepare();
      cluster.psql(
        `INSERT INTO enquiries (id, received_at, name, email, phone, category, message)
           VALUES ('00000000-0000-4000-8000-000000000000', '2020-01-01', 'x', 'x', 'x', 'other', 'x');
         INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, changed_at)
           VALUES ('00000000-0000-4000-8000-000000000000', 'email', 'pending', '2020-01-01', '2020-01-01',
                   '{"v": 9, "surprise": true}', '2020-01-01');`,
        `contract_${n}`,
      );
    },
  };
  storeContract("PostgreSQL", maker);
  groupCommitContract("PostgreSQL", maker);
});
