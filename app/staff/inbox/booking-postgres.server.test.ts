import { describe } from "vitest";
import { postgresForTests } from "../../../tests/support/pg-cluster";
import { postgresStores } from "../../../tests/support/postgres-stores.fixture";
import { bookingContract } from "../../../tests/contracts/booking-contract";

describe.runIf(postgresForTests("bookings on PostgreSQL"))("bookings on a throwaway PostgreSQL", () => {
  const { fresh } = postgresStores("booking");
  bookingContract("PostgreSQL", fresh);
});
