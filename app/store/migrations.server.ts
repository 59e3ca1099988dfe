import { checkRecord, fromFirstLayout } from "./record.server";
import type { Dialect, Queryable, Sql } from "./sql.server";
import { freeReference } from "./reference.server";
import { postgresFold, sqliteFold } from "./search-fold";
import { StoreRefusal } from "./store.server";

/** The schema, versioned, the same tables in both dialects. Each process applies what is missing
 * when it opens the database, one at a time (SQLite: the write lock of BEGIN IMMEDIATE;
 * PostgreSQL: a transaction-scoped advisory lock), in one transaction, recorded in
 * `enquiry_schema_versions`. A version once released is never edited: a change is a new
 * version, additive (new tables, columns, indexes). A database at a version newer than this
 * code knows is refused, never written to.
 *
 * Version 1 was PostgreSQL's first layout (one row per enquiry, the record as jsonb); version 2
 * is the design both dialects share, and SQLite starts there: an enquiry's fields as columns
 * (the inbox's queries, by index), and one delivery per channel, each with its own state,
 * attempts and due time (e-mail now; the chat and webhook channels are new rows, not a new
 * layout). */
type Migration = {
  version: number;
  name: string;
  sql: Record<Dialect, string>;
  /** Moves data the SQL alone cannot (a record read through this version's check). */
  after?: Partial<Record<Dialect, (tx: Queryable) => Promise<void>>>;
};

/** The layout of version 2 in a dialect: the types are the only difference. */
const layout = (t: { id: string; time: string; json: string }) => `
  CREATE TABLE enquiries (
    id ${t.id} PRIMARY KEY,
    received_at ${t.time} NOT NULL,
    request_id text,
    -- the visitor's fields, exactly as typed
    name text NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    category text NOT NULL,
    message text NOT NULL,
    language text
  );
  CREATE INDEX enquiries_received ON enquiries (received_at, id);
  CREATE INDEX enquiries_email ON enquiries (lower(email), received_at);
  CREATE INDEX enquiries_category ON enquiries (category, received_at);
  CREATE INDEX enquiries_language ON enquiries (language, received_at);

  -- One row per enquiry and channel: where it is on its way there.
  CREATE TABLE deliveries (
    enquiry_id ${t.id} NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    channel text NOT NULL,
    state text NOT NULL CHECK (state IN ('pending', 'failed', 'delivered', 'quarantined')),
    -- the enquiry's arrival, so the queue's order needs no join
    received_at ${t.time} NOT NULL,
    -- when a pending delivery is next due: its arrival, or the time its retry was scheduled for
    due_at ${t.time} NOT NULL,
    attempts ${t.json} NOT NULL,
    attempt_count integer NOT NULL DEFAULT 0,
    -- set just before a call, cleared with its outcome (docs/decisions/0019-sqlite-store.md)
    sending_since ${t.time},
    retried_at ${t.time},
    delivered_at ${t.time},
    failure ${t.json},
    -- why a row was set aside (state 'quarantined'): this version cannot read it
    quarantine_reason text,
    quarantined_from text,
    changed_at ${t.time} NOT NULL,
    PRIMARY KEY (enquiry_id, channel)
  );
  CREATE INDEX deliveries_pending ON deliveries (channel, received_at, enquiry_id) WHERE state = 'pending';
  CREATE INDEX deliveries_open ON deliveries (state, channel) WHERE state <> 'delivered';
  CREATE INDEX deliveries_delivered ON deliveries (delivered_at) WHERE state = 'delivered';

  -- What was found that is not a record (an imported outbox folder's junk): kept, never sent.
  CREATE TABLE set_aside (
    ref text PRIMARY KEY,
    from_state text NOT NULL,
    reason text NOT NULL,
    at ${t.time} NOT NULL,
    content text
  );

  -- A row /healthz writes (SQLite): a volume that cannot take a write is seen before a visitor meets it.
  CREATE TABLE store_health (
    id integer PRIMARY KEY CHECK (id = 1),
    checked_at ${t.time}
  );

  -- The spacing of calls per channel: when the last call started and ended.
  CREATE TABLE delivery_pacing (
    channel text PRIMARY KEY,
    last_call_started_at ${t.time},
    last_call_ended_at ${t.time}
  );
`;

const SQLITE_TYPES = { id: "text", time: "text", json: "text" };
const POSTGRES_TYPES = { id: "uuid", time: "timestamptz", json: "jsonb" };

/** The staff area (app/staff/): people, their passkeys, invitations, sessions, one-time
 * challenges, the audit log and the sign-in rate limit. Secrets are never stored: an invitation
 * and a session are found by the SHA-256 of the random token their holder has. */
const staffLayout = (t: { id: string; time: string; json: string; serial: string; big: string }) => `
  CREATE TABLE staff_members (
    id ${t.id} PRIMARY KEY,
    email text NOT NULL UNIQUE,
    role text NOT NULL CHECK (role IN ('owner', 'staff')),
    created_at ${t.time} NOT NULL,
    created_by text
  );
  CREATE TABLE staff_passkeys (
    id text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    public_key text NOT NULL,
    counter ${t.big} NOT NULL DEFAULT 0,
    transports text,
    device text NOT NULL,
    backed_up integer NOT NULL DEFAULT 0,
    created_at ${t.time} NOT NULL,
    last_used_at ${t.time}
  );
  CREATE INDEX staff_passkeys_member ON staff_passkeys (member_id);
  CREATE TABLE staff_invitations (
    token_hash text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    created_at ${t.time} NOT NULL,
    expires_at ${t.time} NOT NULL,
    used_at ${t.time},
    created_by text
  );
  CREATE INDEX staff_invitations_member ON staff_invitations (member_id);
  CREATE TABLE staff_sessions (
    id_hash text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    passkey_id text REFERENCES staff_passkeys (id) ON DELETE CASCADE,
    created_at ${t.time} NOT NULL,
    last_seen_at ${t.time} NOT NULL,
    expires_at ${t.time} NOT NULL,
    user_agent text,
    address text
  );
  CREATE INDEX staff_sessions_member ON staff_sessions (member_id);
  CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);
  CREATE TABLE staff_challenges (
    challenge text PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    member_id ${t.id} REFERENCES staff_members (id) ON DELETE CASCADE,
    invitation_hash text,
    expires_at ${t.time} NOT NULL
  );
  CREATE INDEX staff_challenges_expiry ON staff_challenges (expires_at);
  CREATE TABLE staff_audit (
    id ${t.serial} PRIMARY KEY,
    at ${t.time} NOT NULL,
    event text NOT NULL,
    outcome text NOT NULL,
    actor_id text,
    actor_email text,
    subject text,
    address text,
    user_agent text,
    detail ${t.json}
  );
  CREATE INDEX staff_audit_at ON staff_audit (at);
  CREATE TABLE staff_rate_limit (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire ${t.big}
  );
`;

/** The inbox (app/staff/inbox/): each enquiry's reference (what the visitor is told), the page
 * it was sent from, its follow-up state, and its history (follow-up changes, notes, retries).
 * Search: SQLite's FTS5 (contentless, kept by triggers, so every writer keeps it true; deleted
 * rows leave the index at once), PostgreSQL's full text (a generated tsvector, GIN). */
const inboxLayout = (t: { id: string; time: string; serial: string }) => `
  ALTER TABLE enquiries ADD COLUMN reference text;
  ALTER TABLE enquiries ADD COLUMN page text;
  ALTER TABLE enquiries ADD COLUMN follow_up text NOT NULL DEFAULT 'new'
    CHECK (follow_up IN ('new', 'replied', 'booked', 'closed', 'spam'));
  ALTER TABLE enquiries ADD COLUMN follow_up_at ${t.time};
  CREATE UNIQUE INDEX enquiries_reference ON enquiries (reference);
  CREATE INDEX enquiries_follow_up ON enquiries (follow_up, received_at);
  CREATE TABLE enquiry_events (
    id ${t.serial} PRIMARY KEY,
    enquiry_id ${t.id} NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    at ${t.time} NOT NULL,
    actor text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('follow-up', 'note', 'retry')),
    from_state text,
    to_state text,
    note text
  );
  CREATE INDEX enquiry_events_enquiry ON enquiry_events (enquiry_id, id);
`;

const SQLITE_SEARCH = `
  CREATE VIRTUAL TABLE enquiry_search USING fts5(
    reference, name, email, phone, message,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries BEGIN
    INSERT INTO enquiry_search (rowid, reference, name, email, phone, message)
      VALUES (new.rowid, new.reference, new.name, new.email, new.phone, new.message);
  END;
  CREATE TRIGGER enquiries_search_delete AFTER DELETE ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE rowid = old.rowid;
  END;
  CREATE TRIGGER enquiries_search_reference AFTER UPDATE OF reference ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE rowid = old.rowid;
    INSERT INTO enquiry_search (rowid, reference, name, email, phone, message)
      VALUES (new.rowid, new.reference, new.name, new.email, new.phone, new.message);
  END;
`;

const POSTGRES_SEARCH = `
  ALTER TABLE enquiries ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', coalesce(reference, '') || ' ' || name || ' ' || email || ' ' || phone || ' ' || message)
  ) STORED;
  CREATE INDEX enquiries_search ON enquiries USING gin (search);
`;

/** Version 5: the search folds letters as staff type them (app/store/search-fold.ts). SQLite's
 * triggers feed the index folded text and the index is rebuilt; PostgreSQL's column is made
 * again (a table rewrite: seconds at 100,000 enquiries). */
const searchColumns = (row: string, fold: (e: string) => string) =>
  `${row}rowid, ${row}reference, ${fold(`${row}name`)}, ${fold(`${row}email`)}, ${row}phone, ${fold(`${row}message`)}`;
const INDEX_FOLDED = "INSERT INTO enquiry_search (rowid, reference, name, email, phone, message)";
const SQLITE_FOLDED_SEARCH = `
  DROP TRIGGER enquiries_search_insert;
  DROP TRIGGER enquiries_search_reference;
  CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries BEGIN
    ${INDEX_FOLDED} VALUES (${searchColumns("new.", sqliteFold)});
  END;
  CREATE TRIGGER enquiries_search_reference AFTER UPDATE OF reference ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE rowid = old.rowid;
    ${INDEX_FOLDED} VALUES (${searchColumns("new.", sqliteFold)});
  END;
  INSERT INTO enquiry_search (enquiry_search) VALUES ('delete-all');
  ${INDEX_FOLDED} SELECT ${searchColumns("", sqliteFold)} FROM enquiries;
`;
const POSTGRES_FOLDED_SEARCH = `
  DROP INDEX enquiries_search;
  ALTER TABLE enquiries DROP COLUMN search;
  ALTER TABLE enquiries ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', ${postgresFold("coalesce(reference, '') || ' ' || name || ' ' || email || ' ' || phone || ' ' || message")})
  ) STORED;
  CREATE INDEX enquiries_search ON enquiries USING gin (search);
`;

/** Version 6: each channel's health beside its pacing row (app/store/channel-health.server.ts).
 * An outage is the provider's, not each delivery's: a due time pushed by an outage under an
 * earlier version (each delivery on its own timer) is taken back, so the backlog is due in
 * order (decision 0026). */
const channelHealthLayout = (t: { time: string; json: string }) => `
  ALTER TABLE delivery_pacing ADD COLUMN failing_since ${t.time};
  ALTER TABLE delivery_pacing ADD COLUMN failures integer NOT NULL DEFAULT 0;
  ALTER TABLE delivery_pacing ADD COLUMN next_probe_at ${t.time};
  ALTER TABLE delivery_pacing ADD COLUMN last_failure ${t.json};
  UPDATE deliveries SET due_at = received_at WHERE state = 'pending' AND due_at > received_at;
`;

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "enquiries, the deliverer's row, the rate limit",
    sql: {
      // SQLite starts at version 2.
      sqlite: "",
      postgres: `
        CREATE TABLE enquiries (
          id uuid PRIMARY KEY,
          state text NOT NULL CHECK (state IN ('pending', 'failed', 'delivered', 'quarantined')),
          received_at timestamptz NOT NULL,
          due_at timestamptz NOT NULL,
          record jsonb NOT NULL,
          quarantine_reason text,
          quarantined_from text,
          changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
        );
        CREATE INDEX enquiries_pending ON enquiries (received_at, id) WHERE state = 'pending';
        CREATE INDEX enquiries_open ON enquiries (state) WHERE state <> 'delivered';
        CREATE INDEX enquiries_delivered ON enquiries (changed_at) WHERE state = 'delivered';
        CREATE TABLE enquiry_deliverer (
          id int PRIMARY KEY CHECK (id = 1),
          holder text,
          backend_pid int,
          heartbeat_at timestamptz,
          last_call_started_at timestamptz,
          last_call_ended_at timestamptz
        );
        INSERT INTO enquiry_deliverer (id) VALUES (1);
        CREATE TABLE enquiry_rate_limit (
          key varchar(255) PRIMARY KEY,
          points integer NOT NULL DEFAULT 0,
          expire bigint
        );
      `,
    },
  },
  {
    version: 2,
    name: "enquiries as columns, one delivery per channel, set aside, pacing per channel",
    sql: {
      sqlite: `${layout(SQLITE_TYPES)}
        -- Who delivers: the lease (holder, heartbeat), taken in a write transaction.
        CREATE TABLE enquiry_deliverer (
          id integer PRIMARY KEY CHECK (id = 1),
          holder text,
          heartbeat_at text
        );
        INSERT INTO enquiry_deliverer (id) VALUES (1);
      `,
      // The first layout's rows are moved by \`after\`, then its table goes.
      postgres: `
        ALTER TABLE enquiries RENAME TO enquiries_v1;
        ALTER TABLE enquiries_v1 RENAME CONSTRAINT enquiries_pkey TO enquiries_v1_pkey;
        ${layout(POSTGRES_TYPES)}
        INSERT INTO delivery_pacing (channel, last_call_started_at, last_call_ended_at)
          SELECT 'email', last_call_started_at, last_call_ended_at FROM enquiry_deliverer WHERE id = 1;
      `,
    },
    after: {
      async postgres(tx) {
        const rows = await tx.all<{
          id: string;
          state: string;
          record: unknown;
          reason: string | null;
          from: string | null;
          changed_at: Date;
        }>(
          `SELECT id, state, record, quarantine_reason AS reason, quarantined_from AS "from", changed_at FROM enquiries_v1`,
        );
        for (const row of rows) await moveFirstLayoutRow(tx, row);
        await tx.run("DROP TABLE enquiries_v1");
      },
    },
  },
  {
    version: 3,
    name: "staff: people, passkeys, invitations, sessions, challenges, audit, sign-in limit",
    sql: {
      sqlite: staffLayout({ ...SQLITE_TYPES, serial: "integer", big: "integer" }),
      postgres: staffLayout({ ...POSTGRES_TYPES, serial: "bigserial", big: "bigint" }),
    },
  },
  {
    version: 4,
    name: "inbox: references, the page sent from, follow-up and its history, search",
    sql: {
      sqlite: `${inboxLayout({ ...SQLITE_TYPES, serial: "integer" })} ${SQLITE_SEARCH}`,
      postgres: `${inboxLayout({ ...POSTGRES_TYPES, serial: "bigserial" })} ${POSTGRES_SEARCH}`,
    },
    after: { sqlite: giveReferences, postgres: giveReferences },
  },
  {
    version: 5,
    name: "inbox search: letters folded as staff type them (Kovac finds Kovač, Durda finds Đurđa)",
    sql: { sqlite: SQLITE_FOLDED_SEARCH, postgres: POSTGRES_FOLDED_SEARCH },
  },
  {
    version: 6,
    name: "channel health beside its pacing: up, or failing since when, and the next probe; outage-pushed due times taken back",
    sql: { sqlite: channelHealthLayout(SQLITE_TYPES), postgres: channelHealthLayout(POSTGRES_TYPES) },
  },
];

/** Enquiries kept before references existed get one each (and, in SQLite, their search entry). */
async function giveReferences(tx: Queryable) {
  const rows = await tx.all<{ id: string }>("SELECT id FROM enquiries WHERE reference IS NULL");
  for (const row of rows)
    await tx.run("UPDATE enquiries SET reference = $1 WHERE id = $2", [await freeReference(tx), row.id]);
}

/** One row of PostgreSQL's first layout into version 2: a record this version reads keeps its
 * state and attempts; anything else is kept as a quarantined delivery with its reason. */
async function moveFirstLayoutRow(
  tx: Queryable,
  row: { id: string; state: string; record: unknown; reason: string | null; from: string | null; changed_at: Date },
) {
  const read = row.state === "quarantined" ? undefined : checkRecord(fromFirstLayout(row.record));
  const record = read?.ok ? read.record : undefined;
  const e = record?.enquiry;
  const receivedAt = record?.receivedAt ?? row.changed_at.toISOString();
  await tx.run(
    `INSERT INTO enquiries (id, received_at, request_id, name, email, phone, category, message, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.id,
      receivedAt,
      record?.requestId ?? null,
      e?.name ?? "",
      e?.email ?? "",
      e?.phone ?? "",
      e?.category ?? "",
      e?.message ?? "",
      e?.language ?? null,
    ],
  );
  const state = record ? row.state : "quarantined";
  const reason = record ? null : (row.reason ?? (read && !read.ok ? read.reason : "unreadable"));
  await tx.run(
    `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count,
       sending_since, retried_at, delivered_at, failure, quarantine_reason, quarantined_from, changed_at)
     VALUES ($1, 'email', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      row.id,
      state,
      receivedAt,
      record?.nextAttemptAt ?? receivedAt,
      JSON.stringify(record?.attempts ?? []),
      record?.attempts.length ?? 0,
      record?.sendingSince ?? null,
      record?.retriedAt ?? null,
      record?.deliveredAt ?? null,
      record?.failure ? JSON.stringify(record.failure) : null,
      reason,
      record ? null : (row.from ?? row.state),
      row.changed_at.toISOString(),
    ],
  );
}

export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS enquiry_schema_versions (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at text NOT NULL
)`;

/** Two keys of the advisory locks this app takes in PostgreSQL: (APP_LOCK, 1) the deliverer's,
 * (APP_LOCK, 2) the schema's. */
export const APP_LOCK = 0x41565650; // "AVVP"
export const DELIVERER_LOCK = 1;
const SCHEMA_LOCK = 2;

/** Applies the versions the database lacks, under the schema lock; returns the ones it applied.
 * Refuses a database that is at a newer version than this code. (Tests pass the first few
 * migrations to make a database as an earlier version left it.) */
export async function migrate(sql: Sql, migrations = MIGRATIONS): Promise<number[]> {
  return sql.transaction(async (tx) => {
    if (sql.dialect === "postgres") await tx.all("SELECT pg_advisory_xact_lock($1, $2)", [APP_LOCK, SCHEMA_LOCK]);
    await tx.run(VERSIONS_TABLE);
    const rows = await tx.all<{ version: number }>("SELECT version FROM enquiry_schema_versions");
    const present = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...present);
    if (newest > LATEST_VERSION)
      throw new StoreRefusal(
        `${sql.where} was written by a newer version of this site (schema ${newest}; this one knows up to ${LATEST_VERSION}): run that version, or restore a backup made for this one; nothing was changed`,
      );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (present.has(migration.version) || !migration.sql[sql.dialect]) continue;
      await execScript(tx, sql.dialect, migration.sql[sql.dialect]);
      await migration.after?.[sql.dialect]?.(tx);
      await tx.run("INSERT INTO enquiry_schema_versions (version, name, applied_at) VALUES ($1, $2, $3)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** The version a database is at (the outbox command's `check`). */
export async function schemaVersion(sql: Queryable): Promise<number> {
  const rows = await sql.all<{ v: number | null }>("SELECT max(version) AS v FROM enquiry_schema_versions");
  return Number(rows[0]?.v ?? 0);
}

/** How long one migration's script may run in PostgreSQL (a rewrite of the enquiries table and
 * its search index: 100,000 enquiries take seconds, docs/performance.md), not the 5 s of a
 * visitor's query. Other replicas wait for its lock meanwhile and answer 503 with Retry-After. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/** A script of several statements: PostgreSQL takes it in one query; SQLite one at a time. */
async function execScript(tx: Queryable, dialect: Dialect, script: string) {
  if (dialect === "postgres") {
    await tx.run(script, [], { timeoutMs: MIGRATION_TIMEOUT_MS });
    return;
  }
  // Split at each `;`, except inside a trigger's BEGIN … END (whose statements end with `;` too).
  const statements: string[] = [];
  let pending = "";
  for (const part of script.replace(/--[^\n]*/g, "").split(";")) {
    pending = pending ? `${pending};${part}` : part;
    if (/\bCREATE\s+TRIGGER\b/i.test(pending) && !/\bEND\s*$/i.test(pending.trim())) continue;
    if (pending.trim()) statements.push(pending.trim());
    pending = "";
  }
  for (const statement of statements) await tx.run(statement);
}
