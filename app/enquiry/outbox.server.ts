import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Enquiry } from "./schema.server";

/** The outbox: one JSON file per accepted enquiry, in the folder of its state.
 *
 *   OUTBOX_DIR/pending/    accepted, waiting to be delivered (or for its next try)
 *   OUTBOX_DIR/failed/     given up: a problem retrying cannot fix, or tried for too long
 *   OUTBOX_DIR/delivered/  EmailJS accepted it; removed after the retention period
 *   OUTBOX_DIR/tmp/        files being written, renamed into place when complete
 *
 * The folder is the truth about a record's state, and a record's contents are only ever
 * replaced whole (written to tmp/, fsync'ed, renamed into place), so a crash at any moment
 * leaves every accepted enquiry complete in its folder (in two, for a move that was cut
 * short: `settledElsewhere` tells). */
export const STATES = ["pending", "failed", "delivered"] as const;
export type OutboxState = (typeof STATES)[number];

export type Attempt = {
  at: string;
  /** "delivered", "http_<status>", "timeout", "network". */
  outcome: string;
  status?: number;
  /** The provider's text, shortened. */
  detail?: string;
};

export type OutboxRecord = {
  id: string;
  receivedAt: string;
  requestId?: string;
  enquiry: Enquiry;
  attempts: Attempt[];
  /** When the next try is due (pending records after a failed try). */
  nextAttemptAt?: string;
  /** When an operator last sent it back to pending: the give-up clock restarts there. */
  retriedAt?: string;
  deliveredAt?: string;
  /** Why it failed for good, and what is likely to fix it. */
  failure?: { reason: string; status?: number; detail?: string; fix?: string };
};

export type StoredRecord = OutboxRecord & { state: OutboxState; file: string };

export type OutboxCounts = { pending: number; failed: number; delivered: number; oldestPendingAt?: string };

const fileName = (record: Pick<OutboxRecord, "id" | "receivedAt">) =>
  `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;

export function createOutbox(dir: string) {
  const folder = (state: OutboxState | "tmp") => path.join(dir, state);
  let ready: Promise<unknown> | undefined;
  const prepare = () =>
    (ready ??= Promise.all(
      [...STATES, "tmp" as const].map((s) => mkdir(folder(s), { recursive: true, mode: 0o700 })),
    ).catch((error: unknown) => {
      ready = undefined; // try again next time: the volume may be mounted later
      throw error;
    }));

  /** Writes `record` completely under tmp/, flushes it to disk, then renames it to `target`. */
  async function writeDurably(target: string, record: OutboxRecord) {
    await prepare();
    const tmp = path.join(folder("tmp"), `${randomUUID()}.json`);
    const handle = await open(tmp, "wx", 0o600);
    try {
      await handle.writeFile(JSON.stringify(record, null, 2) + "\n");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
    await syncFolder(path.dirname(target));
  }

  async function readRecord(state: OutboxState, file: string): Promise<StoredRecord | undefined> {
    try {
      const record = JSON.parse(await readFile(path.join(folder(state), file), "utf8")) as OutboxRecord;
      return { ...record, attempts: record.attempts ?? [], state, file };
    } catch (error) {
      // Moved or removed by someone else since the folder was listed.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  const strip = ({ state: _state, file: _file, ...record }: StoredRecord): OutboxRecord => record;

  // Files sort by their time of arrival: two enquiries in the same millisecond get distinct,
  // increasing times, so they are delivered in the order they came (not by random id).
  let lastReceived = 0;
  const receivedNow = () => {
    lastReceived = Math.max(Date.now(), lastReceived + 1);
    return new Date(lastReceived).toISOString();
  };

  return {
    dir,

    /** Accepts an enquiry: it is on disk, complete, when this resolves. */
    async store(enquiry: Enquiry, requestId?: string): Promise<OutboxRecord> {
      const record: OutboxRecord = {
        id: randomUUID(),
        receivedAt: receivedNow(),
        requestId,
        enquiry,
        attempts: [],
      };
      await writeDurably(path.join(folder("pending"), fileName(record)), record);
      return record;
    },

    /** The records in one state, oldest first. */
    async list(state: OutboxState): Promise<StoredRecord[]> {
      await prepare();
      const files = (await readdir(folder(state))).filter((f) => f.endsWith(".json")).sort();
      const records = await Promise.all(files.map((f) => readRecord(state, f)));
      return records.filter((r): r is StoredRecord => r !== undefined);
    },

    /** A record by its id or the start of it (as `list` shows it), in whatever state. */
    async find(idPrefix: string): Promise<StoredRecord[]> {
      await prepare();
      const found: StoredRecord[] = [];
      for (const state of STATES) {
        for (const file of await readdir(folder(state))) {
          const id = file.replace(/\.json$/, "").slice(-36);
          if (id.startsWith(idPrefix)) {
            const record = await readRecord(state, file);
            if (record) found.push(record);
          }
        }
      }
      return found;
    },

    /** Replaces a record's contents in its folder. */
    async update(record: StoredRecord): Promise<void> {
      await writeDurably(path.join(folder(record.state), record.file), strip(record));
    },

    /** Moves a record to another state: its new contents are written durably into the new
     * folder, then the old file is removed. A crash in between leaves it in both folders,
     * which `settledElsewhere` resolves. */
    async move(record: StoredRecord, to: OutboxState, changes: Partial<OutboxRecord> = {}): Promise<StoredRecord> {
      const moved: StoredRecord = { ...record, ...changes, state: to };
      await writeDurably(path.join(folder(to), record.file), strip(moved));
      await rm(path.join(folder(record.state), record.file), { force: true });
      await syncFolder(folder(record.state));
      return moved;
    },

    /** True when a pending record is already in delivered/ or failed/ (a move interrupted by a
     * crash); the stale pending copy is then removed, so it is never sent again. */
    async settledElsewhere(record: StoredRecord): Promise<boolean> {
      for (const state of ["delivered", "failed"] as const) {
        if (await stat(path.join(folder(state), record.file)).catch(() => undefined)) {
          await rm(path.join(folder(record.state), record.file), { force: true });
          return true;
        }
      }
      return false;
    },

    async counts(): Promise<OutboxCounts> {
      await prepare();
      const [pending, failed, delivered] = await Promise.all(
        STATES.map(async (s) => (await readdir(folder(s))).sort()),
      );
      const oldest = pending![0];
      return {
        pending: pending!.length,
        failed: failed!.length,
        delivered: delivered!.length,
        oldestPendingAt: oldest ? (await readRecord("pending", oldest))?.receivedAt : undefined,
      };
    },

    /** Deletes delivered records older than `olderThanMs` (by delivery time); returns how many. */
    async purgeDelivered(olderThanMs: number, now = Date.now()): Promise<number> {
      let removed = 0;
      for (const record of await this.list("delivered")) {
        const at = Date.parse(record.deliveredAt ?? record.receivedAt);
        if (now - at >= olderThanMs) {
          await rm(path.join(folder("delivered"), record.file), { force: true });
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
        const info = await stat(target).catch(() => undefined);
        if (info && now - info.mtimeMs > olderThanMs) await rm(target, { force: true });
      }
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

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
 * moved into pending/ so they are delivered like any other. Returns how many. */
export async function adoptEarlierRecords(outbox: Outbox): Promise<number> {
  let adopted = 0;
  const files = await readdir(outbox.dir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".json"))) {
    const source = path.join(outbox.dir, file);
    const earlier = JSON.parse(await readFile(source, "utf8")) as Partial<OutboxRecord> & { enquiry?: Enquiry };
    if (!earlier.enquiry || !earlier.id || !earlier.receivedAt) continue;
    const record: OutboxRecord = {
      id: earlier.id,
      receivedAt: earlier.receivedAt,
      requestId: earlier.requestId,
      enquiry: earlier.enquiry,
      attempts: [],
    };
    await outbox.update({ ...record, state: "pending", file: fileName(record) });
    await rm(source, { force: true });
    adopted++;
  }
  return adopted;
}
