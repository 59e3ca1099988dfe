import { FIELD_KEYS, type EnquiryFields, type FieldKey } from "~/content/enquiry-fields";
import { CONFIRMATION_CHANNEL } from "./accepted-deliveries.server";
import { normalizeReference } from "./reference.server";
import { fieldsOfRow } from "./rows.server";
import type { Queryable, Sql } from "./sql.server";
import { indexedBy, isoTime, jsonValue } from "./sql.server";
import { foldForSearch } from "./search-fold";
import { CITIES, type CityId } from "~/content/cities";
import { CITY_NAMES } from "~/i18n/cities";
import { LOCALES } from "~/i18n/locale";
import type { EnquiryStore } from "./store.server";
import type { InboxFilter } from "./inbox-filter.server";
import { FOLLOW_UPS, NOTE_MAX, type FollowUp } from "./inbox-states";

export type DeliveryView = {
  channel: string;
  /** "sending" is a pending delivery with a call under way; "not-sent" a confirmation a limit
   * kept back (it has no row: app/store/accepted-deliveries.server.ts). */
  state: "pending" | "sending" | "delivered" | "failed" | "quarantined" | "not-sent";
  attempts: { at: string; outcome: string; status?: number; detail?: string }[];
  deliveredAt?: string;
  dueAt?: string;
  failure?: { reason: string; detail?: string; fix?: string };
};

/** An enquiry in the list: its fields (app/content/enquiry-fields.ts; the message only where
 * asked for), where it came from, its follow-up and its deliveries' states. */
export type InboxRow = Omit<EnquiryFields, "message"> & {
  id: string;
  reference: string;
  receivedAt: string;
  language: string;
  page?: string;
  followUp: FollowUp;
  deliveries: Pick<DeliveryView, "channel" | "state">[];
  message?: string;
  /** Why the contact form's rules caught it (app/enquiry/spam/), while it is in the Spam view. */
  spam?: string[];
  /** The team's notes, oldest first: read for the export only (everyEnquiry). */
  notes?: InboxNote[];
  /** The message's first characters (the desk's rows), where asked for. */
  preview?: string;
};

export type InboxNote = { at: string; actor: string; text: string };

type Row = Record<Exclude<FieldKey, "message">, string | null> & {
  id: string;
  reference: string | null;
  received_at: unknown;
  language: string | null;
  page: string | null;
  follow_up: string;
  follow_up_at?: unknown;
  message?: string | null;
  preview?: string | null;
  first_replied_at?: unknown;
  spam: string | null;
};

/** The columns of a row (the message apart: the list leaves it out unless asked). */
const ROW_COLUMNS = [
  "id",
  "reference",
  "received_at",
  ...FIELD_KEYS.filter((k) => k !== "message"),
  "language",
  "page",
  "follow_up",
  "spam",
];

/** A page of the list: where the next one starts (opaque to the browser). */
type Cursor = { at: string; id: string };

export const encodeCursor = (row: Pick<InboxRow, "receivedAt" | "id">) =>
  Buffer.from(JSON.stringify([row.receivedAt, row.id])).toString("base64url");

/** A cursor from a link, or undefined when it is not one (tampered, truncated): the first page. */
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

/** The words of a search as the full-text index takes them: letters, digits and a few signs
 * of addresses and phone numbers, each a prefix; the person's text never becomes query syntax. */
function searchTerms(q: string): string[] {
  return foldForSearch(q)
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}@.+_-]/gu, ""))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, 8);
}

/** The city (its id) each term names, in any language, by its first three letters or more:
 * "hvar", "beograd", "zrce" (folded as the search folds). */
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

/** SQLite FTS5: each term a quoted phrase (its tokens in order), the last letters a prefix. */
const ftsQuery = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(" AND ");
/** PostgreSQL: each term a quoted lexeme, a prefix. */
const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/['\\]/g, "")}':*`).join(" & ");

/** The WHERE clause of a filter (its values from `$${first}` on). */
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
  // The Spam view holds what was caught and what staff marked spam; the inbox, everything else.
  parts.push(
    isSpamView(filter) ? "(e.spam IS NOT NULL OR e.follow_up = 'spam')" : "e.spam IS NULL AND e.follow_up <> 'spam'",
  );
  if (filter.followUp) add("e.follow_up = ?", filter.followUp);
  if (filter.category) add("e.category = ?", filter.category);
  if (filter.language) add("e.language = ?", filter.language);
  if (filter.from) add("e.received_at >= ?", `${filter.from}T00:00:00.000Z`);
  if (filter.to)
    add("e.received_at < ?", new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000).toISOString());
  if (filter.delivery === "sending")
    parts.push("e.id IN (SELECT enquiry_id FROM deliveries WHERE state = 'pending' AND sending_since IS NOT NULL)");
  else if (filter.delivery) add("e.id IN (SELECT enquiry_id FROM deliveries WHERE state = ?)", filter.delivery);
  if (filter.q) {
    // A text that could be a reference ("Mark Dean" is eight letters of its alphabet) is looked
    // up as one and searched as words: either finds the enquiry.
    const reference = normalizeReference(filter.q);
    const terms = searchTerms(filter.q);
    // (A reference is letters and digits: it always gives words too.)
    const cities = reference ? [] : cityTerms(terms);
    if (terms.length === 0) parts.push("1 = 0");
    else if (cities.length > 0) {
      // A city's name finds the enquiries for that city (its detail) as well as the ones that
      // mention it; each such term is its own condition, the other words one match as below.
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

/** The Spam view: asked for, or the follow-up state "spam" chosen in the inbox's filter. */
export const isSpamView = (filter: InboxFilter) => filter.view === "spam" || filter.followUp === "spam";

const fieldsOf = (row: Row): Omit<EnquiryFields, "message"> => {
  const { message: _message, ...fields } = fieldsOfRow({ ...row, message: null });
  return fields;
};

const fromRow = (row: Row, deliveries: InboxRow["deliveries"]): InboxRow => ({
  id: String(row.id),
  reference: row.reference ?? "",
  receivedAt: isoTime(row.received_at) ?? "",
  ...fieldsOf(row),
  language: row.language ?? "en",
  page: row.page ?? undefined,
  followUp: (FOLLOW_UPS as readonly string[]).includes(row.follow_up) ? (row.follow_up as FollowUp) : "new",
  deliveries,
  ...(row.message !== undefined ? { message: row.message ?? "" } : {}),
  ...(row.spam ? { spam: row.spam.split(",") } : {}),
  ...(typeof row.preview === "string" ? { preview: row.preview } : {}),
});

async function deliveriesOf(q: Queryable, ids: string[]) {
  const byId = new Map<string, InboxRow["deliveries"]>();
  if (ids.length === 0) return byId;
  const rows = await q.all<{
    enquiry_id: string;
    channel: string;
    state: DeliveryView["state"];
    sending_since: unknown;
  }>(
    `SELECT enquiry_id, channel, state, sending_since FROM deliveries WHERE enquiry_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) ORDER BY channel`,
    ids,
  );
  for (const row of rows) {
    const list = byId.get(String(row.enquiry_id)) ?? [];
    list.push({ channel: row.channel, state: row.state === "pending" && row.sending_since ? "sending" : row.state });
    byId.set(String(row.enquiry_id), list);
  }
  for (const id of await notConfirmed(q, ids)) {
    const list = byId.get(id) ?? [];
    list.push({ channel: CONFIRMATION_CHANNEL, state: "not-sent" });
    byId.set(id, list);
  }
  return byId;
}

/** Which of these enquiries a confirmation limit kept from being confirmed. */
async function notConfirmed(q: Queryable, ids: string[]): Promise<string[]> {
  const rows = await q.all<{ id: string }>(
    `SELECT id FROM enquiries WHERE confirmation = 'limit' AND id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})`,
    ids,
  );
  return rows.map((row) => String(row.id));
}

/** A page of the inbox, newest first, after `cursor`; `more` is the next page's cursor. */
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

/** The first characters of the message, for a row of the list (read in the database: the
 * whole message never leaves it for a list). */
const PREVIEW = `substr(e.message, 1, ${160}) AS preview`;

/** How many enquiries a filter matches (a search's "N found"), counted up to `cap` (a common
 * word must not count the whole table): `{ n, more }`, `more` when there are more than `cap`. */
export async function countEnquiries(
  sql: Sql,
  filter: InboxFilter,
  cap = 1_000,
): Promise<{ n: number; more: boolean }> {
  const { clause, values } = where(sql, filter, 2);
  const [row] = await sql.all<{ n: unknown }>(
    `SELECT count(*) AS n FROM (SELECT 1 AS one FROM enquiries e ${clause} LIMIT $1) AS matched`,
    [cap + 1, ...values],
  );
  const n = Number(row?.n ?? 0);
  return { n: Math.min(n, cap), more: n > cap };
}

/** "Needs a reply": follow-up new, not caught as spam, OLDEST first (the longest wait at the
 * top), a page after `cursor` (the list's cursor, read the other way); by its own index
 * (enquiries_needs_reply, migration 10). */
export async function needsReply(
  sql: Sql,
  { cursor, limit = 50 }: { cursor?: Cursor; limit?: number } = {},
): Promise<{ rows: InboxRow[]; more?: string }> {
  const rows = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.map((c) => `e.${c}`).join(", ")}, ${PREVIEW}
       FROM enquiries e${indexedBy(sql, "enquiries_needs_reply")} WHERE e.follow_up = 'new' AND e.spam IS NULL${cursor ? " AND (e.received_at, e.id) > ($2, $3)" : ""}
       ORDER BY e.received_at, e.id LIMIT $1`,
    [limit + 1, ...(cursor ? [cursor.at, cursor.id] : [])],
  );
  return page(sql, rows, limit, encodeCursor);
}

/** An "Upcoming" page's cursor: the last row's day, time (as ordered) and id. */
type UpcomingCursor = { day: string; time: string; id: string };

const NO_TIME = "24:00";
const encodeUpcoming = (row: Pick<InboxRow, "event_date" | "event_time" | "id">) =>
  Buffer.from(JSON.stringify([row.event_date, row.event_time || NO_TIME, row.id])).toString("base64url");

/** An "Upcoming" cursor from a link, or undefined when it is not one (the first page). */
export function decodeUpcomingCursor(value: string | null | undefined): UpcomingCursor | undefined {
  if (!value || value.length > 200) return undefined;
  try {
    const [day, time, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (
      typeof day !== "string" ||
      !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
      typeof time !== "string" ||
      !/^\d{2}:\d{2}$/.test(time) ||
      typeof id !== "string" ||
      !ID.test(id)
    )
      return undefined;
    return { day, time, id };
  } catch {
    return undefined;
  }
}

/** "Upcoming": the enquiries with an event on `today` (a YYYY-MM-DD day, the team's) or later,
 * still open (new, replied, booked: not closed, not spam), by the event's day, then its time
 * (none given: after the day's others), then id; by its own index (enquiries_upcoming). */
export async function upcoming(
  sql: Sql,
  today: string,
  { cursor, limit = 50 }: { cursor?: UpcomingCursor; limit?: number } = {},
): Promise<{ rows: InboxRow[]; more?: string }> {
  const time = `coalesce(e.event_time, '${NO_TIME}')`;
  const rows = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.map((c) => `e.${c}`).join(", ")}, ${PREVIEW}
       FROM enquiries e${indexedBy(sql, "enquiries_upcoming")}
      WHERE e.event_date IS NOT NULL AND e.spam IS NULL AND e.follow_up IN ('new', 'replied', 'booked')
        AND e.event_date >= $2${cursor ? ` AND (e.event_date, ${time}, e.id) > ($3, $4, $5)` : ""}
      ORDER BY e.event_date, ${time}, e.id LIMIT $1`,
    [limit + 1, today, ...(cursor ? [cursor.day, cursor.time, cursor.id] : [])],
  );
  return page(sql, rows, limit, encodeUpcoming);
}

/** A page of rows with their deliveries, and the next page's cursor when there is one. */
async function page(sql: Sql, rows: Row[], limit: number, next: (last: InboxRow) => string) {
  const shown = rows.slice(0, limit);
  const deliveries = await deliveriesOf(
    sql,
    shown.map((r) => String(r.id)),
  );
  const result = shown.map((row) => fromRow(row, deliveries.get(String(row.id)) ?? []));
  return { rows: result, more: rows.length > limit ? next(result.at(-1)!) : undefined };
}

/** Every row of a filter with its message and notes, a batch at a time (constant memory, whatever
 * the count): the export. */
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

/** The notes of these enquiries, oldest first (one query, by the events' index). */
async function notesOf(q: Queryable, ids: string[]): Promise<Map<string, InboxNote[]>> {
  const byId = new Map<string, InboxNote[]>();
  if (ids.length === 0) return byId;
  const rows = await q.all<{ enquiry_id: string; at: unknown; actor: string; note: string | null }>(
    `SELECT enquiry_id, at, actor, note FROM enquiry_events
      WHERE kind = 'note' AND enquiry_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) ORDER BY enquiry_id, id`,
    ids,
  );
  for (const row of rows) {
    const list = byId.get(String(row.enquiry_id)) ?? [];
    list.push({ at: isoTime(row.at) ?? "", actor: row.actor, text: row.note ?? "" });
    byId.set(String(row.enquiry_id), list);
  }
  return byId;
}

/** How many enquiries wait for an answer (follow-up "new"; what was caught as spam apart), read
 * from its partial index alone (enquiries_needs_reply). `cap`: counted no further (the
 * navigation's badge on every staff page says "999+": its cost stays bounded however many wait). */
export async function waitingCount(sql: Sql, { cap }: { cap?: number } = {}): Promise<number> {
  const where = `FROM enquiries e${indexedBy(sql, "enquiries_needs_reply")} WHERE e.follow_up = 'new' AND e.spam IS NULL`;
  const [row] = await sql.all<{ n: unknown }>(
    cap === undefined
      ? `SELECT count(*) AS n ${where}`
      : `SELECT count(*) AS n FROM (SELECT 1 AS one ${where} LIMIT $1) AS waiting`,
    cap === undefined ? [] : [cap],
  );
  return Number(row?.n ?? 0);
}

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

export type InboxEvent = {
  at: string;
  actor: string;
  kind: "follow-up" | "note" | "retry";
  from?: string;
  to?: string;
  note?: string;
};

export type EnquiryView = InboxRow & {
  message: string;
  followUpAt?: string;
  /** When staff first answered (marked it replied, booked or closed from new, or used a reply
   * link); undefined until then. Set once, never moved. */
  firstRepliedAt?: string;
  deliveryDetails: DeliveryView[];
  events: InboxEvent[];
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One enquiry with every delivery's attempts and its history; undefined when there is none. */
export async function getEnquiry(sql: Queryable, id: string): Promise<EnquiryView | undefined> {
  if (!ID.test(id)) return undefined;
  const [row] = await sql.all<Row>(
    `SELECT ${ROW_COLUMNS.join(", ")}, follow_up_at, first_replied_at, message FROM enquiries e WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const deliveries = await sql.all<{
    channel: string;
    state: DeliveryView["state"];
    attempts: unknown;
    delivered_at: unknown;
    due_at: unknown;
    sending_since: unknown;
    failure: unknown;
  }>(
    "SELECT channel, state, attempts, delivered_at, due_at, sending_since, failure FROM deliveries WHERE enquiry_id = $1 ORDER BY channel",
    [id],
  );
  const details: DeliveryView[] = deliveries.map((d) => {
    const attempts = jsonValue(d.attempts);
    const failure = d.failure === null ? undefined : jsonValue(d.failure);
    return {
      channel: d.channel,
      state: d.state === "pending" && d.sending_since ? "sending" : d.state,
      attempts: Array.isArray(attempts) ? (attempts as DeliveryView["attempts"]).slice(-50) : [],
      deliveredAt: isoTime(d.delivered_at),
      dueAt: d.state === "pending" ? isoTime(d.due_at) : undefined,
      failure: failure && typeof failure === "object" ? (failure as DeliveryView["failure"]) : undefined,
    };
  });
  if ((await notConfirmed(sql, [id])).length)
    details.push({ channel: CONFIRMATION_CHANNEL, state: "not-sent", attempts: [] });
  const events = await sql.all<{
    at: unknown;
    actor: string;
    kind: InboxEvent["kind"];
    from_state: string | null;
    to_state: string | null;
    note: string | null;
  }>("SELECT at, actor, kind, from_state, to_state, note FROM enquiry_events WHERE enquiry_id = $1 ORDER BY id", [id]);
  return {
    ...fromRow(
      row,
      details.map(({ channel, state }) => ({ channel, state })),
    ),
    message: row.message ?? "",
    followUpAt: isoTime(row.follow_up_at),
    firstRepliedAt: isoTime(row.first_replied_at),
    deliveryDetails: details,
    events: events.map((e) => ({
      at: isoTime(e.at) ?? "",
      actor: e.actor,
      kind: e.kind,
      from: e.from_state ?? undefined,
      to: e.to_state ?? undefined,
      note: e.note ?? undefined,
    })),
  };
}

/** The follow-ups that answer a new enquiry: moving to one of them from "new" is its first reply. */
const ANSWERED: readonly FollowUp[] = ["replied", "booked", "closed"];

/** A new follow-up state, recorded with who and when; false when the enquiry is gone. From "new"
 * to replied, booked or closed, it is the first reply, unless one was recorded before. */
export async function setFollowUp(sql: Sql, id: string, state: FollowUp, actor: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all<{ follow_up: string }>("SELECT follow_up FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    if (row.follow_up === state) return true;
    const at = new Date().toISOString();
    await moveFollowUp(tx, id, at, actor, row.follow_up, state);
    if (row.follow_up === "new" && ANSWERED.includes(state)) await firstReply(tx, id, at);
    return true;
  });
}

/** Staff answered through a reply link (e-mail, WhatsApp, a call): the first reply's time, once
 * (never moved later), and a new enquiry moves to "replied" (in its history as any follow-up
 * change). false when the enquiry is gone. */
export async function recordReply(sql: Sql, id: string, actor: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all<{ follow_up: string }>("SELECT follow_up FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    const at = new Date().toISOString();
    await firstReply(tx, id, at);
    if (row.follow_up === "new") await moveFollowUp(tx, id, at, actor, "new", "replied");
    return true;
  });
}

/** An enquiry's follow-up moved from one state to another, and the move in its history. */
async function moveFollowUp(tx: Queryable, id: string, at: string, actor: string, from: string, to: FollowUp) {
  await tx.run("UPDATE enquiries SET follow_up = $2, follow_up_at = $3 WHERE id = $1", [id, to, at]);
  await followUpEvent(tx, id, at, actor, from, to);
}

/** A follow-up change in an enquiry's history, with who and when. */
const followUpEvent = (q: Queryable, id: string, at: string, actor: string, from: string, to: FollowUp) =>
  q.run(
    "INSERT INTO enquiry_events (enquiry_id, at, actor, kind, from_state, to_state) VALUES ($1, $2, $3, 'follow-up', $4, $5)",
    [id, at, actor, from, to],
  );

/** The first reply's time, once: never moved later. */
const firstReply = (tx: Queryable, id: string, at: string) =>
  tx.run("UPDATE enquiries SET first_replied_at = $2 WHERE id = $1 AND first_replied_at IS NULL", [id, at]);

/** A phone number as the index on it reads it (enquiries_phone_key, migration 10): without
 * spaces, dashes, plus, brackets, dots and slashes. */
const PHONE_KEY =
  "replace(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '')";
export const phoneKey = (phone: string) => phone.replace(/[ \-+()./]/g, "");

export type OtherEnquiry = { id: string; reference: string; receivedAt: string; followUp: FollowUp };

/** A person's other enquiries: the same e-mail (whatever its case) or the same phone number
 * (its digits as typed, six or more), newest first, up to `limit` (the page says "N or more");
 * what was caught as spam apart. Each by its index. */
export async function otherEnquiries(
  sql: Queryable,
  of: { id: string; email: string; phone: string },
  limit = 20,
): Promise<OtherEnquiry[]> {
  const key = phoneKey(of.phone);
  const byPhone = key.length >= 6 && /^\d+$/.test(key);
  const rows = await sql.all<{ id: string; reference: string | null; received_at: unknown; follow_up: string }>(
    `SELECT id, reference, received_at, follow_up FROM enquiries
      WHERE (lower(email) = lower($2)${byPhone ? ` OR ${PHONE_KEY} = $4` : ""}) AND id <> $3 AND spam IS NULL
      ORDER BY received_at DESC LIMIT $1`,
    [limit, of.email.trim(), of.id, ...(byPhone ? [key] : [])],
  );
  return rows.map((r) => ({
    id: String(r.id),
    reference: r.reference ?? "",
    receivedAt: isoTime(r.received_at) ?? "",
    followUp: (FOLLOW_UPS as readonly string[]).includes(r.follow_up) ? (r.follow_up as FollowUp) : "new",
  }));
}

/** A note for the team (trimmed, 1 to NOTE_MAX characters); false when refused or gone. */
export async function addNote(sql: Sql, id: string, body: string, actor: string): Promise<boolean> {
  const text = body.trim();
  if (!ID.test(id) || text.length === 0 || text.length > NOTE_MAX) return false;
  return sql.transaction(async (tx) => {
    const [row] = await tx.all("SELECT 1 AS present FROM enquiries WHERE id = $1", [id]);
    if (!row) return false;
    await tx.run("INSERT INTO enquiry_events (enquiry_id, at, actor, kind, note) VALUES ($1, $2, $3, 'note', $4)", [
      id,
      new Date().toISOString(),
      actor,
      text,
    ]);
    return true;
  });
}

/** A failed (or waiting) delivery back to the queue, due now: the outbox command's `retry`. */
export async function retryDelivery(store: EnquiryStore, id: string, channel: string, actor: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  const record = (await store.find(id)).find((r) => r.id === id && r.channel === channel);
  if (!record || (record.state !== "failed" && record.state !== "pending")) return false;
  await store.retry(record);
  await (
    await store.staffTables()
  ).run("INSERT INTO enquiry_events (enquiry_id, at, actor, kind, to_state) VALUES ($1, $2, $3, 'retry', $4)", [
    id,
    new Date().toISOString(),
    actor,
    channel,
  ]);
  return true;
}

/** Erases an enquiry: its row, and with it its deliveries, history and search entry; returns its
 * reference (for the audit log, which keeps nothing else of it), or undefined when it is gone. */
export async function eraseEnquiry(
  sql: Sql,
  id: string,
  { spamOnly = false }: { spamOnly?: boolean } = {},
): Promise<string | undefined> {
  if (!ID.test(id)) return undefined;
  // "Delete" in the Spam view erases only while it is there (not one released meanwhile).
  const [row] = await sql.all<{ reference: string | null }>(
    `DELETE FROM enquiries WHERE id = $1 ${spamOnly ? "AND (spam IS NOT NULL OR follow_up = 'spam')" : ""} RETURNING reference`,
    [id],
  );
  return row ? (row.reference ?? id) : undefined;
}

/** Every enquiry from one e-mail address (case as typed does not matter), newest first, whole. */
export async function enquiriesOf(sql: Sql, email: string): Promise<EnquiryView[]> {
  const rows = await sql.all<{ id: string }>(
    "SELECT id FROM enquiries WHERE lower(email) = lower($1) ORDER BY received_at DESC LIMIT 1000",
    [email.trim()],
  );
  const views: EnquiryView[] = [];
  for (const row of rows) {
    const view = await getEnquiry(sql, String(row.id));
    if (view) views.push(view);
  }
  return views;
}

/** What was set aside (an imported folder's unreadable files) that mentions an address: part of
 * "everything held about" a person, exported and erased with their enquiries. */
export async function setAsideMentioning(
  sql: Sql,
  email: string,
): Promise<{ ref: string; at: string; content: string }[]> {
  const contains =
    sql.dialect === "sqlite" ? "instr(lower(content), lower($1)) > 0" : "strpos(lower(content), lower($1)) > 0";
  const rows = await sql.all<{ ref: string; at: unknown; content: string | null }>(
    `SELECT ref, at, content FROM set_aside WHERE content IS NOT NULL AND ${contains} ORDER BY at LIMIT 1000`,
    [email.trim()],
  );
  return rows.map((r) => ({ ref: r.ref, at: isoTime(r.at) ?? "", content: r.content ?? "" }));
}

export const eraseSetAside = (sql: Sql, refs: string[]) =>
  refs.length
    ? sql.run(`DELETE FROM set_aside WHERE ref IN (${refs.map((_, i) => `$${i + 1}`).join(", ")})`, refs)
    : Promise.resolve(0);
