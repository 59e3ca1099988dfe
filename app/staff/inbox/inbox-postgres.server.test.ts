import { describe } from "vitest";
import { postgresForTests } from "../../../tests/support/pg-cluster";
import { postgresStores } from "../../../tests/support/postgres-stores.fixture";
import { inboxContract } from "../../../tests/contracts/inbox-contract";

describe.runIf(postgresForTests("the inbox on PostgreSQL"))("the inbox on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("inbox");
  inboxContract("PostgreSQL", fresh);
});
