import { getEnquiry, type EnquiryView } from "./inbox-enquiry.server";
import { ID } from "./inbox-rows.server";
import type { TableRow } from "./schema.server";
import type { Sql } from "./sql.server";
import { isoTime } from "./sql.server";

/** The audit log keeps the reference and nothing else. */
export async function eraseEnquiry(
  sql: Sql,
  id: string,
  { spamOnly = false }: { spamOnly?: boolean } = {},
): Promise<string | undefined> {
  if (!ID.test(id)) return undefined;
  // "Delete" in the Spam view erases only while it is there (not one released meanwhile).
  const [row] = await sql.all<Pick<TableRow<"enquiries">, "reference">>(
    `DELETE FROM enquiries WHERE id = $1 ${spamOnly ? "AND (spam IS NOT NULL OR follow_up = 'spam')" : ""} RETURNING reference`,
    [id],
  );
  return row ? (row.reference ?? id) : undefined;
}

export async function enquiriesOf(sql: Sql, email: string): Promise<EnquiryView[]> {
  const rows = await sql.all<Pick<TableRow<"enquiries">, "id">>(
    "SELECT id FROM enquiries WHERE lower(email) = lower($1) ORDER BY received_at DESC LIMIT 1000",
    [email.trim()],
  );
  const views: EnquiryView[] = [];
  for (const row of rows) {
    const view = await getEnquiry(sql, row.id);
    if (view) views.push(view);
  }
  return views;
}

export async function quarantinedMentioning(
  sql: Sql,
  email: string,
): Promise<{ ref: string; at: string; content: string }[]> {
  const contains =
    sql.dialect === "sqlite" ? "instr(lower(content), lower($1)) > 0" : "strpos(lower(content), lower($1)) > 0";
  const rows = await sql.all<Pick<TableRow<"quarantine">, "ref" | "at" | "content">>(
    `SELECT ref, at, content FROM quarantine WHERE content IS NOT NULL AND ${contains} ORDER BY at LIMIT 1000`,
    [email.trim()],
  );
  return rows.map((r) => ({ ref: r.ref, at: isoTime(r.at) ?? "", content: r.content ?? "" }));
}

export const eraseQuarantined = (sql: Sql, refs: string[]) =>
  refs.length
    ? sql.run(`DELETE FROM quarantine WHERE ref IN (${refs.map((_, i) => `$${i + 1}`).join(", ")})`, refs)
    : Promise.resolve(0);
