import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { notePacing, type Queryable, type Row, type Sql } from "./sql.server";
import { StoreRefusal, type DelivererLock, type Pacing } from "./store.server";

/** The driver is synchronous, so the server waits with it: kept short. */
const BUSY_TIMEOUT_MS = 2_000;

const HEADER = "SQLite format 3\0";

const REFUSED = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT"]);
/** A volume that was read-only when opened keeps the connection read-only after it comes back. */
const REOPEN = /^SQLITE_(CANTOPEN|READONLY|IOERR)/;
const MAX_CACHED_VALUES = 64;

/** The driver blocks the event loop waiting for another connection's lock, so two connections of one process that
 * interleaved their transactions would wait on each other until the busy timeout. */
const queues = new Map<string, { chain: Promise<unknown> }>();

function refusal(file: string, what: string) {
  return new StoreRefusal(
    `${file} ${what}: nothing was written to it. Move it aside and restore a backup (npm run outbox -- backup makes one), or set DATABASE_URL=file:<another path>.`,
  );
}

/** SQLite would take an empty or a foreign file as its own and overwrite it on the first write. */
function checkHeader(file: string): boolean {
  let size: number;
  try {
    const info = statSync(file);
    if (!info.isFile()) throw refusal(file, "is not a file (a folder, a device or a socket?)");
    size = info.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  if (size === 0) return true;
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(HEADER.length);
    readSync(fd, head, 0, head.length, 0);
    if (head.toString("latin1") !== HEADER)
      throw refusal(file, "is not an SQLite database (its first bytes say otherwise)");
  } finally {
    closeSync(fd);
  }
  return true;
}

function positional(text: string, values: readonly unknown[]) {
  const ordered: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
    ordered.push(bindable(values[Number(n) - 1]));
    return "?";
  });
  return { sql, ordered };
}

const bindable = (value: unknown) =>
  value === undefined
    ? null
    : typeof value === "boolean"
      ? Number(value)
      : value instanceof Date
        ? value.toISOString()
        : value;

/** WAL, so readers never wait for the writer; synchronous=FULL, so an accepted enquiry is on disk. */
export function createSqlite(file: string) {
  const where = path.resolve(file);
  let db: Database.Database | undefined;
  const statements = new Map<string, Database.Statement>();
  const queue = queues.get(where) ?? { chain: Promise.resolve() };
  queues.set(where, queue);
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> => {
    const run = queue.chain.then(work, work);
    queue.chain = run.catch(() => {});
    return run;
  };
  let reopen = false;
  const closeNow = () => {
    statements.clear();
    db?.close();
    db = undefined;
  };

  function open(): Database.Database {
    if (db) return db;
    if (!checkHeader(where)) {
      mkdirSync(path.dirname(where), { recursive: true, mode: 0o700 });
      // Visitors' personal data: readable by this user only.
      closeSync(openSync(where, "a", 0o600));
    }
    const opened = new Database(where, { timeout: BUSY_TIMEOUT_MS });
    try {
      opened.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      opened.pragma("foreign_keys = ON");
      opened.pragma("synchronous = FULL");
      // What is deleted (an erased enquiry) is overwritten on disk, not left in free pages.
      opened.pragma("secure_delete = ON");
      const [check] = opened.pragma("quick_check(1)") as { quick_check: string }[];
      if (check?.quick_check !== "ok") throw refusal(where, `is damaged (SQLite's check: ${check?.quick_check})`);
      // A read-only volume refuses the switch: the file is still read.
      const mode = opened.pragma("journal_mode", { simple: true });
      if (mode !== "wal") {
        try {
          opened.pragma("journal_mode = WAL");
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_READONLY") throw error;
        }
      }
    } catch (error) {
      opened.close();
      throw REFUSED.has((error as { code?: string }).code ?? "")
        ? refusal(where, "is damaged or not a database")
        : error;
    }
    db = opened;
    return opened;
  }

  /** One with many values (a batch's insert) is prepared at each use: kept, each size would hold tens of MB. */
  function statement(text: string, values: number) {
    let prepared = statements.get(text);
    if (!prepared) {
      prepared = open().prepare(text);
      if (values <= MAX_CACHED_VALUES) statements.set(text, prepared);
    }
    return prepared;
  }

  function use<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (REFUSED.has(code)) throw refusal(where, "is damaged");
      if (REOPEN.test(code)) reopen = true;
      throw error;
    }
  }
  const settle = () => {
    if (reopen && !db?.inTransaction) {
      reopen = false;
      try {
        closeNow();
      } catch {
        db = undefined;
      }
    }
  };

  const direct: Queryable = {
    async all<T extends Row>(text: string, values: readonly unknown[] = []) {
      const { sql, ordered } = positional(text, values);
      return use(() => {
        const prepared = statement(sql, ordered.length);
        return (prepared.reader ? prepared.all(...ordered) : (prepared.run(...ordered), [])) as T[];
      });
    },
    async run(text: string, values: readonly unknown[] = []) {
      const { sql, ordered } = positional(text, values);
      return use(() => statement(sql, ordered.length).run(...ordered).changes);
    },
    async exec(script: string) {
      use(() => open().exec(script));
    },
  };

  const sql: Sql & { dialect: "sqlite"; file: string; database(): Database.Database } = {
    dialect: "sqlite",
    where,
    file: where,
    all: <T extends Row>(text: string, values?: readonly unknown[]) =>
      exclusive(() => direct.all<T>(text, values).finally(settle)),
    run: (text, values) => exclusive(() => direct.run(text, values).finally(settle)),
    exec: (script) => exclusive(() => direct.exec(script).finally(settle)),
    transaction: (work) =>
      exclusive(async () => {
        try {
          const connection = use(open);
          use(() => connection.exec("BEGIN IMMEDIATE"));
          try {
            const result = await work(direct);
            use(() => connection.exec("COMMIT"));
            return result;
          } catch (error) {
            if (connection.inTransaction) connection.exec("ROLLBACK");
            throw error;
          }
        } finally {
          settle();
        }
      }),
    database: () => use(open),
    async close() {
      await exclusive(closeNow);
    },
  };
  return sql;
}

export type SqliteSql = ReturnType<typeof createSqlite>;

/** Two processes on one file never both deliver; taken over at once when the holder was a process of this host that no
 * longer runs (kill -9). */
export function createSqliteDeliverer(sql: SqliteSql, { staleMs = 15_000 } = {}) {
  const me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let held = false;
  let problem: string | undefined;
  // Renewed on a timer: a long pacing wait or a slow call must not look like a frozen holder.
  let beat: NodeJS.Timeout | undefined;
  const beating = (on: boolean) => {
    clearInterval(beat);
    beat = on ? setInterval(() => void lock.hold().catch(() => {}), staleMs / 3) : undefined;
    beat?.unref();
  };

  const gone = (holder: string) => {
    const [host, pid] = holder.split(":");
    if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  };

  const lock: DelivererLock = {
    async hold() {
      try {
        const was = held;
        // Held and renewed recently: a read says so, without a write (and its fsync) per poll.
        if (held) {
          const [row] = await sql.all<{ holder: string | null; heartbeat_at: string | null }>(
            "SELECT holder, heartbeat_at FROM enquiry_deliverer WHERE id = 1",
          );
          if (row?.holder === me && Date.now() - Date.parse(row.heartbeat_at ?? "") < staleMs / 3) return true;
        }
        held = await sql.transaction(async (tx) => {
          const [row] = await tx.all<{ holder: string | null; heartbeat_at: string | null }>(
            "SELECT holder, heartbeat_at FROM enquiry_deliverer WHERE id = 1",
          );
          const now = Date.now();
          const free =
            !row?.holder ||
            row.holder === me ||
            now - Date.parse(row.heartbeat_at ?? "") > staleMs ||
            Number.isNaN(Date.parse(row.heartbeat_at ?? "")) ||
            gone(row.holder);
          if (!free) return false;
          await tx.run("UPDATE enquiry_deliverer SET holder = $1, heartbeat_at = $2 WHERE id = 1", [
            me,
            new Date(now).toISOString(),
          ]);
          return true;
        });
        if (held !== was) beating(held);
        problem = undefined;
      } catch (error) {
        if (held) problem = `delivery lease cannot be renewed (${(error as { code?: string }).code ?? "error"})`;
        held = false;
        beating(false);
        throw error;
      }
      return held;
    },
    async release() {
      beating(false);
      if (!held) return;
      held = false;
      await sql.run("UPDATE enquiry_deliverer SET holder = NULL, heartbeat_at = NULL WHERE id = 1 AND holder = $1", [
        me,
      ]);
    },
    problem: () => problem,
  };

  function asHolder<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return sql.transaction(async (tx) => {
      const [row] = await tx.all<{ holder: string | null }>("SELECT holder FROM enquiry_deliverer WHERE id = 1");
      if (!held || row?.holder !== me) {
        held = false;
        beating(false);
        throw Object.assign(new Error("not the deliverer"), { code: "ENOTHOLDER" });
      }
      return work(tx);
    });
  }

  const pacing = (channel: string): Pacing => ({
    async waitMs(intervalMs) {
      const [row] = await sql.all<{ s: string | null; e: string | null }>(
        "SELECT last_call_started_at AS s, last_call_ended_at AS e FROM delivery_pacing WHERE channel = $1",
        [channel],
      );
      const last = Math.max(...[row?.s, row?.e].map((t) => Date.parse(t ?? "")).filter(Number.isFinite), -Infinity);
      return Number.isFinite(last) ? Math.max(0, Math.ceil(last + intervalMs - Date.now())) : 0;
    },
    callStarting: () => asHolder((tx) => notePacing(tx, channel, "last_call_started_at", new Date().toISOString())),
    callEnded: () => asHolder((tx) => notePacing(tx, channel, "last_call_ended_at", new Date().toISOString())),
  });

  return { lock, pacing, asHolder };
}
