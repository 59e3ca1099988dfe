import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import type { openSqlStore } from "~/store/open-store.server";
import { limitsContract, staffContract } from "../../tests/contracts/staff-contract";

describe.runIf(postgresForTests("the staff area on PostgreSQL"))("the staff area on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("staff");
  staffContract("PostgreSQL", async () => (await fresh()).sql);
  let shared: ReturnType<typeof openSqlStore> | undefined;
  limitsContract("PostgreSQL", async () => {
    shared ??= await fresh();
    return { pool: shared.pool! };
  });
});
