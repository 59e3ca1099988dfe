import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createLease } from "./lease.server";
import { adoptEarlierRecords, createOutbox, type Outbox, type StoredRecord } from "./outbox.server";
import { recordFileName } from "./outbox-record.server";
import { readRegularFile } from "./safe-file.server";
import type { DelivererLock, EnquiryStore, Pacing, QueuedRecord } from "./store.server";

/** How many index entries one look may inspect before it gives the tick back (a flood of
 * entries that are not records, or not due after all, is worked through over several ticks). */
const LOOK_AHEAD = 50;

/** The embedded default store: the outbox folder (outbox.server.ts), one host's store. Its
 * deliverer is the holder of the lease file in the folder (a guard against two processes on
 * one volume); the end of the last call is kept in OUTBOX_DIR/last-call, so a process that
 * takes the lease over continues the spacing (one host: one clock). */
export function fileStore(outbox: Outbox): EnquiryStore {
  const located = (record: QueuedRecord): StoredRecord => ({ ...record, file: recordFileName(record) });
  let lease: DelivererLock | undefined;
  // "<start> <end>" of the last call, in ms since the epoch (one host: one clock).
  const lastCall = path.join(outbox.dir, "last-call");
  const readLastCall = async () => {
    const text = await readRegularFile(lastCall, 64);
    const [start = NaN, end = NaN] = text.ok ? text.text.split(" ").map(Number) : [];
    return { start, end };
  };
  const writeLastCall = async (start: number, end: number) => {
    const tmp = `${lastCall}.${process.pid}`;
    await writeFile(tmp, `${start} ${end}`, { mode: 0o600 });
    await rename(tmp, lastCall);
  };
  const pacing: Pacing = {
    async waitMs(intervalMs) {
      const { start, end } = await readLastCall();
      const last = Math.max(...[start, end].filter(Number.isFinite), -Infinity);
      return Number.isFinite(last) ? Math.max(0, last + intervalMs - Date.now()) : 0;
    },
    callStarting: () => writeLastCall(Date.now(), NaN),
    callEnded: async () => writeLastCall((await readLastCall()).start, Date.now()),
  };

  return {
    kind: "file",
    where: outbox.dir,
    prepare: async () => {
      await outbox.prepare();
    },
    store: (enquiry, requestId) => outbox.store(enquiry, requestId),

    async nextDue(now, skip = []) {
      await outbox.index.refresh();
      for (let look = 0; look < LOOK_AHEAD; look++) {
        const next = outbox.index.nextDue(now, (id) => skip.includes(id));
        if (!next) return undefined;
        const read = await outbox.read("pending", next.file);
        if (!read.ok) {
          outbox.index.remove(next.file);
          if (!read.missing) await outbox.quarantine("pending", next.file, read.reason);
          continue;
        }
        outbox.index.put(read.record); // the index only schedules: what is on disk decides
        if (read.record.nextAttemptAt && Date.parse(read.record.nextAttemptAt) > now) continue;
        if (await outbox.settledElsewhere(read.record)) continue;
        return read.record;
      }
      return undefined;
    },

    async markSending(record, at) {
      // Moved meanwhile (another process, an operator): not this worker's to send.
      if (!(await outbox.read("pending", recordFileName(record))).ok) return undefined;
      const marked = { ...located(record), sendingSince: at };
      await outbox.update(marked);
      return marked;
    },
    update: (record) => outbox.update(located(record)),
    move: (record, to, changes) => outbox.move(located(record), to, changes),

    async counts({ maxAgeMs } = {}) {
      await outbox.index.refresh(maxAgeMs === undefined ? {} : { maxAgeMs });
      return outbox.index.counts();
    },
    writeCheck: () => outbox.writeCheck(),
    async housekeeping(retentionMs, now) {
      const purged = await outbox.purgeDelivered(retentionMs, now);
      await outbox.sweepTemporary();
      return purged;
    },
    adopt: () => adoptEarlierRecords(outbox),
    tookOver: () => outbox.index.invalidate(),
    deliverer: () => (lease ??= createLease(outbox.dir)),
    pacing: () => pacing,

    async scan(state) {
      const { records, unreadable } = await outbox.scan(state);
      return { records, unreadable: unreadable.map((u) => ({ state: u.state, ref: u.file, reason: u.reason })) };
    },
    find: (idPrefix) => outbox.find(idPrefix),
    async retry(record) {
      const changes = { nextAttemptAt: undefined, failure: undefined, retriedAt: new Date().toISOString() };
      if (record.state === "failed") return outbox.move(located(record), "pending", changes);
      const retried = { ...located(record), ...changes };
      await outbox.update(retried);
      await outbox.requestReindex(); // a running server reads its records again
      return retried;
    },
    purgeDelivered: (olderThanMs, now) => outbox.purgeDelivered(olderThanMs, now),
    async quarantined() {
      return (await outbox.quarantined()).map((q) => ({
        ref: `quarantine/${q.folder}`,
        from: `${q.from}/ ${JSON.stringify(q.file)}`,
        reason: q.reason,
        at: q.at,
      }));
    },
    totals: () => outbox.counts(),
    close: async () => {},
  };
}

export const createFileStore = (dir: string) => fileStore(createOutbox(dir));
