import type { Migration } from "./migration";

/** PostgreSQL's first layout, the record as jsonb; version 2 moves its rows, SQLite starts there. */
export default {
  version: 1,
  name: "enquiries, the deliverer's row, the rate limit",
  sqlite: null,
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
} satisfies Migration;
