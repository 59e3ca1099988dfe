import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

// A native module built at install by the script `allowScripts` approves: one skipped leaves no binding. Said here.
describe("the SQLite driver", () => {
  const require = createRequire(import.meta.url);
  const binding = join(dirname(require.resolve("better-sqlite3")), "..", "build", "Release", "better_sqlite3.node");

  it("has its native binding built for this platform, and loads that one", () => {
    expect(
      existsSync(binding),
      `${binding} is missing: better-sqlite3's install script did not run (is "better-sqlite3": true in package.json's allowScripts?)`,
    ).toBe(true);
    expect(readFileSync(binding).subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46])); // an ELF shared object
    new Database(":memory:").close();
    expect(process.report.getReport() as { sharedObjects: string[] }).toMatchObject({
      sharedObjects: expect.arrayContaining([realpathSync(binding)]),
    });
  });

  it("has the features the store uses (WAL, FTS5, JSON)", () => {
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
