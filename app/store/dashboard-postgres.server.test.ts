import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { dashboardContract } from "../../tests/contracts/dashboard-contract";

describe.runIf(postgresForTests("the dashboard on PostgreSQL"))("the dashboard on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("dashboard");
  dashboardContract("PostgreSQL", fresh);
});
