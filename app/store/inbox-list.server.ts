import { CITIES, type CityId } from "~/content/cities";
import { CITY_NAMES } from "~/i18n/cities";
import { LOCALES } from "~/i18n/locale";
import type { InboxFilter } from "./inbox-filter.server";
import { PREVIEW, ROW_COLUMNS, page, type InboxNote, type InboxRow, type Row } from "./inbox-rows.server";
import { isSpamView } from "./inbox-spam.server";
import { normalizeReference } from "./reference.server";
import { foldForSearch } from "./search-fold";
import { whole, type Count, type TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { isoTime } from "./sql.server";

export type Cursor = { at: string; id: string };

export const encodeCursor = (row: Pick<InboxRow, "receivedAt" | "id">) =>
  Buffer.from(JSON.stringify([row.receivedAt, row.id])).toString("base64url");

export function decodeCursor(value: string | null | undefined): Cursor | undefined {
  if (!value || value.length > 200) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (
      typeof at !== "string" ||
      Number.isNaN(Date.parse(at)) ||
      typeof id !== "string" ||
      !/^[0-9a-f-]{36}$/i.test(id)
    )
      return undefined;
    return { at: new Date(at).toISOString(), id };
  } catch {
    return undefined;
  }
}

/** The person's text never becomes query syntax. */
function searchTerms(q: string): string[] {
  return foldForSearch(q)
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}@.+_-]/gu, ""))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, 8);
}

function cityTerms(terms: string[]): { term: string; city: CityId }[] {
  return terms.flatMap((term) => {
    const t = term.toLowerCase();
    if (t.length < 3) return [];
    const city = CITIES.find(
      (c) => c.id.startsWith(t) || LOCALES.some((l) => foldForSearch(CITY_NAMES[l][c.id]).toLowerCase().startsWith(t)),
    );
    return city ? [{ term, city: city.id }] : [];
  });
}

const ftsQuery = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(" AND ");
const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/['\\]/g, "")}':*`).join(" & ");

function where(sql: Sql, filter: InboxFilter, first: number): { clause: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (text: string, ...given: unknown[]) => {
    let clause = text;
    for (const value of given) {
      values.push(value);
      clause = clause.replace("?", `$${first + values.length - 1}`);
    }
    parts.push(clause);
  };
  parts.push(
    isSpamView(filter) ? "(e.spam IS NOT NULL OR e.follow_up = 'spam')" : "e.spam IS NULL AND e.follow_up <> 'spam'",
  );
  if (filter.followUp) add("e.follow_up = ?", filter.followUp);
  if (filter.category) add("e.category = ?", filter.category);
  if (filter.language) add("e.language = ?", filter.language);
  if (filter.source) add("e.source_channel = ?", filter.source);
  if (filter.campaign) add("e.source_campaign = ?", filter.campaign);
  if (filter.from) add("e.received_at >= ?", `${filter.from}T00:00:00.000Z`);
  if (filter.to)
    add("e.received_at < ?", new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000).toISOString());
  if (filter.delivery === "sending")
    parts.push("e.id IN (SELECT enquiry_id FROM deliveries WHERE state = 'pending' AND sending_since IS NOT NULL)");
  else if (filter.delivery) add("e.id IN (SELECT enquiry_id FROM deliveries WHERE state = ?)", filter.delivery);
  if (filter.q) {
    // "Mark Dean" is eight letters of the reference alphabet: looked up as one and searched as words.
    const reference = normalizeReference(filter.q);
    const terms = searchTerms(filter.q);
    const cities = reference ? [] : cityTerms(terms);
    if (terms.length === 0) parts.push("1 = 0");
    else if (cities.length > 0) {
      const words = terms.filter((t) => !cities.some((c) => c.term === t));
      for (const { term, city } of cities) {
        if (sql.dialect === "sqlite")
          add(
            "e.rowid IN (SELECT rowid FROM enquiries WHERE city = ? UNION SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ?)",
            city,
            ftsQuery([term]),
          );
        else add("(e.city = ? OR e.search @@ to_tsquery('simple', ?))", city, tsQuery([term]));
      }
      if (words.length && sql.dialect === "sqlite")
        add("e.rowid IN (SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ?)", ftsQuery(words));
      else if (words.length) add("e.search @@ to_tsquery('simple', ?)", tsQuery(words));
    } else if (sql.dialect === "sqlite") {
      // A union of the two lookups, each by its own index (an OR would scan the table).
      const words = "SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ?";
      if (reference)
        add(`e.rowid IN (SELECT rowid FROM enquiries WHERE reference = ? UNION ${words})`, reference, ftsQuery(terms));
      else add(`e.rowid IN (${words})`, ftsQuery(terms));
    } else if (reference) add("(e.reference = ? OR e.search @@ to_tsquery('simple', ?))", reference, tsQuery(terms));
    else add("e.search @@ to_tsquery('simple', ?)", tsQuery(terms));
  }
  return { clause: parts.length ? `WHERE ${parts.join(" AND ")}` : "", values };
}

export async function listEnquiries(
  sql: Sql,
  filter: InboxFilter,
  {
    cursor,
    limit = 50,
    withMessage = false,
    withPreview = false,
  }: { cursor?: Cursor; limit?: number; withMessage?: boolean; withPreview?: boolean } = {},
): Promise<{ rows: InboxRow[]; more?: string }> {
  const { clause, values } = where(sql, filter, cursor ? 4 : 2);
  const after = cursor ? `${clause ? `${clause} AND` : "WHERE"} (e.received_at, e.id) < ($2, $3)` : clause;
  const rows = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.map((c) => `e.${c}`).join(", ")}${withMessage ? ", e.message" : ""}${withPreview ? `, ${PREVIEW}` : ""}
       FROM enquiries e ${after} ORDER BY e.received_at DESC, e.id DESC LIMIT $1`,
    [limit + 1, ...(cursor ? [cursor.at, cursor.id] : []), ...values],
  );
  return page(sql, rows, limit, encodeCursor);
}

/** A common word must not count the whole table. */
export async function countEnquiries(
  sql: Sql,
  filter: InboxFilter,
  cap = 1_000,
): Promise<{ n: number; more: boolean }> {
  const { clause, values } = where(sql, filter, 2);
  const [row] = await sql.all<Count>(
    `SELECT count(*) AS n FROM (SELECT 1 AS one FROM enquiries e ${clause} LIMIT $1) AS matched`,
    [cap + 1, ...values],
  );
  const n = whole(row?.n ?? null);
  return { n: Math.min(n, cap), more: n > cap };
}

export async function* everyEnquiry(sql: Sql, filter: InboxFilter, batch = 500): AsyncGenerator<InboxRow> {
  let cursor: Cursor | undefined;
  for (;;) {
    const page = await listEnquiries(sql, filter, { cursor, limit: batch, withMessage: true });
    const notes = await notesOf(
      sql,
      page.rows.map((r) => r.id),
    );
    for (const row of page.rows) yield { ...row, notes: notes.get(row.id) ?? [] };
    if (!page.more) return;
    cursor = decodeCursor(page.more);
  }
}

async function notesOf(q: Queryable, ids: string[]): Promise<Map<string, InboxNote[]>> {
  const byId = new Map<string, InboxNote[]>();
  if (ids.length === 0) return byId;
  const rows = await q.all<Pick<TableRow<"enquiry_events">, "enquiry_id" | "at" | "actor" | "note">>(
    `SELECT enquiry_id, at, actor, note FROM enquiry_events
      WHERE kind = 'note' AND enquiry_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) ORDER BY enquiry_id, id`,
    ids,
  );
  for (const row of rows) {
    const list = byId.get(row.enquiry_id) ?? [];
    list.push({ at: isoTime(row.at) ?? "", actor: row.actor, text: row.note ?? "" });
    byId.set(row.enquiry_id, list);
  }
  return byId;
}
