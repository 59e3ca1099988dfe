import path from "node:path";
import type { Env } from "~/utils/env-schema.server";
import { createPostgres, type PostgresSql } from "./postgres.server";
import type { CoreOptions } from "./core.server";
import type { EnquiryStore } from "./store.server";
import { createSqlStore, type SqlStore } from "./sql-store.server";
import { createSqlite } from "./sqlite.server";

const DEFAULT_DATABASE_FILE = "./data/site.db";

export function databaseOf(
  url: string | undefined,
): { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string } {
  if (url && /^postgres(ql)?:\/\//i.test(url)) return { dialect: "postgres", url };
  if (!url) return { dialect: "sqlite", file: path.resolve(DEFAULT_DATABASE_FILE) };
  const rest = url.replace(/^file:/i, "");
  // file:///abs/path is a URL; file:relative/path and file:/abs/path are paths.
  const file = rest.startsWith("//") ? decodeURIComponent(new URL(url).pathname) : rest;
  return { dialect: "sqlite", file: path.resolve(file) };
}

/** The store as the app holds it: its typed parts, no SQL. */
export const openStore = (
  env: Pick<Env, "DATABASE_URL" | "DATABASE_POOL_MAX">,
  options: Pick<CoreOptions, "staleMs" | "channels" | "confirmation" | "push"> = {},
): EnquiryStore & { pool?: PostgresSql["pool"] } => openSqlStore(env, options);

/** With its SQL layer, for tests and the bench tools that write rows by hand. */
export function openSqlStore(
  env: Pick<Env, "DATABASE_URL" | "DATABASE_POOL_MAX">,
  options: Pick<CoreOptions, "staleMs" | "channels" | "confirmation" | "push"> = {},
): SqlStore & { pool?: PostgresSql["pool"] } {
  const database = databaseOf(env.DATABASE_URL);
  if (database.dialect === "sqlite") return createSqlStore({ sql: createSqlite(database.file), ...options });
  const sql = createPostgres(database.url, { poolMax: env.DATABASE_POOL_MAX });
  return Object.assign(createSqlStore({ sql, ...options }), { pool: sql.pool });
}
