import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { groupCommit } from "./group-commit.server";
import type { Queryable } from "./sql.server";
import { createSqlite, type SqliteSql } from "./sqlite.server";

let dir = "";
let sql: SqliteSql;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "group-commit-"));
  sql = createSqlite(path.join(dir, "batch.db"));
  await sql.run("CREATE TABLE items (n INTEGER NOT NULL UNIQUE)");
});
afterEach(async () => {
  await sql.close();
  await rm(dir, { recursive: true, force: true });
});

function batching(
  bounds: { maxUnits?: number; maxBytes?: number } = {},
  many?: (tx: Queryable, items: number[]) => Promise<number[]>,
) {
  const commits: number[] = [];
  const group = groupCommit<number, number>({
    transaction: (work) => sql.transaction(work),
    one: async (tx, n) => {
      await tx.run("INSERT INTO items (n) VALUES ($1)", [n]);
      return n;
    },
    many,
    ...bounds,
    onCommit: (n) => commits.push(n),
  });
  const insert = (n: number, bytes = 0) => group.run(n, bytes);
  return { commits, insert };
}

function allAtOnce(batches: number[][]) {
  return async (tx: Queryable, items: number[]) => {
    batches.push(items);
    await tx.run(`INSERT INTO items (n) VALUES ${items.map((_, i) => `($${i + 1})`).join(", ")}`, items);
    return items;
  };
}

const stored = async () => (await sql.all<{ n: number }>("SELECT n FROM items ORDER BY rowid")).map((r) => r.n);

describe("group commit", () => {
  it("takes at most maxUnits units a transaction, in the order they came", async () => {
    const { commits, insert } = batching({ maxUnits: 3 });
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => insert(n)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(commits).toEqual([3, 3, 1]);
    expect(await stored()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("takes at most about maxBytes a transaction; a larger unit still goes, alone", async () => {
    const { commits, insert } = batching({ maxBytes: 1_000 });
    await Promise.all([insert(1, 400), insert(2, 400), insert(3, 400), insert(4, 5_000), insert(5, 10)]);
    expect(commits).toEqual([2, 1, 1, 1]);
  });

  it("never waits on a timer: a lone unit commits with the clock stopped", async () => {
    const { commits, insert } = batching();
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "Date", "performance"] });
    try {
      expect(await insert(1)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(commits).toEqual([1]);
  });

  it("units that arrive after a lone one has started go together in the next transaction", async () => {
    const { commits, insert } = batching();
    const first = insert(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3, 4, 5].map((n) => insert(n));
    await Promise.all([first, ...rest]);
    expect(commits).toEqual([1, 4]);
  });

  it("fails only the unit that breaks a constraint; a lone unit's failure is its own", async () => {
    const { commits, insert } = batching();
    const outcomes = await Promise.allSettled([insert(1), insert(1), insert(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(commits).toEqual([2]);
    await expect(insert(2)).rejects.toThrow(/UNIQUE/);
    expect((await sql.all<{ n: number }>("SELECT n FROM items ORDER BY n")).map((r) => r.n)).toEqual([1, 2]);
  });

  it("with `many`, a batch is written at once; a lone item still goes alone", async () => {
    const batches: number[][] = [];
    const { commits, insert } = batching({}, allAtOnce(batches));
    const first = insert(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.all([first, ...[2, 3, 4, 5].map((n) => insert(n))])).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[2, 3, 4, 5]]);
    expect(commits).toEqual([1, 4]);
    expect(await stored()).toEqual([1, 2, 3, 4, 5]);
  });

  it("with `many`, an item that breaks a constraint sends the batch one by one: it alone fails", async () => {
    const batches: number[][] = [];
    const { commits, insert } = batching({}, allAtOnce(batches));
    const outcomes = await Promise.allSettled([insert(1), insert(2), insert(1), insert(3)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(batches).toEqual([[1, 2, 1, 3]]);
    expect(commits).toEqual([3]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("with `many`, an error that may be one item's (no database fault's code) sends the batch one by one", async () => {
    const { commits, insert } = batching({}, async (tx, items) => {
      await tx.run("INSERT INTO items (n) VALUES ($1)", [items[0]]);
      throw new Error("refused by a trigger");
    });
    expect(await Promise.all([1, 2, 3].map((n) => insert(n)))).toEqual([1, 2, 3]);
    expect(commits).toEqual([3]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("with `many`, a database fault fails every item, tried once, storing none", async () => {
    const { commits, insert } = batching({}, async (tx, items) => {
      await tx.run("INSERT INTO items (n) VALUES ($1)", [items[0]]);
      throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
    });
    const first = insert(9);
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = await Promise.allSettled([first, insert(1), insert(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/disk I\/O/);
    expect(commits).toEqual([1]);
    expect(await stored()).toEqual([9]);
  });
});
