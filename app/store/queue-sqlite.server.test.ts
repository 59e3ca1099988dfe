import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { sqliteStore } from "../../tests/support/delivery-testbed";
import { queueContract } from "../../tests/contracts/queue-contract";
import { schemaContract } from "../../tests/contracts/schema-contract";
import { columnsContract } from "../../tests/contracts/columns-contract";

const dir = mkdtempSync(path.join(tmpdir(), "queue-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the queue's counts and recovery on SQLite", () => {
  const maker = {
    fresh: async (channels: readonly string[]) =>
      sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000, channels }),
    again: async (channels: readonly string[]) =>
      sqliteStore(path.join(dir, `site-${n}.db`), { staleMs: 3_000, channels }),
  };
  queueContract("SQLite", maker);
  schemaContract("SQLite", maker);
  columnsContract("SQLite", () => maker.fresh(["email"]));
});
