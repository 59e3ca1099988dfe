import { checkRecord, fromFirstLayout } from "../record.server";
import type { Queryable } from "../sql.server";
import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** A note is a `note(…)`, not an SQL comment: SQLite keeps a table's CREATE text, and this version's tables were made
 * with comments stripped, so a database made today holds the same text as one made then. */
const note = (_text: string) => "";

const layout = (t: { id: string; time: string; json: string }) => `
  CREATE TABLE enquiries (
    id ${t.id} PRIMARY KEY,
    received_at ${t.time} NOT NULL,
    request_id text,
    ${note("the visitor's fields, exactly as typed")}
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
    ${note("the enquiry's arrival, so the queue's order needs no join")}
    received_at ${t.time} NOT NULL,
    ${note("when a pending delivery is next due: its arrival, or the time its retry was scheduled for")}
    due_at ${t.time} NOT NULL,
    attempts ${t.json} NOT NULL,
    attempt_count integer NOT NULL DEFAULT 0,
    ${note("set just before a call, cleared with its outcome (docs/decisions/0019-sqlite-store.md)")}
    sending_since ${t.time},
    retried_at ${t.time},
    delivered_at ${t.time},
    failure ${t.json},
    ${note("why a row was set aside (state 'quarantined'): this version cannot read it")}
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

export default {
  version: 2,
  name: "enquiries as columns, one delivery per channel, set aside, pacing per channel",
  sqlite: `${layout(SQLITE_TYPES)}
        -- Who delivers: the lease (holder, heartbeat), taken in a write transaction.
        CREATE TABLE enquiry_deliverer (
          id integer PRIMARY KEY CHECK (id = 1),
          holder text,
          heartbeat_at text
        );
        INSERT INTO enquiry_deliverer (id) VALUES (1);
      `,
  async postgres(tx) {
    await tx.exec(`
      ALTER TABLE enquiries RENAME TO enquiries_v1;
      ALTER TABLE enquiries_v1 RENAME CONSTRAINT enquiries_pkey TO enquiries_v1_pkey;
      ${layout(POSTGRES_TYPES)}
      INSERT INTO delivery_pacing (channel, last_call_started_at, last_call_ended_at)
        SELECT 'email', last_call_started_at, last_call_ended_at FROM enquiry_deliverer WHERE id = 1;
    `);
    const rows = await tx.all<FirstLayoutRow>(
      `SELECT id, state, record, quarantine_reason AS reason, quarantined_from AS "from", changed_at FROM enquiries_v1`,
    );
    for (const row of rows) await moveFirstLayoutRow(tx, row);
    await tx.run("DROP TABLE enquiries_v1");
  },
} satisfies Migration;

type FirstLayoutRow = {
  id: string;
  state: string;
  record: unknown;
  reason: string | null;
  from: string | null;
  changed_at: Date;
};

async function moveFirstLayoutRow(tx: Queryable, row: FirstLayoutRow) {
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
