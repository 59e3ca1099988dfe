import type { Pool } from "pg";

/** The PostgreSQL store's schema, versioned. Each server applies what is missing at start (and
 * again after the database comes back), one at a time across replicas: a transaction-scoped
 * advisory lock serializes concurrent starts, and the table of applied versions makes it
 * idempotent. A version once released is never edited: a change is a new version, additive, so
 * a replica of the previous release keeps working while the next one rolls out. */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "enquiries, the deliverer's row, the rate limit",
    sql: `
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY,
        state text NOT NULL CHECK (state IN ('pending', 'failed', 'delivered', 'quarantined')),
        received_at timestamptz NOT NULL,
        -- when a pending record is next due: its arrival, or the time its retry was scheduled for
        due_at timestamptz NOT NULL,
        -- the record in the outbox's format, version 1 (outbox-record.server.ts): attempts,
        -- failure, sendingSince… The columns above are what the queue is queried by.
        record jsonb NOT NULL,
        -- why a row was set aside (state 'quarantined'): its record is not one this version reads
        quarantine_reason text,
        quarantined_from text,
        changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX enquiries_pending ON enquiries (received_at, id) WHERE state = 'pending';
      CREATE INDEX enquiries_open ON enquiries (state) WHERE state <> 'delivered';
      CREATE INDEX enquiries_delivered ON enquiries (changed_at) WHERE state = 'delivered';

      -- One row: who delivers (beside the advisory lock) and when the last call to EmailJS
      -- started and ended, on the database's clock.
      CREATE TABLE enquiry_deliverer (
        id int PRIMARY KEY CHECK (id = 1),
        holder text,
        backend_pid int,
        heartbeat_at timestamptz,
        last_call_started_at timestamptz,
        last_call_ended_at timestamptz
      );
      INSERT INTO enquiry_deliverer (id) VALUES (1);

      -- rate-limiter-flexible's PostgreSQL store, created here (its own creation is turned off).
      CREATE TABLE enquiry_rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `,
  },
];

/** Two keys of the advisory locks this app takes: (APP_LOCK, 1) the deliverer's, (APP_LOCK, 2)
 * the schema's. */
export const APP_LOCK = 0x41565650; // "AVVP"
export const DELIVERER_LOCK = 1;
const SCHEMA_LOCK = 2;

/** Applies the versions the database lacks; returns the ones it applied. */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [APP_LOCK, SCHEMA_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS enquiry_schema_versions (
      version int PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>("SELECT version FROM enquiry_schema_versions");
    const present = new Set(rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (present.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query("INSERT INTO enquiry_schema_versions (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query("COMMIT");
    return applied;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken); // a connection that could not roll back is not reused
  }
}
