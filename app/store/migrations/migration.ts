import type { Queryable } from "../sql.server";

/** A version once released is never edited: a change is a new version. */
export type Migration = {
  version: number;
  name: string;
  sqlite: Step;
  postgres: Step;
};

type Step = string | ((tx: Queryable) => Promise<void>) | null;

export const SQLITE_TYPES = { id: "text", time: "text", json: "text" };
export const POSTGRES_TYPES = { id: "uuid", time: "timestamptz", json: "jsonb" };
