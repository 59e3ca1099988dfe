import { expect, it } from "vitest";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";

/** Friday 27 November 2026, 15:00 in Split (winter time, UTC+1). */
const NOW = new Date("2026-11-27T14:00:00.000Z");

type Seed = {
  at: string;
  category: string;
  language: "en" | "hr";
  page: string | null;
  followUp?: "new" | "replied" | "booked" | "closed" | "spam";
  spam?: string;
  reply?: number;
};

const VIP = "VIP Nightclub experience";
const EVENT = "Event organization";
const CONCIERGE = "Concierge services";

const ROWS: Seed[] = [
  // This week (from Monday 23 Nov, 00:00 in Split = 22 Nov, 23:00 UTC).
  { at: "2026-11-22T23:00:00.000Z", category: VIP, language: "en", page: "/contact", followUp: "booked", reply: 10 },
  { at: "2026-11-24T09:00:00.000Z", category: VIP, language: "en", page: "/contact", followUp: "replied", reply: 50 },
  {
    at: "2026-11-25T10:00:00.000Z",
    category: CONCIERGE,
    language: "hr",
    page: "/hr/kontakt",
    followUp: "booked",
    reply: 30,
  },
  { at: "2026-11-26T18:00:00.000Z", category: "other", language: "hr", page: "/hr/kontakt" },
  // Spam, caught or marked, never counts: not in a week, a median or the pages.
  { at: "2026-11-25T11:00:00.000Z", category: VIP, language: "en", page: "/spam-page", spam: "links", reply: 1 },
  { at: "2026-11-25T12:00:00.000Z", category: EVENT, language: "en", page: "/spam-page", followUp: "spam", reply: 1 },
  // Last week: Sunday 22 Nov, 23:59:59.999 in Split (in UTC it is Sunday 22:59, and this week by UTC's calendar).
  { at: "2026-11-22T22:59:59.999Z", category: EVENT, language: "en", page: "/contact", followUp: "booked", reply: 60 },
  { at: "2026-11-16T08:00:00.000Z", category: EVENT, language: "hr", page: "/contact", followUp: "replied", reply: 20 },
  // Friday 20 Nov at 14:59 and at 15:01 in Split: before and after "last week by this time".
  { at: "2026-11-20T13:59:00.000Z", category: CONCIERGE, language: "en", page: null, followUp: "booked" },
  { at: "2026-11-20T14:01:00.000Z", category: "other", language: "en", page: "/contact" },
  // Summer time (UTC+2): Monday 19 Oct begins at 18 Oct, 22:00 UTC.
  { at: "2026-10-18T22:00:00.000Z", category: VIP, language: "en", page: "/contact" },
  { at: "2026-10-18T21:59:59.999Z", category: VIP, language: "hr", page: "/contact", followUp: "closed" },
  // The first of the twelve weeks begins on Monday 7 Sep, 00:00 in Split (6 Sep, 22:00 UTC).
  { at: "2026-09-06T21:59:59.999Z", category: VIP, language: "en", page: "/before", followUp: "booked", reply: 5 },
  {
    at: "2026-09-06T22:00:00.000Z",
    category: CONCIERGE,
    language: "en",
    page: "/contact",
    followUp: "booked",
    reply: 120,
  },
];

const MONDAYS = [
  "2026-09-07",
  "2026-09-14",
  "2026-09-21",
  "2026-09-28",
  "2026-10-05",
  "2026-10-12",
  "2026-10-19",
  "2026-10-26",
  "2026-11-02",
  "2026-11-09",
  "2026-11-16",
  "2026-11-23",
];

let n = 0;

async function seed(store: EnquiryStore, rows: Seed[]) {
  await store.sql.transaction(async (tx) => {
    for (const row of rows) {
      n++;
      const replied = row.reply === undefined ? null : new Date(Date.parse(row.at) + row.reply * 60_000).toISOString();
      await tx.run(
        `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, language, page, reference, follow_up, spam, first_replied_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          crypto.randomUUID(),
          row.at,
          `Visitor ${n}`,
          `visitor${n}@example.com`,
          "+385 91 000 0000",
          row.category,
          "A table, please",
          row.language,
          row.page,
          `TEST-${String(n).padStart(4, "0")}`,
          row.followUp ?? "new",
          row.spam ?? null,
          replied,
        ],
      );
    }
  });
}

const zero = { other: 0, [VIP]: 0, [EVENT]: 0, [CONCIERGE]: 0 };

export function dashboardContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: the dashboard counts each week (Monday in Split, summer time too), service, language, booked, reply medians and pages; spam never`, async () => {
    const store = await open();
    await seed(store, ROWS);
    const d = await store.inbox.dashboard(NOW);
    expect(d.weeks.map((w) => w.monday)).toEqual(MONDAYS);

    const week = (monday: string) => d.weeks.find((w) => w.monday === monday)!;
    expect(week("2026-11-23")).toEqual({
      monday: "2026-11-23",
      total: 4,
      booked: 2,
      byCategory: { ...zero, [VIP]: 2, [CONCIERGE]: 1, other: 1 },
      byLanguage: { en: 2, hr: 2 },
      replied: 3,
      medianReplySeconds: 30 * 60, // 10, 30, 50: the middle one
    });
    expect(week("2026-11-16")).toEqual({
      monday: "2026-11-16",
      total: 4,
      booked: 2,
      byCategory: { ...zero, [EVENT]: 2, [CONCIERGE]: 1, other: 1 },
      byLanguage: { en: 3, hr: 1 },
      replied: 2,
      medianReplySeconds: 40 * 60, // 20 and 60: their mean
    });
    expect(week("2026-10-19")).toMatchObject({
      total: 1,
      byCategory: { ...zero, [VIP]: 1 },
      byLanguage: { en: 1, hr: 0 },
    });
    expect(week("2026-10-12")).toMatchObject({
      total: 1,
      byCategory: { ...zero, [VIP]: 1 },
      byLanguage: { en: 0, hr: 1 },
    });
    expect(week("2026-09-07")).toMatchObject({ total: 1, booked: 1, replied: 1, medianReplySeconds: 2 * 3600 });
    for (const monday of [
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
      "2026-10-05",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
    ]) {
      expect(week(monday)).toMatchObject({ total: 0, booked: 0, replied: 0 });
      expect(week(monday).medianReplySeconds).toBeUndefined();
    }

    expect(d.total).toBe(11);
    expect(d.booked).toBe(5);
    // 10, 20, 30, 50, 60, 120 minutes: the mean of 30 and 50.
    expect(d.replied).toBe(6);
    expect(d.medianReplySeconds).toBe(40 * 60);
    expect(d.pages).toEqual([
      { page: "/contact", count: 8 },
      { page: "/hr/kontakt", count: 2 },
      { page: "", count: 1 },
    ]);
    expect(d.lastWeekSoFar).toEqual({ total: 2, booked: 1 });
  });

  it(`${name}: the counts follow every change (booked later, marked spam, released, erased); last week's hour under way to the minute`, async () => {
    const store = await open();
    const now = new Date("2026-11-27T14:30:00.000Z"); // Friday 15:30 in Split
    await seed(store, [
      { at: "2026-11-24T09:00:00.000Z", category: VIP, language: "en", page: "/contact" },
      { at: "2026-11-24T09:10:00.000Z", category: VIP, language: "en", page: "/contact" },
      { at: "2026-11-24T09:20:00.000Z", category: VIP, language: "en", page: "/contact", spam: "links" },
      { at: "2026-11-24T09:30:00.000Z", category: EVENT, language: "hr", page: "/hr/kontakt" },
      // Last week: Friday 15:10 and 15:40 in Split, either side of "by this time".
      { at: "2026-11-20T14:10:00.000Z", category: EVENT, language: "hr", page: "/contact", followUp: "booked" },
      { at: "2026-11-20T14:40:00.000Z", category: EVENT, language: "hr", page: "/contact", followUp: "booked" },
    ]);
    const at = (time: string) => `2026-11-24T${time}:00.000Z`;
    const change = (sql: string, time: string) => store.sql.run(sql, [at(time)]);
    const thisWeek = async () => (await store.inbox.dashboard(now)).weeks.at(-1)!;
    expect(await thisWeek()).toMatchObject({ total: 3, booked: 0, byCategory: { ...zero, [VIP]: 2, [EVENT]: 1 } });
    expect((await store.inbox.dashboard(now)).lastWeekSoFar).toEqual({ total: 1, booked: 1 });

    await change("UPDATE enquiries SET follow_up = 'booked' WHERE received_at = $1", "09:00");
    expect(await thisWeek()).toMatchObject({ total: 3, booked: 1 });
    await change("UPDATE enquiries SET follow_up = 'spam' WHERE received_at = $1", "09:10");
    expect(await thisWeek()).toMatchObject({ total: 2, booked: 1, byCategory: { ...zero, [VIP]: 1, [EVENT]: 1 } });
    await change("UPDATE enquiries SET spam = NULL WHERE received_at = $1", "09:20");
    expect(await thisWeek()).toMatchObject({ total: 3, byCategory: { ...zero, [VIP]: 2, [EVENT]: 1 } });
    await change("UPDATE enquiries SET follow_up = 'closed' WHERE received_at = $1", "09:00");
    expect(await thisWeek()).toMatchObject({ total: 3, booked: 0 });
    await change("DELETE FROM enquiries WHERE received_at = $1", "09:30");
    const d = await store.inbox.dashboard(now);
    expect(d.weeks.at(-1)).toMatchObject({
      total: 2,
      booked: 0,
      byCategory: { ...zero, [VIP]: 2 },
      byLanguage: { en: 2, hr: 0 },
    });
    expect(d.pages).toEqual([{ page: "/contact", count: 4 }]);
    const [tallied] = await store.sql.all<{ n: unknown }>("SELECT sum(n) AS n FROM enquiry_tallies", []);
    const [counted] = await store.sql.all<{ n: unknown }>(
      "SELECT count(*) AS n FROM enquiries WHERE spam IS NULL AND follow_up <> 'spam'",
      [],
    );
    expect(Number(tallied!.n)).toBe(Number(counted!.n));
  });

  it(`${name}: an empty database gives twelve empty weeks, no median and no pages`, async () => {
    const store = await open();
    const d = await store.inbox.dashboard(NOW);
    expect(d.weeks).toHaveLength(12);
    expect(d.weeks.every((w) => w.total === 0 && w.medianReplySeconds === undefined)).toBe(true);
    expect(d).toMatchObject({ total: 0, booked: 0, replied: 0, pages: [], lastWeekSoFar: { total: 0, booked: 0 } });
    expect(d.medianReplySeconds).toBeUndefined();
  });

  it(`${name}: in summer the week begins at 22:00 UTC on Sunday; a week that ends with the clocks going back has 169 hours`, async () => {
    const store = await open();
    // Wednesday 28 Oct 2026 (winter time since Sunday 25 Oct, 03:00 → 02:00).
    const now = new Date("2026-10-28T12:00:00.000Z");
    await seed(store, [
      { at: "2026-10-25T22:59:59.000Z", category: VIP, language: "en", page: "/contact" }, // Sun 25 Oct 23:59 CET
      { at: "2026-10-25T23:00:00.000Z", category: VIP, language: "en", page: "/contact" }, // Mon 26 Oct 00:00 CET
      { at: "2026-10-18T21:59:00.000Z", category: VIP, language: "en", page: "/contact" }, // Sun 18 Oct 23:59 CEST
      { at: "2026-10-18T22:00:00.000Z", category: VIP, language: "en", page: "/contact" }, // Mon 19 Oct 00:00 CEST
    ]);
    const d = await store.inbox.dashboard(now);
    expect(d.weeks.at(-1)).toMatchObject({ monday: "2026-10-26", total: 1 });
    expect(d.weeks.at(-2)).toMatchObject({ monday: "2026-10-19", total: 2 });
    expect(d.weeks.at(-3)).toMatchObject({ monday: "2026-10-12", total: 1 });
  });
}
