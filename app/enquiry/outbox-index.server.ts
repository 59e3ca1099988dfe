import { lstat, readdir } from "node:fs/promises";
import type { OutboxRecord } from "./outbox-record.server";

/** The pending records in memory: name, arrival, due time, tries. Built once by reading every
 * record in pending/, then kept by this process's own writes and by cheap looks at the folders
 * (one `lstat` each; the names are listed again only when a folder's time moved, and only new
 * names are read). So a poll, /healthz and a store cost the same with 10 or 10,000 waiting
 * (docs/decisions/0016-outbox-faults.md). The index only schedules: a record is read afresh
 * from disk before it is sent. */
export type IndexEntry = { file: string; id: string; receivedAt: string; dueAt: number; attempts: number; gen: number };
export type IndexCounts = {
  pending: number;
  /** Pending records that have been tried and failed at least once. */
  retrying: number;
  failed: number;
  /** Entries set aside in quarantine/, and those that could not be moved there yet. */
  quarantined: number;
  oldestPendingAt?: string;
};

type Inspected = { ok: true; record: OutboxRecord & { file: string } } | { ok: false; missing?: true; reason: string };

type Options = {
  pending: string;
  failed: string;
  quarantineDir: string;
  /** A file the outbox command rewrites after changing records in place: rebuild on a change. */
  reindexMarker: string;
  prepare: () => Promise<unknown>;
  inspect: (state: "pending" | "failed", file: string) => Promise<Inspected>;
  setAside: (state: "pending" | "failed", file: string, reason: string) => Promise<void>;
};

/** Folders are listed again at least this often, whatever their times say. */
const RELIST_EVERY_MS = 30_000;
/** A change within the file system's clock tick of the last look may not move the folder's
 * time: while the time is this recent, list again (as git does for "racy" files). Times with
 * a fraction of a second (ext4, xfs, tmpfs: a kernel tick of at most 10 ms) need a short
 * window; a file system that keeps whole seconds needs a second and a little. Kept short
 * where it can be, this process's own writes (one or two a second while it delivers) do not
 * make every look list the folder again. */
const racyMs = (mtimeMs: number) => (mtimeMs % 1000 === 0 ? 1_100 : 50);

const QUARANTINE_MOVES_PER_LOOK = 50;

function folderWatch(folder: string) {
  let seen = "";
  let listedAt = -Infinity;
  return {
    async changed(): Promise<boolean> {
      const info = await lstat(folder);
      if (!info.isDirectory()) throw new Error(`${folder} is not a folder`);
      const key = `${info.dev}:${info.ino}:${info.mtimeMs}:${info.ctimeMs}`;
      const now = Date.now();
      if (key === seen && now - info.mtimeMs > racyMs(info.mtimeMs) && now - listedAt < RELIST_EVERY_MS) return false;
      seen = key;
      listedAt = now;
      return true;
    },
  };
}

const dueAt = (record: Pick<OutboxRecord, "nextAttemptAt">) =>
  record.nextAttemptAt ? Date.parse(record.nextAttemptAt) : 0;

export function createPendingIndex(options: Options) {
  const entries: IndexEntry[] = []; // sorted by file name: oldest first
  let gen = 0;
  let failedCount = 0;
  let quarantineCount = 0;
  /** Entries that are not records but could not be moved to quarantine/ yet: name → reason. */
  const setAside = new Map<string, string>();
  const failedKnown = new Set<string>();
  const watches = {
    pending: folderWatch(options.pending),
    failed: folderWatch(options.failed),
    quarantine: folderWatch(options.quarantineDir),
  };
  let markerSeen: number | undefined;
  let markerLooked = false;
  let full = true;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let lookedAt = -Infinity;

  function find(file: string): { at: number; found: boolean } {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid]!.file < file) lo = mid + 1;
      else hi = mid;
    }
    return { at: lo, found: entries[lo]?.file === file };
  }

  function put(record: OutboxRecord & { file: string }) {
    const entry: IndexEntry = {
      file: record.file,
      id: record.id,
      receivedAt: record.receivedAt,
      dueAt: dueAt(record),
      attempts: record.attempts.length,
      gen,
    };
    const { at, found } = find(record.file);
    entries.splice(at, found ? 1 : 0, entry);
  }

  function remove(file: string) {
    const { at, found } = find(file);
    if (found) entries.splice(at, 1);
  }

  /** Moves to quarantine/ left in this look: a flood of junk is set aside a batch at a time,
   * so the real enquiries among it are indexed (and sent) meanwhile. */
  let movesLeft = 0;

  async function setAsideEntry(state: "pending" | "failed", file: string, reason: string) {
    if (movesLeft <= 0) {
      setAside.set(`${state}/${file}`, reason);
      return;
    }
    movesLeft--;
    try {
      await options.setAside(state, file, reason);
      setAside.delete(`${state}/${file}`);
      quarantineCount++;
    } catch {
      // The volume refuses the move (read-only, full): remember it, never read it again, and
      // try the move at the next listing.
      setAside.set(`${state}/${file}`, reason);
    }
  }

  async function relistPending(rebuild: boolean) {
    const listing = ++gen;
    const names = await readdir(options.pending);
    const present = new Set(names);
    // Drop what is gone; keep what was added by this process while the folder was listed.
    for (let i = entries.length - 1; i >= 0; i--) {
      if (!present.has(entries[i]!.file) && entries[i]!.gen < listing) entries.splice(i, 1);
    }
    for (const key of setAside.keys())
      if (key.startsWith("pending/") && !present.has(key.slice(8))) setAside.delete(key);
    for (const file of names) {
      const reason = setAside.get(`pending/${file}`);
      if (reason !== undefined) {
        await setAsideEntry("pending", file, reason);
        continue;
      }
      if (!rebuild && find(file).found) continue;
      const result = await options.inspect("pending", file);
      if (result.ok) put(result.record);
      else if (result.missing) remove(file);
      else {
        remove(file);
        await setAsideEntry("pending", file, result.reason);
      }
    }
  }

  async function relistFailed(rebuild: boolean) {
    const names = await readdir(options.failed);
    const present = new Set(names);
    for (const file of failedKnown) if (!present.has(file)) failedKnown.delete(file);
    for (const key of setAside.keys())
      if (key.startsWith("failed/") && !present.has(key.slice(7))) setAside.delete(key);
    for (const file of names) {
      const reason = setAside.get(`failed/${file}`);
      if (reason !== undefined) {
        await setAsideEntry("failed", file, reason);
        continue;
      }
      if (!rebuild && failedKnown.has(file)) continue;
      const result = await options.inspect("failed", file);
      if (result.ok) failedKnown.add(file);
      else if (!result.missing) await setAsideEntry("failed", file, result.reason);
    }
    failedCount = failedKnown.size;
  }

  async function refreshNow() {
    await options.prepare();
    const marker = await lstat(options.reindexMarker).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (markerLooked && marker !== markerSeen) full = true;
    markerSeen = marker;
    markerLooked = true;
    const rebuild = full;
    full = false;
    movesLeft = QUARANTINE_MOVES_PER_LOOK;
    try {
      const waiting = setAside.size > 0;
      if ((await watches.pending.changed()) || rebuild || waiting) await relistPending(rebuild);
      if ((await watches.failed.changed()) || rebuild || waiting) await relistFailed(rebuild);
      if ((await watches.quarantine.changed()) || rebuild)
        quarantineCount = (await readdir(options.quarantineDir)).length;
    } catch (error) {
      if (rebuild) full = true;
      throw error;
    }
  }

  return {
    /** Brings the index up to date with the folders as they are at the call. Callers during a
     * look share the next one (at most one waits), so many callers cost at most two looks. */
    refresh({ maxAgeMs = 0 }: { maxAgeMs?: number } = {}): Promise<void> {
      if (Date.now() - lookedAt < maxAgeMs) return Promise.resolve();
      if (running) {
        return (queued ??= running
          .catch(() => {})
          .then(() => {
            queued = undefined;
            return this.refresh();
          }));
      }
      const startedAt = Date.now();
      return (running = refreshNow()
        .then(() => {
          lookedAt = startedAt;
        })
        .finally(() => {
          running = undefined;
        }));
    },
    /** Every record is read again at the next refresh (after taking over delivery from another
     * process, which changed records this process has not read). */
    invalidate() {
      full = true;
    },
    put,
    remove,
    /** The oldest record that is due and not excluded. */
    nextDue(now: number, exclude: (id: string) => boolean = () => false): IndexEntry | undefined {
      return entries.find((e) => e.dueAt <= now && !exclude(e.id));
    },
    counts(): IndexCounts {
      let retrying = 0;
      for (const e of entries) if (e.attempts > 0) retrying++;
      return {
        pending: entries.length,
        retrying,
        failed: failedCount,
        quarantined: quarantineCount + setAside.size,
        oldestPendingAt: entries[0]?.receivedAt,
      };
    },
  };
}

export type PendingIndex = ReturnType<typeof createPendingIndex>;
