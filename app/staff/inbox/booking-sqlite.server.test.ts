import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { sqliteStore } from "../../../tests/support/delivery-testbed";
import { bookingContract } from "../../../tests/contracts/booking-contract";

const dir = mkdtempSync(path.join(tmpdir(), "booking-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bookings on SQLite", () => {
  bookingContract("SQLite", async () => {
    const store = sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000 });
    await store.prepare();
    return store;
  });
});
