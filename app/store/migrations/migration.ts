import type { Queryable } from "../sql.server";

/** One version of the schema (app/store/migrate.server.ts applies them). Each dialect's part is
 * its SQL script, run whole by the driver; or a function, where data must be moved that SQL
 * alone cannot (a record read through this version's check); or null where the dialect has no
 * such version. A version once released is never edited: a change is a new version. */
export type Migration = {
  version: number;
  name: string;
  sqlite: Step;
  postgres: Step;
};

/** A function is given the migration's transaction, whose `exec` runs a script with the time a
 * migration may take. */
export type Step = string | ((tx: Queryable) => Promise<void>) | null;

/** The column types, the only difference between the dialects' tables. */
export const SQLITE_TYPES = { id: "text", time: "text", json: "text" };
export const POSTGRES_TYPES = { id: "uuid", time: "timestamptz", json: "jsonb" };
