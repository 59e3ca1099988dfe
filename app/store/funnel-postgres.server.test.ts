import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { funnelContract } from "../../tests/contracts/funnel-contract";

describe.runIf(postgresForTests("the funnel on PostgreSQL"))("the funnel on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("funnel");
  funnelContract("PostgreSQL", fresh);
});
