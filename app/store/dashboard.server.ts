import { CATEGORIES, type Category } from "~/content/enquiry-fields";
import { LOCALES, type Locale } from "~/i18n/locale";
import { addDays, teamClock, teamInstant, teamMonday } from "~/utils/team-time";
import { whole, type Count, type TableRow } from "./schema.server";
import type { Sql } from "./sql.server";

/** Sums over the hourly tallies (migration 11); what was caught or marked as spam never counts. */

const DASHBOARD_WEEKS = 12;
const TOP_PAGES = 8;

export type WeekFigures = {
  monday: string;
  total: number;
  booked: number;
  byCategory: Record<Category, number>;
  byLanguage: Record<Locale, number>;
  replied: number;
  medianReplySeconds?: number;
};

export type Dashboard = {
  now: string;
  weeks: WeekFigures[];
  total: number;
  booked: number;
  replied: number;
  medianReplySeconds?: number;
  pages: { page: string; count: number }[];
  lastWeekSoFar: { total: number; booked: number };
};

const COUNTED = "spam IS NULL AND follow_up <> 'spam'";

const weekOf = (first: number, column = "received_at") =>
  `CASE ${Array.from({ length: DASHBOARD_WEEKS - 1 }, (_, i) => `WHEN ${column} < $${first + i} THEN ${i}`).join(" ")} ELSE ${DASHBOARD_WEEKS - 1} END`;

/** The team's weeks begin on whole UTC hours (Croatia's offsets are whole hours). */
const tallyHour = (sql: Sql, iso: string) =>
  sql.dialect === "postgres" ? `${iso.slice(0, 13).replace("T", " ")}:00:00` : iso.slice(0, 13);

type Figure = Count["n"];
type TallyRow = Pick<TableRow<"enquiry_tallies">, "category" | "language"> & {
  week: number;
  n: Figure;
  booked: Figure;
};
type Totals = { n: Figure; booked: Figure };

export async function dashboard(sql: Sql, now = new Date()): Promise<Dashboard> {
  const thisMonday = teamMonday(now);
  const mondays = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => addDays(thisMonday, 7 * (i - DASHBOARD_WEEKS + 1)));
  const bounds = [...mondays, addDays(thisMonday, 7)].map((day) => teamInstant(day).toISOString());
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

  const hours = bounds.map((b) => tallyHour(sql, b));
  const counts = await sql.all<TallyRow>(
    `SELECT ${weekOf(3, "hour")} AS week, category, language, sum(n) AS n, sum(booked) AS booked
       FROM enquiry_tallies
      WHERE hour >= $1 AND hour < $2
      GROUP BY 1, category, language`,
    [hours[0], hours[DASHBOARD_WEEKS], ...hours.slice(1, DASHBOARD_WEEKS)],
  );
  for (const row of counts) {
    const week = weeks[whole(row.week)];
    if (!week) continue;
    const n = whole(row.n);
    week.total += n;
    week.booked += whole(row.booked);
    if (row.category in week.byCategory) week.byCategory[row.category as Category] += n;
    else week.byCategory.other += n;
    if (row.language in week.byLanguage) week.byLanguage[row.language as Locale] += n;
  }

  const medians = await replyMedians(sql, bounds);
  for (const m of medians) {
    const week = m.week === DASHBOARD_WEEKS ? undefined : weeks[m.week];
    if (week) {
      week.replied = m.replied;
      week.medianReplySeconds = m.median;
    }
  }
  const overall = medians.find((m) => m.week === DASHBOARD_WEEKS);

  const pages = await sql.all<Pick<TableRow<"enquiry_tallies">, "page"> & Count>(
    `SELECT page, sum(n) AS n FROM enquiry_tallies
      WHERE hour >= $1 AND hour < $2
      GROUP BY page HAVING sum(n) > 0 ORDER BY 2 DESC, page LIMIT ${TOP_PAGES}`,
    [hours[0], hours[DASHBOARD_WEEKS]],
  );

  const hourStarted = `${sameTimeLastWeek.slice(0, 13)}:00:00.000Z`;
  const [wholeHours] = await sql.all<Totals>(
    `SELECT sum(n) AS n, sum(booked) AS booked FROM enquiry_tallies WHERE hour >= $1 AND hour < $2`,
    [hours[DASHBOARD_WEEKS - 2], tallyHour(sql, hourStarted)],
  );
  const [partHour] = await sql.all<Totals>(
    `SELECT count(*) AS n, sum(CASE WHEN follow_up = 'booked' THEN 1 ELSE 0 END) AS booked FROM enquiries
      WHERE received_at >= $1 AND received_at < $2 AND ${COUNTED}`,
    [hourStarted, sameTimeLastWeek],
  );

  return {
    now: now.toISOString(),
    weeks,
    total: weeks.reduce((s, w) => s + w.total, 0),
    booked: weeks.reduce((s, w) => s + w.booked, 0),
    replied: overall?.replied ?? 0,
    medianReplySeconds: overall?.median,
    pages: pages.map((p) => ({ page: p.page, count: whole(p.n) })),
    lastWeekSoFar: {
      total: whole(wholeHours?.n ?? null) + whole(partHour?.n ?? null),
      booked: whole(wholeHours?.booked ?? null) + whole(partHour?.booked ?? null),
    },
  };
}

/** A range of the one index a week (cheaper than grouping every reply by a computed week); weeks without a reply are left out. */
async function replyMedians(sql: Sql, bounds: string[]): Promise<{ week: number; replied: number; median: number }[]> {
  const counted = `received_at >= $1 AND received_at < $2 AND reply_seconds IS NOT NULL AND ${COUNTED}`;
  const figure = (week: number, n: Figure, median: number | null) => ({
    week,
    replied: whole(n),
    median: Math.max(0, Math.round(median ?? 0)),
  });
  const ranges = [
    ...Array.from({ length: DASHBOARD_WEEKS }, (_, week) => ({ week, from: bounds[week]!, to: bounds[week + 1]! })),
    { week: DASHBOARD_WEEKS, from: bounds[0]!, to: bounds[DASHBOARD_WEEKS]! },
  ];
  if (sql.dialect === "postgres") {
    const rows = await sql.all<{ week: number; n: Figure; median: number | null }>(
      `SELECT r.week, m.n, m.median
         FROM (VALUES ${ranges.map((_, i) => `(${i}, $${2 * i + 1}::timestamptz, $${2 * i + 2}::timestamptz)`).join(", ")})
              AS r (week, lo, hi)
        CROSS JOIN LATERAL (
          SELECT count(*) AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY reply_seconds) AS median
            FROM enquiries
           WHERE received_at >= r.lo AND received_at < r.hi AND reply_seconds IS NOT NULL AND ${COUNTED}
        ) m
        WHERE m.n > 0`,
      ranges.flatMap((r) => [r.from, r.to]),
    );
    return rows.map((r) => figure(r.week, r.n, r.median));
  }
  const figures = [];
  for (const { week, from, to } of ranges) {
    const [row] = await sql.all<{ n: Figure; median: number | null }>(
      `SELECT count(*) AS n, median(reply_seconds) AS median FROM enquiries INDEXED BY enquiries_replies WHERE ${counted}`,
      [from, to],
    );
    if (whole(row?.n ?? null) > 0) figures.push(figure(week, row!.n, row!.median));
  }
  return figures;
}
