import type { Pool } from "pg";
import type { Env } from "~/utils/env-schema.server";
import { createFileStore } from "./file-store.server";
import { createPgStore } from "./pg-store.server";
import type { EnquiryStore } from "./store.server";

/** The store the configuration names, the same way for the server and the outbox command:
 * PostgreSQL when DATABASE_URL is set, else the outbox folder. Nothing connects until used.
 * A database's pool is shared with the rate limit. */
export function openStore(
  env: Pick<Env, "DATABASE_URL" | "DATABASE_POOL_MAX" | "OUTBOX_DIR">,
): EnquiryStore & { pool?: Pool } {
  return env.DATABASE_URL
    ? createPgStore({ connectionString: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX })
    : createFileStore(env.OUTBOX_DIR);
}
