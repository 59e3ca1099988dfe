import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { siteContract } from "../../tests/contracts/site-contract";

describe.runIf(postgresForTests("the owner's site on PostgreSQL"))("the owner's site on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("site");
  siteContract("PostgreSQL", async () => (await fresh()).sql);
});
