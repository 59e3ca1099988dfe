import { CATEGORIES, type Category } from "~/content/enquiry-fields";
import { LOCALES, type Locale } from "~/i18n/locale";
import { addDays, teamClock, teamInstant, teamMonday } from "~/utils/team-time";
import type { Sql } from "./sql.server";

/** The owner's overview (/staff): the last weeks' enquiries by service line and language, how many
 * were booked, the median time to the first reply, the pages they came from, this week against
 * the last. Weeks begin on Monday at 00:00 in the team's time zone (app/utils/team-time.ts); an
 * enquiry counts in the week it was received. What was caught as spam, or marked spam, never
 * counts. Four grouped queries over the received_at indexes, whatever the table's size. */

export const DASHBOARD_WEEKS = 12;
/** How many pages the "where from" chart names. */
export const TOP_PAGES = 8;

export type WeekFigures = {
  /** The week's Monday, the team's calendar: "2026-11-23". */
  monday: string;
  total: number;
  booked: number;
  byCategory: Record<Category, number>;
  byLanguage: Record<Locale, number>;
  /** Enquiries of the week that have had a first reply, and the median time it took (seconds). */
  replied: number;
  medianReplySeconds?: number;
};

export type Dashboard = {
  /** When it was counted (ISO). */
  now: string;
  /** Oldest first; the last is this week, so far. */
  weeks: WeekFigures[];
  total: number;
  booked: number;
  replied: number;
  medianReplySeconds?: number;
  /** Where the enquiries of these weeks were sent from, most first. */
  pages: { page: string; count: number }[];
  /** Last week up to the same weekday and time as now: this week's fair comparison. */
  lastWeekSoFar: { total: number; booked: number };
};

/** Excludes what the spam rules caught and what staff marked as spam. */
const COUNTED = "spam IS NULL AND follow_up <> 'spam'";

/** The week's index (0 the oldest) of `received_at`, from the Mondays' instants $2 … $12. */
const weekOf = (first: number) =>
  `CASE ${Array.from({ length: DASHBOARD_WEEKS - 1 }, (_, i) => `WHEN received_at < $${first + i} THEN ${i}`).join(" ")} ELSE ${DASHBOARD_WEEKS - 1} END`;

/** Seconds from receipt to the first reply, in each dialect. */
const replySeconds = (sql: Sql) =>
  sql.dialect === "postgres"
    ? "extract(epoch FROM first_replied_at - received_at)"
    : "(julianday(first_replied_at) - julianday(received_at)) * 86400.0";

const num = (value: unknown) => Number(value ?? 0);

/** The figures at `now` (the last DASHBOARD_WEEKS weeks, this one so far). */
export async function dashboard(sql: Sql, now = new Date()): Promise<Dashboard> {
  const thisMonday = teamMonday(now);
  const mondays = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => addDays(thisMonday, 7 * (i - DASHBOARD_WEEKS + 1)));
  // Each week's first instant, and the instant the next (this week's end) begins.
  const bounds = [...mondays, addDays(thisMonday, 7)].map((day) => teamInstant(day).toISOString());
  const from = bounds[0]!;
  const to = bounds[DASHBOARD_WEEKS]!;
  const inner = bounds.slice(1, DASHBOARD_WEEKS); // $3 … : the boundaries between weeks
  const clock = teamClock(now);
  const sameTimeLastWeek = teamInstant(addDays(clock.date, -7), clock.time).toISOString();

  const weeks: WeekFigures[] = mondays.map((monday) => ({
    monday,
    total: 0,
    booked: 0,
    byCategory: Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>,
    byLanguage: Object.fromEntries(LOCALES.map((l) => [l, 0])) as Record<Locale, number>,
    replied: 0,
  }));

  const counts = await sql.all<{ week: unknown; category: string; language: string; n: unknown; booked: unknown }>(
    `SELECT ${weekOf(3)} AS week, category, language, count(*) AS n,
            sum(CASE WHEN follow_up = 'booked' THEN 1 ELSE 0 END) AS booked
       FROM enquiries
      WHERE received_at >= $1 AND received_at < $2 AND ${COUNTED}
      GROUP BY 1, category, language`,
    [from, to, ...inner],
  );
  for (const row of counts) {
    const week = weeks[num(row.week)];
    if (!week) continue;
    const n = num(row.n);
    week.total += n;
    week.booked += num(row.booked);
    if (row.category in week.byCategory) week.byCategory[row.category as Category] += n;
    else week.byCategory.other += n;
    if (row.language in week.byLanguage) week.byLanguage[row.language as Locale] += n;
  }

  const medians = await replyMedians(sql, from, to, inner);
  for (const m of medians) {
    const week = m.week === DASHBOARD_WEEKS ? undefined : weeks[m.week];
    if (week) {
      week.replied = m.replied;
      week.medianReplySeconds = m.median;
    }
  }
  const overall = medians.find((m) => m.week === DASHBOARD_WEEKS);

  const pages = await sql.all<{ page: string | null; n: unknown }>(
    `SELECT page, count(*) AS n FROM enquiries
      WHERE received_at >= $1 AND received_at < $2 AND ${COUNTED}
      GROUP BY page ORDER BY n DESC, page LIMIT ${TOP_PAGES}`,
    [from, to],
  );

  const [before] = await sql.all<{ n: unknown; booked: unknown }>(
    `SELECT count(*) AS n, sum(CASE WHEN follow_up = 'booked' THEN 1 ELSE 0 END) AS booked FROM enquiries
      WHERE received_at >= $1 AND received_at < $2 AND ${COUNTED}`,
    [bounds[DASHBOARD_WEEKS - 2], sameTimeLastWeek],
  );

  return {
    now: now.toISOString(),
    weeks,
    total: weeks.reduce((s, w) => s + w.total, 0),
    booked: weeks.reduce((s, w) => s + w.booked, 0),
    replied: overall?.replied ?? 0,
    medianReplySeconds: overall?.median,
    pages: pages.map((p) => ({ page: p.page ?? "", count: num(p.n) })),
    lastWeekSoFar: { total: num(before?.n), booked: num(before?.booked) },
  };
}

/** Each week's median time to the first reply, and all the weeks' (as week DASHBOARD_WEEKS): the
 * middle of the times, the mean of the two middle ones for an even count. Both dialects have it
 * as an aggregate: PostgreSQL's percentile_cont(0.5), SQLite's median() (its percentile
 * functions, built into the SQLite better-sqlite3 ships). */
async function replyMedians(
  sql: Sql,
  from: string,
  to: string,
  inner: string[],
): Promise<{ week: number; replied: number; median: number }[]> {
  const median = sql.dialect === "postgres" ? "percentile_cont(0.5) WITHIN GROUP (ORDER BY s)" : "median(s)";
  const rows = await sql.all<{ week: unknown; n: unknown; median: unknown }>(
    `WITH replies AS MATERIALIZED (
       SELECT ${weekOf(3)} AS week, ${replySeconds(sql)} AS s
         FROM enquiries
        WHERE received_at >= $1 AND received_at < $2 AND first_replied_at IS NOT NULL AND ${COUNTED}
     )
     SELECT week, count(*) AS n, ${median} AS median FROM replies GROUP BY week
     UNION ALL
     SELECT ${DASHBOARD_WEEKS} AS week, count(*) AS n, ${median} AS median FROM replies HAVING count(*) > 0`,
    [from, to, ...inner],
  );
  return rows.map((r) => ({ week: num(r.week), replied: num(r.n), median: Math.max(0, Math.round(num(r.median))) }));
}

/** How long figures once counted are served again (per process and database): the overview is
 * read on a Friday afternoon, not watched, and counting 100,000 enquiries in the twelve weeks
 * takes longer than a page should (docs/performance.md, `npm run bench:inbox`). */
export const DASHBOARD_FRESH_MS = 60_000;
const recent = new WeakMap<Sql, { at: number; figures: Promise<Dashboard> }>();

/** The figures counted within the last DASHBOARD_FRESH_MS, or counted now (one count at a time
 * however many ask meanwhile). */
export function recentDashboard(sql: Sql, now = new Date()): Promise<Dashboard> {
  const kept = recent.get(sql);
  if (kept && now.getTime() - kept.at < DASHBOARD_FRESH_MS && now.getTime() >= kept.at) return kept.figures;
  const figures = dashboard(sql, now);
  recent.set(sql, { at: now.getTime(), figures });
  figures.catch(() => {
    if (recent.get(sql)?.figures === figures) recent.delete(sql);
  });
  return figures;
}
