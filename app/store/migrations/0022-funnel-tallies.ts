import type { Migration } from "./migration";

/** Decision 0047: the funnel's enquiries a UTC day by source, kept by triggers as the dashboard's are (0011). */
const COUNTED = (row: string) => `${row}.spam IS NULL AND ${row}.follow_up <> 'spam'`;
const REPLIED = (row: string) => `(${row}.first_replied_at IS NOT NULL OR ${row}.follow_up IN ('replied', 'booked'))`;
const BOOKED = (row: string) => `(${row}.follow_up = 'booked')`;
const WATCHED = "follow_up, spam, first_replied_at, received_at, source_channel, source_campaign";

const table = `
  CREATE TABLE enquiry_source_tallies (
    day text NOT NULL,
    channel text NOT NULL,
    campaign text NOT NULL,
    n integer NOT NULL,
    replied integer NOT NULL,
    booked integer NOT NULL,
    PRIMARY KEY (day, channel, campaign)
  )`;

const sqliteKey = (row: string) =>
  `substr(${row}.received_at, 1, 10), coalesce(${row}.source_channel, ''), coalesce(${row}.source_campaign, '')`;
const sqliteAdd = (row: string) => `
    INSERT INTO enquiry_source_tallies (day, channel, campaign, n, replied, booked)
      SELECT ${sqliteKey(row)}, 1, ${REPLIED(row)}, ${BOOKED(row)} WHERE ${COUNTED(row)}
      ON CONFLICT (day, channel, campaign) DO UPDATE
      SET n = n + 1, replied = replied + excluded.replied, booked = booked + excluded.booked;`;
const sqliteTakeAway = (row: string) => `
    UPDATE enquiry_source_tallies SET n = n - 1, replied = replied - ${REPLIED(row)}, booked = booked - ${BOOKED(row)}
     WHERE ${COUNTED(row)} AND (day, channel, campaign) = (${sqliteKey(row)});`;

/** A visit_sources row is read for four of its eight columns: an index that holds them spares the table. */
const VISITS_INDEX = (include: boolean) =>
  include
    ? "CREATE INDEX visit_sources_funnel ON visit_sources (day) INCLUDE (channel, campaign, visitors, contact_visitors)"
    : "CREATE INDEX visit_sources_funnel ON visit_sources (day, channel, campaign, visitors, contact_visitors)";

const SQLITE = `${table} WITHOUT ROWID;
  CREATE TRIGGER enquiry_source_tallies_insert AFTER INSERT ON enquiries BEGIN ${sqliteAdd("new")}
  END;
  CREATE TRIGGER enquiry_source_tallies_update AFTER UPDATE OF ${WATCHED} ON enquiries BEGIN ${sqliteTakeAway("old")} ${sqliteAdd("new")}
  END;
  CREATE TRIGGER enquiry_source_tallies_delete AFTER DELETE ON enquiries BEGIN ${sqliteTakeAway("old")}
  END;
  INSERT INTO enquiry_source_tallies (day, channel, campaign, n, replied, booked)
    SELECT ${sqliteKey("e")}, count(*), sum(${REPLIED("e")}), sum(${BOOKED("e")}) FROM enquiries e WHERE ${COUNTED("e")}
     GROUP BY 1, 2, 3;
  ${VISITS_INDEX(false)};
`;

const postgresKey = (row: string) =>
  `to_char(${row}.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(${row}.source_channel, ''), coalesce(${row}.source_campaign, '')`;

const POSTGRES = `${table};
  CREATE FUNCTION enquiry_source_tallies_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND ${COUNTED("OLD")} THEN
      UPDATE enquiry_source_tallies
         SET n = n - 1, replied = replied - ${REPLIED("OLD")}::int, booked = booked - ${BOOKED("OLD")}::int
       WHERE (day, channel, campaign) = (${postgresKey("OLD")});
    END IF;
    IF TG_OP <> 'DELETE' AND ${COUNTED("NEW")} THEN
      INSERT INTO enquiry_source_tallies (day, channel, campaign, n, replied, booked)
        VALUES (${postgresKey("NEW")}, 1, ${REPLIED("NEW")}::int, ${BOOKED("NEW")}::int)
        ON CONFLICT (day, channel, campaign) DO UPDATE SET n = enquiry_source_tallies.n + 1,
          replied = enquiry_source_tallies.replied + excluded.replied,
          booked = enquiry_source_tallies.booked + excluded.booked;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER enquiry_source_tallies AFTER INSERT OR DELETE OR UPDATE OF ${WATCHED} ON enquiries
    FOR EACH ROW EXECUTE FUNCTION enquiry_source_tallies_change();
  INSERT INTO enquiry_source_tallies (day, channel, campaign, n, replied, booked)
    SELECT ${postgresKey("e")}, count(*), sum(${REPLIED("e")}::int), sum(${BOOKED("e")}::int) FROM enquiries e
     WHERE ${COUNTED("e")} GROUP BY 1, 2, 3;
  ${VISITS_INDEX(true)};
`;

export default {
  version: 22,
  name: "the funnel's tallies: enquiries a day by source and campaign, kept by triggers; visits read from an index",
  sqlite: SQLITE,
  postgres: POSTGRES,
} satisfies Migration;
