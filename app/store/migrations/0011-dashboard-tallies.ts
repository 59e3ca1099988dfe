import type { Migration } from "./migration";

/** Decision 0032: counts kept by triggers in the writing transaction; a median cannot be summed, so reply times come from a
 * partial index that holds all it reads. */
const COUNTED = (row: string) => `${row}.spam IS NULL AND ${row}.follow_up <> 'spam'`;

const sqliteKey = (row: string) =>
  `substr(${row}.received_at, 1, 13), ${row}.category, coalesce(${row}.language, 'en'), coalesce(${row}.page, '')`;
const sqliteAdd = (row: string) => `
    INSERT INTO enquiry_tallies (hour, category, language, page, n, booked)
      SELECT ${sqliteKey(row)}, 1, ${row}.follow_up = 'booked' WHERE ${COUNTED(row)}
      ON CONFLICT (hour, category, language, page) DO UPDATE SET n = n + 1, booked = booked + excluded.booked;`;
const sqliteTakeAway = (row: string) => `
    UPDATE enquiry_tallies SET n = n - 1, booked = booked - (${row}.follow_up = 'booked')
     WHERE ${COUNTED(row)} AND (hour, category, language, page) = (${sqliteKey(row)});`;

/** SQLite cannot add a stored generated column, and a virtual one is computed on every read: a column kept by triggers. */
const SQLITE_REPLY_SECONDS = (row: string) =>
  `(julianday(${row}.first_replied_at) - julianday(${row}.received_at)) * 86400.0`;

const SQLITE = `
  CREATE TABLE enquiry_tallies (
    hour text NOT NULL,
    category text NOT NULL,
    language text NOT NULL,
    page text NOT NULL,
    n integer NOT NULL,
    booked integer NOT NULL,
    PRIMARY KEY (hour, category, language, page)
  ) WITHOUT ROWID;
  CREATE TRIGGER enquiry_tallies_insert AFTER INSERT ON enquiries BEGIN ${sqliteAdd("new")}
  END;
  CREATE TRIGGER enquiry_tallies_update AFTER UPDATE OF follow_up, spam ON enquiries BEGIN ${sqliteTakeAway("old")} ${sqliteAdd("new")}
  END;
  CREATE TRIGGER enquiry_tallies_delete AFTER DELETE ON enquiries BEGIN ${sqliteTakeAway("old")}
  END;
  INSERT INTO enquiry_tallies (hour, category, language, page, n, booked)
    SELECT ${sqliteKey("e")}, count(*), sum(e.follow_up = 'booked') FROM enquiries e WHERE ${COUNTED("e")}
     GROUP BY 1, 2, 3, 4;
  DROP INDEX enquiries_first_reply;
  ALTER TABLE enquiries ADD COLUMN reply_seconds real;
  UPDATE enquiries SET reply_seconds = ${SQLITE_REPLY_SECONDS("enquiries")} WHERE first_replied_at IS NOT NULL;
  CREATE TRIGGER enquiries_reply_seconds_insert AFTER INSERT ON enquiries WHEN new.first_replied_at IS NOT NULL BEGIN
    UPDATE enquiries SET reply_seconds = ${SQLITE_REPLY_SECONDS("new")} WHERE rowid = new.rowid;
  END;
  CREATE TRIGGER enquiries_reply_seconds_update AFTER UPDATE OF first_replied_at ON enquiries BEGIN
    UPDATE enquiries SET reply_seconds = ${SQLITE_REPLY_SECONDS("new")} WHERE rowid = new.rowid;
  END;
  CREATE INDEX enquiries_replies ON enquiries (received_at, reply_seconds, spam, follow_up)
    WHERE reply_seconds IS NOT NULL AND spam IS NULL AND follow_up <> 'spam';
`;

const postgresKey = (row: string) =>
  `date_trunc('hour', ${row}.received_at AT TIME ZONE 'UTC'), ${row}.category, coalesce(${row}.language, 'en'), coalesce(${row}.page, '')`;

const POSTGRES = `
  CREATE TABLE enquiry_tallies (
    hour timestamp NOT NULL,
    category text NOT NULL,
    language text NOT NULL,
    page text NOT NULL,
    n integer NOT NULL,
    booked integer NOT NULL,
    PRIMARY KEY (hour, category, language, page)
  );
  CREATE FUNCTION enquiry_tallies_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND ${COUNTED("OLD")} THEN
      UPDATE enquiry_tallies SET n = n - 1, booked = booked - (OLD.follow_up = 'booked')::int
       WHERE (hour, category, language, page) = (${postgresKey("OLD")});
    END IF;
    IF TG_OP <> 'DELETE' AND ${COUNTED("NEW")} THEN
      INSERT INTO enquiry_tallies (hour, category, language, page, n, booked)
        VALUES (${postgresKey("NEW")}, 1, (NEW.follow_up = 'booked')::int)
        ON CONFLICT (hour, category, language, page)
        DO UPDATE SET n = enquiry_tallies.n + 1, booked = enquiry_tallies.booked + excluded.booked;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER enquiry_tallies AFTER INSERT OR DELETE OR UPDATE OF follow_up, spam ON enquiries
    FOR EACH ROW EXECUTE FUNCTION enquiry_tallies_change();
  INSERT INTO enquiry_tallies (hour, category, language, page, n, booked)
    SELECT ${postgresKey("e")}, count(*), sum((e.follow_up = 'booked')::int) FROM enquiries e WHERE ${COUNTED("e")}
     GROUP BY 1, 2, 3, 4;
  DROP INDEX enquiries_first_reply;
  ALTER TABLE enquiries ADD COLUMN reply_seconds double precision
    GENERATED ALWAYS AS (extract(epoch FROM first_replied_at - received_at)) STORED;
  CREATE INDEX enquiries_replies ON enquiries (received_at, reply_seconds)
    WHERE reply_seconds IS NOT NULL AND spam IS NULL AND follow_up <> 'spam';
`;

export default {
  version: 11,
  name: "the dashboard's tallies: enquiries an hour by category, language and page, kept by triggers",
  sqlite: SQLITE,
  postgres: POSTGRES,
} satisfies Migration;
