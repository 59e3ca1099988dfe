// Visits' daily counts, a day's salt and its visitors (decision 0046). Every write adds, so replicas flush into one total.
import { randomBytes } from "node:crypto";
import type { Device, FunnelQuery, FunnelRow, VisitSource } from "~/utils/visit-source";
import { prepared } from "./parts.server";
import { whole, type Count, type TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";

/** A visitor seen first in this batch (its first source) or again (its pages, whether it reached the contact page). */
type VisitorDay = {
  hash: string;
  source: VisitSource;
  device: Device;
  paths: { path: string; page: string; language: string }[];
  contact: boolean;
};

export type VisitBatch = {
  day: string;
  /** `page \n language \n device` → views. */
  views: Map<string, number>;
  visitors: VisitorDay[];
};

const SOURCE_KEY = ["channel", "medium", "campaign", "referrer", "landing"] as const;
const sourceValues = (s: VisitSource) => [s.channel, s.medium ?? "", s.campaign ?? "", s.referrer ?? "", s.landing];

type VisitorRow = Pick<TableRow<"visit_visitors">, (typeof SOURCE_KEY)[number]>;
const sourceOf = (row: VisitorRow): VisitSource => ({
  channel: row.channel,
  ...(row.medium && { medium: row.medium }),
  ...(row.campaign && { campaign: row.campaign }),
  ...(row.referrer && { referrer: row.referrer }),
  landing: row.landing,
});

async function addSource(tx: Queryable, day: string, source: VisitSource, visitors: number, contact: number) {
  await tx.run(
    `INSERT INTO visit_sources (day, channel, medium, campaign, referrer, landing, visitors, contact_visitors)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (day, channel, medium, campaign, referrer, landing) DO UPDATE SET
       visitors = visit_sources.visitors + excluded.visitors,
       contact_visitors = visit_sources.contact_visitors + excluded.contact_visitors`,
    [day, ...sourceValues(source), visitors, contact],
  );
}

/** A visitor already written (another replica, an earlier flush) keeps its first source; only what is new adds. */
async function addVisitor(tx: Queryable, day: string, v: VisitorDay, visitors: Map<string, number>) {
  const inserted = await tx.all<VisitorRow>(
    `INSERT INTO visit_visitors (day, hash, channel, medium, campaign, referrer, landing, contact)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (day, hash) DO NOTHING RETURNING channel`,
    [day, v.hash, ...sourceValues(v.source), v.contact],
  );
  if (inserted.length) await addSource(tx, day, v.source, 1, v.contact ? 1 : 0);
  else if (v.contact) {
    const first = await tx.all<VisitorRow>(
      `UPDATE visit_visitors SET contact = $3 WHERE day = $1 AND hash = $2 AND contact = $4
       RETURNING ${SOURCE_KEY.join(", ")}`,
      [day, v.hash, true, false],
    );
    if (first[0]) await addSource(tx, day, sourceOf(first[0]), 0, 1);
  }
  for (const p of v.paths) {
    const added = await tx.run(
      `INSERT INTO visit_visitor_pages (day, hash, path) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [day, v.hash, p.path],
    );
    if (added) {
      const key = `${p.page}\n${p.language}\n${v.device}`;
      visitors.set(key, (visitors.get(key) ?? 0) + 1);
    }
  }
}

async function flush(sql: Sql, batch: VisitBatch): Promise<void> {
  await sql.transaction(async (tx) => {
    const visitors = new Map<string, number>();
    for (const v of batch.visitors) await addVisitor(tx, batch.day, v, visitors);
    for (const key of new Set([...batch.views.keys(), ...visitors.keys()])) {
      const [page, language, device] = key.split("\n");
      await tx.run(
        `INSERT INTO visit_pages (day, page, language, device, views, visitors) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (day, page, language, device) DO UPDATE SET
           views = visit_pages.views + excluded.views, visitors = visit_pages.visitors + excluded.visitors`,
        [batch.day, page, language, device, batch.views.get(key) ?? 0, visitors.get(key) ?? 0],
      );
    }
  });
}

/** The day's salt, made by whichever replica asks first; every other day's salt and visitors deleted. */
async function saltOf(sql: Sql, day: string): Promise<string> {
  await endDaysBefore(sql, day);
  await sql.run(`INSERT INTO visit_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, [
    day,
    randomBytes(32).toString("base64url"),
  ]);
  const [row] = await sql.all<Pick<TableRow<"visit_salts">, "salt">>(`SELECT salt FROM visit_salts WHERE day = $1`, [
    day,
  ]);
  return row!.salt;
}

/** Counts are already in the daily tables (each flush adds): what identified a visitor goes with its day. */
async function endDaysBefore(sql: Sql, day: string): Promise<number> {
  return sql.transaction(async (tx) => {
    const salts = await tx.run(`DELETE FROM visit_salts WHERE day < $1`, [day]);
    await tx.run(`DELETE FROM visit_visitor_pages WHERE day < $1`, [day]);
    return salts + (await tx.run(`DELETE FROM visit_visitors WHERE day < $1`, [day]));
  });
}

async function firstSource(sql: Sql, day: string, hash: string): Promise<VisitSource | undefined> {
  const [row] = await sql.all<VisitorRow>(
    `SELECT ${SOURCE_KEY.join(", ")} FROM visit_visitors WHERE day = $1 AND hash = $2`,
    [day, hash],
  );
  return row && sourceOf(row);
}

async function eraseCountsBefore(sql: Sql, day: string): Promise<number> {
  return sql.transaction(
    async (tx) =>
      (await tx.run(`DELETE FROM visit_pages WHERE day < $1`, [day])) +
      (await tx.run(`DELETE FROM visit_sources WHERE day < $1`, [day])),
  );
}

async function funnel(sql: Sql, { from, to, by }: FunnelQuery): Promise<FunnelRow[]> {
  const column = by === "channel" ? "channel" : "campaign";
  const visits = await sql.all<{ key: string; visitors: Count["n"]; contact: Count["n"] }>(
    `SELECT ${column} AS key, sum(visitors) AS visitors, sum(contact_visitors) AS contact FROM visit_sources
      WHERE day >= $1 AND day <= $2 GROUP BY ${column}`,
    [from, to],
  );
  const enquiries = await sql.all<{ key: string; n: Count["n"]; replied: Count["n"]; booked: Count["n"] }>(
    `SELECT ${column} AS key, sum(n) AS n, sum(replied) AS replied, sum(booked) AS booked FROM enquiry_source_tallies
      WHERE day >= $1 AND day <= $2 GROUP BY ${column} HAVING sum(n) > 0`,
    [from, to],
  );
  const rows = new Map<string, FunnelRow>();
  const row = (key: string) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, visitors: 0, contactVisitors: 0, enquiries: 0, replied: 0, booked: 0 }));
    return r;
  };
  for (const v of visits) Object.assign(row(v.key), { visitors: whole(v.visitors), contactVisitors: whole(v.contact) });
  for (const e of enquiries)
    Object.assign(row(e.key), { enquiries: whole(e.n), replied: whole(e.replied), booked: whole(e.booked) });
  return [...rows.values()].sort(
    (a, b) => b.visitors - a.visitors || b.enquiries - a.enquiries || (a.key < b.key ? -1 : 1),
  );
}

/** The visits' tables: counts added by each flush, the day's salt and visitors, the funnel's read. */
export const visitsPartOf = (sql: Sql, prepare: () => Promise<void>) =>
  prepared(
    {
      flush: (batch: VisitBatch) => flush(sql, batch),
      salt: (day: string) => saltOf(sql, day),
      firstSource: (day: string, hash: string) => firstSource(sql, day, hash),
      endDaysBefore: (day: string) => endDaysBefore(sql, day),
      eraseCountsBefore: (day: string) => eraseCountsBefore(sql, day),
      funnel: (query: FunnelQuery) => funnel(sql, query),
    },
    prepare,
  );

export type VisitsPart = ReturnType<typeof visitsPartOf>;
