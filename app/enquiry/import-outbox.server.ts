import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { createLease } from "./lease.server";
import { createOutbox } from "./outbox.server";
import { recordFileName } from "./outbox-record.server";
import type { PgStore } from "./pg-store.server";

/** Moves a file outbox's pending and failed enquiries into PostgreSQL, as they are (attempts,
 * due times, failure reasons). Safe to run again: a record is inserted unless its id is
 * already there, and only then is its file moved out of the state folders, into `imported/`
 * (kept, not deleted, until the operator has checked the database). Delivered records stay
 * where they are. Refuses while a server still delivers from the folder. */
export async function importOutbox(dir: string, store: PgStore) {
  const outbox = createOutbox(dir);
  const lease = createLease(dir, { leaseMs: 15_000 });
  await outbox.prepare();
  if (!(await lease.hold()))
    throw new Error(`a server still delivers from ${dir} (its delivery.lease is live): stop it, then import`);
  const imported = path.join(dir, "imported");
  await mkdir(imported, { recursive: true, mode: 0o700 });
  const result = { imported: 0, already: 0, unreadable: 0 };
  try {
    for (const state of ["pending", "failed"] as const) {
      const { records, unreadable } = await outbox.scan(state);
      result.unreadable += unreadable.length;
      for (const record of records) {
        if (await store.insertExisting(record)) result.imported++;
        else result.already++;
        await rename(path.join(dir, state, recordFileName(record)), path.join(imported, recordFileName(record)));
      }
    }
  } finally {
    await lease.release();
  }
  return result;
}
