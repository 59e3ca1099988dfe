import { describe } from "vitest";
import { postgresForTests } from "../../tests/support/pg-cluster";
import { postgresStores } from "../../tests/support/postgres-stores.fixture";
import { previewContract } from "../../tests/contracts/preview-contract";

describe.runIf(postgresForTests("the owner's preview on PostgreSQL"))(
  "the owner's preview on a throwaway PostgreSQL",
  () => {
    const { fresh } = postgresStores("preview");
    previewContract("PostgreSQL", async () => (await fresh()).sql);
  },
);
