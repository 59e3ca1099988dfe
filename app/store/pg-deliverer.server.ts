import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type pg from "pg";
import { log } from "~/utils/log.server";
import { APP_LOCK, DELIVERER_LOCK } from "./migrate.server";
import { coded, pgDriver, queryable } from "./postgres.server";
import { errorCode, notePacing, type Queryable } from "./sql.server";
import type { DelivererLock, Pacing } from "./store.server";

type Options = {
  connectionString: string;
  staleMs?: number;
};

// The server ends a dead client's session after idle + interval × count seconds (default two hours).
const KEEPALIVE = [
  "SET tcp_keepalives_idle = 5",
  "SET tcp_keepalives_interval = 2",
  "SET tcp_keepalives_count = 3",
  "SET tcp_user_timeout = 10000",
];

const HOLDS_LOCK = `SELECT EXISTS (
  SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2
    AND objsubid = 2 AND pid = pg_backend_pid() AND granted) AS held`;

/** A session advisory lock on a connection of its own (a pooled one would hand the lock to other work). Never behind a
 * transaction-mode pooler (docs/deploy.md). */
export function createPgDeliverer({ connectionString, staleMs = 15_000 }: Options) {
  const me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let session: pg.Client | undefined;
  let held = false;
  let lastHeartbeat = 0;
  let problem: string | undefined;

  // Renewed on a timer: a call may take DELIVERY_TIMEOUT_MS, and a slow holder must not look frozen.
  let beat: NodeJS.Timeout | undefined;
  const stopBeating = () => {
    clearInterval(beat);
    beat = undefined;
  };
  function startBeating(client: pg.Client) {
    stopBeating();
    beat = setInterval(() => {
      if (session === client && held) heartbeat(client).catch(() => {});
    }, staleMs / 3);
    beat.unref();
  }

  function drop() {
    const old = session;
    session = undefined;
    held = false;
    stopBeating();
    // Not awaited: on a connection cut off, a polite goodbye could wait for a long time.
    old?.end().catch(() => {});
  }

  async function connect(): Promise<pg.Client> {
    if (session) return session;
    const client = new (pgDriver().Client)({
      connectionString,
      application_name: "adriatic-vip-deliverer",
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
    });
    client.on("error", (error) => {
      if (session === client) {
        problem = `delivery lock connection lost (${errorCode(error)})`;
        drop();
      }
    });
    try {
      await client.connect();
      for (const statement of KEEPALIVE) await client.query(statement);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    session = client;
    return client;
  }

  async function heartbeat(client: pg.Client) {
    await client.query(
      "UPDATE enquiry_deliverer SET holder = $1, backend_pid = pg_backend_pid(), heartbeat_at = clock_timestamp() WHERE id = 1",
      [me],
    );
    lastHeartbeat = Date.now();
  }

  async function endStaleHolder(client: pg.Client) {
    const { rows } = await client.query<{ pid: number; holder: string | null }>(
      `SELECT l.pid, d.holder FROM pg_locks l JOIN enquiry_deliverer d ON d.id = 1 AND d.backend_pid = l.pid
        WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2 AND l.granted
          AND d.heartbeat_at < clock_timestamp() - make_interval(secs => $3)`,
      [APP_LOCK, DELIVERER_LOCK, staleMs / 1000],
    );
    for (const { pid, holder } of rows) {
      await client.query("SELECT pg_terminate_backend($1)", [pid]);
      log("warn", "delivery.holder_ended", {
        holder,
        message: `the deliverer's heartbeat was over ${staleMs / 1000} s old: its session was ended so this replica can take over`,
      });
    }
  }

  const lock: DelivererLock = {
    async hold() {
      if (held && session) {
        try {
          const { rows } = await session.query<{ held: boolean }>(HOLDS_LOCK, [APP_LOCK, DELIVERER_LOCK]);
          if (!rows[0]?.held) {
            drop();
            return false;
          }
          if (Date.now() - lastHeartbeat > staleMs / 3) await heartbeat(session);
          problem = undefined;
          return true;
        } catch (error) {
          problem = `delivery lock connection lost (${errorCode(error)})`;
          drop();
          return false;
        }
      }
      const client = await connect();
      try {
        const { rows } = await client.query<{ got: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS got", [
          APP_LOCK,
          DELIVERER_LOCK,
        ]);
        if (!rows[0]?.got) {
          await endStaleHolder(client);
          return false;
        }
        held = true;
        await heartbeat(client);
      } catch (error) {
        drop(); // a session that failed a query is not trusted again, nor anything half-held
        throw error;
      }
      startBeating(client);
      problem = undefined;
      log("info", "delivery.lock_taken", { holder: me });
      return true;
    },
    async release() {
      const client = session;
      if (!client) return;
      if (held) {
        await client
          .query("UPDATE enquiry_deliverer SET holder = NULL, backend_pid = NULL WHERE id = 1 AND holder = $1", [me])
          .catch(() => {});
        await client.query("SELECT pg_advisory_unlock($1, $2)", [APP_LOCK, DELIVERER_LOCK]).catch(() => {});
      }
      drop();
    },
    problem: () => problem,
  };

  async function asHolder<T>(work: (q: Queryable) => Promise<T>): Promise<T> {
    const client = session;
    if (!held || !client) throw Object.assign(new Error("not the deliverer"), { code: "ENOTHOLDER" });
    try {
      return await work(queryable(client));
    } catch (error) {
      throw coded(error);
    }
  }

  // On the database's clock: every replica reads the same one.
  const pacing = (channel: string): Pacing => ({
    async waitMs(intervalMs) {
      const rows = await asHolder((q) =>
        q.all<{ wait: number | null }>(
          `SELECT (EXTRACT(EPOCH FROM (GREATEST(last_call_started_at, last_call_ended_at) - clock_timestamp())) * 1000 + $2)::float8 AS wait
             FROM delivery_pacing WHERE channel = $1`,
          [channel, intervalMs],
        ),
      );
      return Math.max(0, Math.ceil(rows[0]?.wait ?? 0));
    },
    callStarting: () => asHolder((q) => notePacing(q, channel, "last_call_started_at")),
    callEnded: () => asHolder((q) => notePacing(q, channel, "last_call_ended_at")),
  });

  return { lock, pacing, asHolder };
}
