import { freeReference } from "../reference.server";
import type { Queryable } from "../sql.server";
import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** SQLite's FTS5 is contentless, kept by triggers, so every writer keeps it true. */
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
export default {
  version: 4,
  name: "inbox: references, the page sent from, follow-up and its history, search",
  async sqlite(tx) {
    await tx.exec(`${inboxLayout({ ...SQLITE_TYPES, serial: "integer" })} ${SQLITE_SEARCH}`);
    await giveReferences(tx);
  },
  async postgres(tx) {
    await tx.exec(`${inboxLayout({ ...POSTGRES_TYPES, serial: "bigserial" })} ${POSTGRES_SEARCH}`);
    await giveReferences(tx);
  },
} satisfies Migration;

async function giveReferences(tx: Queryable) {
  const rows = await tx.all<{ id: string }>("SELECT id FROM enquiries WHERE reference IS NULL");
  for (const row of rows)
    await tx.run("UPDATE enquiries SET reference = $1 WHERE id = $2", [await freeReference(tx), row.id]);
}
