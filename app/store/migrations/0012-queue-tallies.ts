import type { Migration } from "./migration";

/** Decision 0036: counting the rows took 28 ms at 100,000; tallies and two partial indexes keep every read bounded. */
const TRIED = (row: string) => `(${row}.state = 'pending' AND ${row}.attempt_count > 0)`;

const INDEXES = `
  CREATE INDEX deliveries_waiting ON deliveries (channel, received_at, enquiry_id)
    WHERE state = 'pending' AND due_at = received_at;
  CREATE INDEX deliveries_retrying ON deliveries (channel, due_at)
    WHERE state = 'pending' AND due_at <> received_at;
`;

const TABLE = `
  CREATE TABLE delivery_tallies (
    channel text NOT NULL,
    state text NOT NULL,
    tried boolean NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (channel, state, tried)
  )`;

const sqliteAdd = (row: string) => `
    INSERT INTO delivery_tallies (channel, state, tried, n) VALUES (${row}.channel, ${row}.state, ${TRIED(row)}, 1)
      ON CONFLICT (channel, state, tried) DO UPDATE SET n = n + 1;`;
const sqliteTakeAway = (row: string) => `
    UPDATE delivery_tallies SET n = n - 1 WHERE channel = ${row}.channel AND state = ${row}.state AND tried = ${TRIED(row)};`;

const SQLITE = `
  ${TABLE} WITHOUT ROWID;
  CREATE TRIGGER delivery_tallies_insert AFTER INSERT ON deliveries BEGIN ${sqliteAdd("new")}
  END;
  CREATE TRIGGER delivery_tallies_update AFTER UPDATE OF channel, state, attempt_count ON deliveries
    WHEN old.channel IS NOT new.channel OR old.state IS NOT new.state OR ${TRIED("old")} IS NOT ${TRIED("new")}
  BEGIN ${sqliteTakeAway("old")} ${sqliteAdd("new")}
  END;
  CREATE TRIGGER delivery_tallies_delete AFTER DELETE ON deliveries BEGIN ${sqliteTakeAway("old")}
  END;
  INSERT INTO delivery_tallies (channel, state, tried, n)
    SELECT d.channel, d.state, ${TRIED("d")}, count(*) FROM deliveries d GROUP BY 1, 2, 3;
  ${INDEXES}
`;

const POSTGRES = `
  ${TABLE};
  CREATE FUNCTION delivery_tallies_change() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    old_first boolean := false;
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF OLD.channel = NEW.channel AND OLD.state = NEW.state AND ${TRIED("OLD")} = ${TRIED("NEW")} THEN
        RETURN NULL;
      END IF;
      old_first := (OLD.channel, OLD.state, ${TRIED("OLD")}) < (NEW.channel, NEW.state, ${TRIED("NEW")});
    END IF;
    IF TG_OP = 'DELETE' OR old_first THEN
      UPDATE delivery_tallies SET n = n - 1
       WHERE channel = OLD.channel AND state = OLD.state AND tried = ${TRIED("OLD")};
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO delivery_tallies (channel, state, tried, n) VALUES (NEW.channel, NEW.state, ${TRIED("NEW")}, 1)
        ON CONFLICT (channel, state, tried) DO UPDATE SET n = delivery_tallies.n + 1;
    END IF;
    IF TG_OP = 'UPDATE' AND NOT old_first THEN
      UPDATE delivery_tallies SET n = n - 1
       WHERE channel = OLD.channel AND state = OLD.state AND tried = ${TRIED("OLD")};
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER delivery_tallies AFTER INSERT OR DELETE OR UPDATE OF channel, state, attempt_count ON deliveries
    FOR EACH ROW EXECUTE FUNCTION delivery_tallies_change();
  INSERT INTO delivery_tallies (channel, state, tried, n)
    SELECT d.channel, d.state, ${TRIED("d")}, count(*) FROM deliveries d GROUP BY 1, 2, 3;
  ${INDEXES}
`;

export default {
  version: 12,
  name: "the queue's tallies by channel and state, kept by triggers; pending deliveries indexed by what they wait for",
  sqlite: SQLITE,
  postgres: POSTGRES,
} satisfies Migration;
