import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { sqliteStore } from "~/delivery/delivery-testbed";
import { inboxContract } from "./inbox-contract";

const dir = mkdtempSync(path.join(tmpdir(), "inbox-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the inbox on SQLite", () => {
  inboxContract("SQLite", async () => {
    const store = sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000 });
    await store.prepare();
    return store;
  });
});
