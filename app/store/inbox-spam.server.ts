// The Spam view (decision 0030): what the contact form's rules caught and what staff marked spam,
// counted, released ("Not spam": delivered as if accepted now) or erased a page at a time.
import type { InboxFilter } from "./inbox-filter.server";
import { followUpEvent } from "./inbox-enquiry.server";
import { ID } from "./inbox-rows.server";
import type { Queryable, Sql } from "./sql.server";
import type { EnquiryStore } from "./store.server";

/** The Spam view: asked for, or the follow-up state "spam" chosen in the inbox's filter. */
export const isSpamView = (filter: InboxFilter) => filter.view === "spam" || filter.followUp === "spam";

/** How many are in the Spam view. */
export async function spamCount(sql: Queryable): Promise<number> {
  const [row] = await sql.all<{ n: unknown }>(
    "SELECT count(*) AS n FROM enquiries WHERE spam IS NOT NULL OR follow_up = 'spam'",
  );
  return Number(row?.n ?? 0);
}

/** "Not spam": back to the inbox as a normal enquiry, its deliveries made by the accept's own
 * code (every channel configured now, due now), and the change in its history. Its reference;
 * undefined when it is not in the Spam view (gone, or released already: a second tap delivers
 * nothing twice). */
export async function releaseSpam(store: EnquiryStore, id: string, actor: string): Promise<string | undefined> {
  if (!ID.test(id)) return undefined;
  const sql = await store.staffTables();
  const [row] = await sql.all<{ reference: string | null }>("SELECT reference FROM enquiries WHERE id = $1", [id]);
  if (!row || !(await store.release(id))) return undefined;
  await followUpEvent(sql, id, new Date().toISOString(), actor, "spam", "new");
  return row.reference ?? id;
}

/** "Delete all shown": the Spam view's enquiries that came between `from` and `to` (the oldest
 * and newest a page showed: one caught since is not erased unseen). Returns how many. */
export async function eraseSpam(sql: Sql, from: string, to: string): Promise<number> {
  return sql.run(
    `DELETE FROM enquiries WHERE received_at >= $1 AND received_at <= $2 AND (spam IS NOT NULL OR follow_up = 'spam')`,
    [from, to],
  );
}
