import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { visitsContract } from "../../tests/contracts/visits-contract";

describe.runIf(postgresForTests("visits counted on PostgreSQL"))("visits counted on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("visits");
  visitsContract("PostgreSQL", async () => (await fresh()).sql);
});
