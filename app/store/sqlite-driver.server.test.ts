import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

// The driver is a native module compiled at install (no prebuilt binary can be fetched on our
// machines): an install that skipped its build script leaves it without a binding, which every
// store would then meet at runtime. Said here, by name, instead.
describe("the SQLite driver", () => {
  it("has its native binding built, with the features the store uses (WAL, FTS5, JSON)", () => {
    const require = createRequire(import.meta.url);
    expect(require.resolve("better-sqlite3/build/Release/better_sqlite3.node")).toBeTruthy();
    const db = new Database(":memory:");
    try {
      const { version } = db.prepare("SELECT sqlite_version() AS version").get() as { version: string };
      expect(version.split(".").map(Number)[1]).toBeGreaterThanOrEqual(35); // FILTER, RETURNING, ON CONFLICT
      db.exec("CREATE VIRTUAL TABLE t USING fts5(x)");
      expect(db.prepare("SELECT json_array_length('[1,2]') AS n").get()).toEqual({ n: 2 });
    } finally {
      db.close();
    }
  });
});
