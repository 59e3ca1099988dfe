import type { InboxFilter } from "./inbox-filter.server";
import { followUpEvent } from "./inbox-enquiry.server";
import { ID } from "./inbox-rows.server";
import { whole, type Count, type TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import type { EnquiryStore } from "./store.server";

export const isSpamView = (filter: InboxFilter) => filter.view === "spam" || filter.followUp === "spam";

export async function spamCount(sql: Queryable): Promise<number> {
  const [row] = await sql.all<Count>(
    "SELECT count(*) AS n FROM enquiries WHERE spam IS NOT NULL OR follow_up = 'spam'",
  );
  return whole(row?.n ?? null);
}

/** A second tap delivers nothing twice. */
export async function releaseSpam(
  sql: Sql,
  store: Pick<EnquiryStore, "release">,
  id: string,
  actor: string,
): Promise<string | undefined> {
  if (!ID.test(id)) return undefined;
  const [row] = await sql.all<Pick<TableRow<"enquiries">, "reference">>(
    "SELECT reference FROM enquiries WHERE id = $1",
    [id],
  );
  if (!row || !(await store.release(id))) return undefined;
  await followUpEvent(sql, id, new Date().toISOString(), actor, "spam", "new");
  return row.reference ?? id;
}

/** Bounded by the page's oldest and newest: one caught since is not erased unseen. */
export async function eraseSpam(sql: Sql, from: string, to: string): Promise<number> {
  return sql.run(
    `DELETE FROM enquiries WHERE received_at >= $1 AND received_at <= $2 AND (spam IS NOT NULL OR follow_up = 'spam')`,
    [from, to],
  );
}
