import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { sqliteStore } from "../../tests/support/delivery-testbed";
import { funnelContract } from "../../tests/contracts/funnel-contract";

const dir = mkdtempSync(path.join(tmpdir(), "funnel-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the funnel on SQLite", () => {
  funnelContract("SQLite", async () => {
    const store = sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000 });
    await store.prepare();
    return store;
  });
});
