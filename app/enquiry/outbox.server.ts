import { randomUUID } from "node:crypto";
import { lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { log } from "~/utils/log.server";
import { createPendingIndex, type IndexCounts } from "./outbox-index.server";
import {
  arrivalClock,
  isRecordFileName,
  newRecord,
  parseRecord,
  RECORD_VERSION,
  recordFileName,
  type OutboxRecord,
  type StoredEnquiry,
} from "./outbox-record.server";
import { readRegularFile } from "./safe-file.server";
import { STATES, type RecordState } from "./store.server";

/** The outbox: one JSON file per accepted enquiry, in the folder of its state.
 *
 *   OUTBOX_DIR/pending/     accepted, waiting to be delivered (or for its next try)
 *   OUTBOX_DIR/failed/      given up: a problem retrying cannot fix, or tried for too long
 *   OUTBOX_DIR/delivered/   EmailJS accepted it; removed after the retention period
 *   OUTBOX_DIR/quarantine/  anything found in the folders above that is not a complete record
 *                           (one folder each: the entry, untouched, and reason.json)
 *   OUTBOX_DIR/tmp/         files being written, renamed into place when complete
 *
 * The folder is the truth about a record's state. A state change is one rename (atomic, and it
 * needs no free space), then the record's contents are replaced whole (written to tmp/,
 * fsync'ed, renamed over it). Nothing in the folders is trusted: entries are opened without
 * following links and set aside, never parsed into the log, when they are not records.
 * Decisions: docs/decisions/0016-outbox-faults.md. */
export { STATES } from "./store.server";
export type OutboxState = RecordState;
export type { Attempt, OutboxRecord } from "./outbox-record.server";

export type StoredRecord = OutboxRecord & { state: OutboxState; file: string };
export type Unreadable = { state: OutboxState; file: string; reason: string };
export type Quarantined = { folder: string; file: string; from: string; reason: string; at: string };

/** Far above any record (an enquiry's fields are bounded by the form): anything larger is not one. */
export const MAX_RECORD_BYTES = 256 * 1024;

type Read = { ok: true; record: StoredRecord } | { ok: false; missing?: true; reason: string };

export function createOutbox(dir: string) {
  const folder = (name: OutboxState | "tmp" | "quarantine") => path.join(dir, name);
  const reindexMarker = path.join(dir, "reindex");

  let ready: Promise<unknown> | undefined;
  /** Creates the folders once; refuses folders replaced by links (they could point anywhere). */
  const prepare = () =>
    (ready ??= (async () => {
      for (const name of [...STATES, "tmp", "quarantine"] as const) {
        await mkdir(folder(name), { recursive: true, mode: 0o700 });
        const info = await lstat(folder(name));
        if (!info.isDirectory())
          throw new Error(`${name}/ in the outbox is not a folder (a link?): refusing to use it`);
      }
    })().catch((error: unknown) => {
      ready = undefined; // try again next time: the volume may be mounted later
      throw error;
    }));

  /** Writes `record` completely under tmp/, flushes it to disk, then renames it to `target`. */
  async function writeDurably(target: string, contents: string) {
    await prepare();
    const tmp = path.join(folder("tmp"), `${randomUUID()}.json`);
    try {
      const handle = await open(tmp, "wx", 0o600);
      try {
        await handle.writeFile(contents);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
    await syncFolder(path.dirname(target));
  }

  const serialize = (record: StoredRecord | OutboxRecord) => {
    const { state: _s, file: _f, ...rest } = record as StoredRecord;
    return JSON.stringify({ v: RECORD_VERSION, ...rest }, null, 2) + "\n";
  };

  async function read(state: OutboxState, file: string): Promise<Read> {
    if (!isRecordFileName(file)) return { ok: false, reason: "not an outbox record's name" };
    const text = await readRegularFile(path.join(folder(state), file), MAX_RECORD_BYTES);
    if (!text.ok) return text;
    const parsed = parseRecord(text.text, file);
    return parsed.ok ? { ok: true, record: { ...parsed.record, state, file } } : parsed;
  }

  /** Sets an entry aside: renamed (never read, never followed) into its own folder under
   * quarantine/, beside a reason.json. Logged by name and reason only. */
  async function quarantine(from: OutboxState | "outbox", file: string, reason: string): Promise<void> {
    await prepare();
    const at = new Date().toISOString();
    const place = path.join(folder("quarantine"), `${at.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`);
    await mkdir(place, { mode: 0o700 });
    await writeDurably(path.join(place, "reason.json"), JSON.stringify({ file, from, reason, at }, null, 2) + "\n");
    const source = from === "outbox" ? path.join(dir, file) : path.join(folder(from), file);
    try {
      await rename(source, path.join(place, "entry"));
    } catch (error) {
      await rm(place, { recursive: true, force: true }).catch(() => {});
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // someone else set it aside
      throw error;
    }
    log("warn", "outbox.quarantined", { file: file.slice(0, 200), from, reason });
  }

  const index = createPendingIndex({
    pending: folder("pending"),
    failed: folder("failed"),
    quarantineDir: folder("quarantine"),
    reindexMarker,
    prepare,
    inspect: (state, file) => read(state, file),
    setAside: quarantine,
  });

  // Files sort by their time of arrival (not by random id).
  const receivedNow = arrivalClock();

  const exists = (target: string) =>
    lstat(target).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      },
    );

  const outbox = {
    dir,

    /** Creates the folders (once; again after a failure): before anything else is written. */
    prepare,

    /** Accepts an enquiry: it is on disk, complete, when this resolves. */
    async store(enquiry: StoredEnquiry, requestId?: string): Promise<StoredRecord> {
      const fresh = newRecord(enquiry, receivedNow(), requestId);
      const record: StoredRecord = { ...fresh, state: "pending", file: recordFileName(fresh) };
      await writeDurably(path.join(folder("pending"), record.file), serialize(record));
      index.put(record);
      return record;
    },

    /** One record, read afresh; `missing` when it is no longer in that state. */
    read,

    /** Every record in one state, oldest first, and the entries that are not records
     * (reads each file: for the outbox command and tests, not for the server's polls). */
    async scan(state: OutboxState): Promise<{ records: StoredRecord[]; unreadable: Unreadable[] }> {
      await prepare();
      const records: StoredRecord[] = [];
      const unreadable: Unreadable[] = [];
      for (const file of (await readdir(folder(state))).sort()) {
        const result = await read(state, file);
        if (result.ok) records.push(result.record);
        else if (!result.missing) unreadable.push({ state, file, reason: result.reason });
      }
      return { records, unreadable };
    },

    /** The records in one state, oldest first (entries that are not records left out). */
    async list(state: OutboxState): Promise<StoredRecord[]> {
      return (await outbox.scan(state)).records;
    },

    /** A record by its id or the start of it (as `list` shows it), in whatever state. */
    async find(idPrefix: string): Promise<StoredRecord[]> {
      await prepare();
      const found: StoredRecord[] = [];
      const wanted = idPrefix.toLowerCase();
      for (const state of STATES) {
        for (const file of await readdir(folder(state))) {
          if (!isRecordFileName(file) || !file.slice(-41, -5).toLowerCase().startsWith(wanted)) continue;
          const result = await read(state, file);
          if (result.ok) found.push(result.record);
        }
      }
      return found;
    },

    /** Replaces a record's contents in its folder. */
    async update(record: StoredRecord): Promise<void> {
      await writeDurably(path.join(folder(record.state), record.file), serialize(record));
      if (record.state === "pending") index.put(record);
    },

    /** Moves a record to another state: first the rename (the state changes there, atomically,
     * and it needs no free space), then its new contents. Safe to call again after a failure
     * at either step: a record already in `to` only gets its contents written. */
    async move(record: StoredRecord, to: OutboxState, changes: Partial<OutboxRecord> = {}): Promise<StoredRecord> {
      await prepare();
      const moved: StoredRecord = { ...record, ...changes, state: to };
      const source = path.join(folder(record.state), record.file);
      const target = path.join(folder(to), record.file);
      if (record.state !== to && (await exists(source))) {
        await rename(source, target);
        if (record.state === "pending") index.remove(record.file);
        await syncFolder(folder(to));
        await syncFolder(folder(record.state));
      } else if (!(await exists(target))) {
        if (record.state === "pending") index.remove(record.file);
        return moved; // removed by an operator meanwhile: nothing to record it in
      }
      await writeDurably(target, serialize(moved));
      if (to === "pending") index.put(moved);
      return moved;
    },

    /** True when a pending record is also in delivered/ or failed/ (a move cut short by a crash
     * in an earlier version, which wrote the copy first); the stale pending copy is then
     * removed, so it is never sent again. An operator's retry of a failed record is newer than
     * its failed copy: then the failed copy is the stale one. */
    async settledElsewhere(record: StoredRecord): Promise<boolean> {
      for (const state of ["delivered", "failed"] as const) {
        if (!(await exists(path.join(folder(state), record.file)))) continue;
        if (state === "failed" && record.retriedAt) {
          const other = await read("failed", record.file);
          if (!other.ok || (other.record.retriedAt ?? "") < record.retriedAt) {
            await rm(path.join(folder("failed"), record.file), { force: true });
            continue;
          }
        }
        await rm(path.join(folder(record.state), record.file), { force: true });
        if (record.state === "pending") index.remove(record.file);
        return true;
      }
      return false;
    },

    /** The pending records' index: refreshed from the folders at a cost that does not grow
     * with the number waiting (see outbox-index.server.ts). */
    index,

    /** Counts by reading the folders (the outbox command; the server uses `index.counts()`). */
    async counts(): Promise<{ pending: number; failed: number; delivered: number; quarantined: number }> {
      await prepare();
      const [pending, failed, delivered, quarantined] = await Promise.all(
        (["pending", "failed", "delivered", "quarantine"] as const).map(async (s) => (await readdir(folder(s))).length),
      );
      return { pending: pending!, failed: failed!, delivered: delivered!, quarantined: quarantined! };
    },

    /** What has been set aside, oldest first. */
    async quarantined(): Promise<Quarantined[]> {
      await prepare();
      const found: Quarantined[] = [];
      for (const name of (await readdir(folder("quarantine"))).sort()) {
        const text = await readRegularFile(path.join(folder("quarantine"), name, "reason.json"), 64 * 1024);
        let why: Partial<Quarantined> = {};
        try {
          if (text.ok) why = JSON.parse(text.text) as Partial<Quarantined>;
        } catch {
          // an unreadable reason still lists the entry
        }
        found.push({
          folder: name,
          file: String(why.file ?? "?"),
          from: String(why.from ?? "?"),
          reason: String(why.reason ?? "unknown"),
          at: String(why.at ?? ""),
        });
      }
      return found;
    },

    /** Sets an entry of a state's folder aside (see `quarantine` above). */
    quarantine,

    /** Tells a running server that records changed in place (the outbox command's retry): its
     * index is rebuilt from the folder at its next look. */
    async requestReindex(): Promise<void> {
      await writeDurably(reindexMarker, `${new Date().toISOString()}\n`);
    },

    /** Deletes delivered records older than `olderThanMs` (by the time they were moved to
     * delivered/, the file's modification time); returns how many. */
    async purgeDelivered(olderThanMs: number, now = Date.now()): Promise<number> {
      await prepare();
      let removed = 0;
      for (const file of await readdir(folder("delivered"))) {
        const info = await lstat(path.join(folder("delivered"), file)).catch(() => undefined);
        if (info && now - info.mtimeMs >= olderThanMs) {
          await rm(path.join(folder("delivered"), file), { recursive: true, force: true });
          removed++;
        }
      }
      return removed;
    },

    /** Removes what a crash left half-written in tmp/ (never a record: those are renamed). */
    async sweepTemporary(olderThanMs = 60_000, now = Date.now()): Promise<void> {
      await prepare();
      for (const file of await readdir(folder("tmp"))) {
        const target = path.join(folder("tmp"), file);
        const info = await lstat(target).catch(() => undefined);
        if (info && now - info.mtimeMs > olderThanMs) await rm(target, { recursive: true, force: true });
      }
    },

    /** Whether an enquiry could be stored now: a small file written and removed in tmp/, on the
     * same volume as pending/. Throws what the store would meet (EROFS, ENOSPC, EACCES…). */
    async writeCheck(): Promise<void> {
      await prepare();
      const probe = path.join(folder("tmp"), `write-check-${randomUUID()}`);
      try {
        const handle = await open(probe, "wx", 0o600);
        try {
          await handle.writeFile(Buffer.alloc(4096));
        } finally {
          await handle.close();
        }
      } finally {
        await rm(probe, { force: true }).catch(() => {});
      }
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;
export type { IndexCounts };

/** Makes a rename durable: the folder's entry is on disk too. */
async function syncFolder(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Enquiries kept by earlier versions as OUTBOX_DIR/*.json ("pending" or "relay_failed"):
 * moved into pending/ so they are delivered like any other; what is not a record is set
 * aside. Returns how many were adopted. */
export async function adoptEarlierRecords(outbox: Outbox): Promise<number> {
  let adopted = 0;
  const files = await readdir(outbox.dir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".json"))) {
    const source = path.join(outbox.dir, file);
    const text = await readRegularFile(source, MAX_RECORD_BYTES);
    if (!text.ok && text.missing) continue;
    const parsed = text.ok ? parseRecord(text.text) : text;
    if (!parsed.ok) {
      await outbox.quarantine("outbox", file, parsed.reason);
      continue;
    }
    const { id, receivedAt, requestId, enquiry } = parsed.record;
    const record: StoredRecord = { id, receivedAt, requestId, enquiry, attempts: [], state: "pending", file: "" };
    record.file = recordFileName(record);
    await outbox.update(record);
    await rm(source, { force: true });
    adopted++;
  }
  return adopted;
}
