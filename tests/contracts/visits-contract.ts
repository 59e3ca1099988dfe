// The visit counter over a real database: two counters on one database are two replicas (decision 0046).
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { expect, it } from "vitest";
import { createVisits } from "~/process/visits.server";
import type { Sql } from "~/store/sql.server";
import { visitsPartOf } from "~/store/visits.server";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const DAY = Date.parse("2026-06-01T10:00:00Z");

const pageView = (url: string, agent: string, address: string, headers: Record<string, string> = {}) =>
  ({
    method: "GET",
    url,
    headers: { "user-agent": agent, host: "example.hr", ...headers },
    socket: { remoteAddress: address },
  }) as unknown as IncomingMessage;

export function visitsContract(name: string, open: () => Promise<Sql>) {
  const replicas = (sql: Sql, clock: { at: number }, count = 2, maxSources?: number) =>
    Array.from({ length: count }, () =>
      createVisits({
        maxSources,
        store: visitsPartOf(sql, async () => {}),
        siteUrl: "https://example.hr",
        flushSeconds: 60,
        retentionDays: 730,
        beacon: false,
        now: () => clock.at,
      }),
    );
  const sources = (sql: Sql) =>
    sql.all<{
      day: string;
      channel: string;
      campaign: string;
      referrer: string;
      landing: string;
      v: number;
      c: number;
    }>(
      `SELECT day, channel, campaign, referrer, landing, visitors AS v, contact_visitors AS c FROM visit_sources
        ORDER BY channel`,
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it(`${name}: two replicas count one visitor once, by the first source of its day, into one total`, async () => {
    const sql = await open();
    const clock = { at: DAY };
    const [a, b] = replicas(sql, clock);
    a!.start();
    b!.start();
    await settle();
    a!.count(
      pageView("/?utm_source=instagram&utm_campaign=summer-vip", PHONE, "203.0.113.7", {
        referer: "https://l.instagram.com/",
      }),
      200,
    );
    a!.count(pageView("/hr", PHONE, "203.0.113.7"), 200);
    await a!.flush();
    // The same person's next page on the other replica: its own referrer is not a new source.
    b!.count(pageView("/contact", PHONE, "203.0.113.7", { referer: "https://www.google.com/" }), 200);
    b!.count(pageView("/contact", PHONE, "203.0.113.7"), 304);
    b!.count(pageView("/hr", DESKTOP, "198.51.100.2", { referer: "https://www.google.hr/" }), 200);
    b!.count(pageView("/hr", DESKTOP, "198.51.100.2"), 200);
    await Promise.all([a!.stop(), b!.stop()]);

    expect(await sources(sql)).toEqual([
      { day: "2026-06-01", channel: "google", campaign: "", referrer: "google.hr", landing: "/hr", v: 1, c: 0 },
      {
        day: "2026-06-01",
        channel: "instagram",
        campaign: "summer-vip",
        referrer: "l.instagram.com",
        landing: "/",
        v: 1,
        c: 1,
      },
    ]);
    const pages = await sql.all(
      `SELECT page, language, device, views, visitors FROM visit_pages ORDER BY page, language, device`,
    );
    expect(pages).toEqual([
      { page: "/", language: "en", device: "phone", views: 1, visitors: 1 },
      { page: "/", language: "hr", device: "desktop", views: 2, visitors: 1 },
      { page: "/", language: "hr", device: "phone", views: 1, visitors: 1 },
      { page: "/contact", language: "en", device: "phone", views: 2, visitors: 1 },
    ]);
    const funnel = await visitsPartOf(sql, async () => {}).funnel({
      from: "2026-06-01",
      to: "2026-06-01",
      by: "campaign",
    });
    expect(funnel).toEqual([
      { key: "", visitors: 1, contactVisitors: 0, enquiries: 0, replied: 0, booked: 0 },
      { key: "summer-vip", visitors: 1, contactVisitors: 1, enquiries: 0, replied: 0, booked: 0 },
    ]);
  });

  it(`${name}: an enquiry finds its visitor's first source on a replica that never saw the visit`, async () => {
    const sql = await open();
    const clock = { at: DAY };
    const [a, b] = replicas(sql, clock);
    a!.count(pageView("/?gclid=secret-click", DESKTOP, "203.0.113.9"), 200);
    await settle();
    a!.count(pageView("/?gclid=secret-click", DESKTOP, "203.0.113.9"), 200);
    await a!.flush();
    const post = (agent: string, address: string, headers: Record<string, string> = {}) =>
      b!.sourceOf(
        new Request("https://example.hr/contact", { method: "POST", headers: { "user-agent": agent, ...headers } }),
        address,
      );
    expect(await post(DESKTOP, "203.0.113.9")).toEqual({ channel: "google-ads", medium: "cpc", landing: "/" });
    expect(await post(DESKTOP, "203.0.113.10")).toBeUndefined();
    expect(await post(PHONE, "203.0.113.9")).toBeUndefined();
    expect(await post(DESKTOP, "203.0.113.9", { "sec-gpc": "1" })).toBeUndefined();
    expect(await post(DESKTOP, "203.0.113.9", { dnt: "1" })).toBeUndefined();
    expect(JSON.stringify(await sql.all(`SELECT * FROM visit_visitors`))).not.toContain("secret");
  });

  it(`${name}: a new salt each day, the last one and its visitors gone, the counts kept`, async () => {
    const sql = await open();
    const clock = { at: DAY };
    const [a, b] = replicas(sql, clock);
    const part = visitsPartOf(sql, async () => {});
    const first = await part.salt("2026-06-01");
    expect(await part.salt("2026-06-01")).toBe(first);
    a!.start();
    b!.start();
    // Each has its salt before the day turns: one still asking for yesterday's would write it back.
    await Promise.all(
      [a, b].map((r) =>
        r!.sourceOf(
          new Request("https://example.hr/contact", { method: "POST", headers: { "user-agent": PHONE } }),
          "203.0.113.250",
        ),
      ),
    );
    a!.count(pageView("/", PHONE, "203.0.113.7"), 200);
    await a!.flush();
    const [yesterday] = await sql.all<{ hash: string }>(`SELECT hash FROM visit_visitors`);
    expect(yesterday?.hash).toMatch(/^[\w-]{43}$/);

    clock.at = DAY + 86_400_000;
    a!.count(pageView("/", PHONE, "203.0.113.7"), 200);
    await settle();
    await a!.flush();
    const salts = await sql.all<{ day: string; salt: string }>(`SELECT day, salt FROM visit_salts`);
    expect(salts.map((s) => s.day)).toEqual(["2026-06-02"]);
    expect(salts[0]!.salt).not.toBe(first);
    const visitors = await sql.all<{ day: string; hash: string }>(`SELECT day, hash FROM visit_visitors`);
    expect(visitors).toHaveLength(1);
    expect(visitors[0]!.day).toBe("2026-06-02");
    expect(visitors[0]!.hash).not.toBe(yesterday!.hash);
    expect(await sql.all(`SELECT day FROM visit_visitor_pages WHERE day < '2026-06-02'`)).toEqual([]);
    expect(await sql.all(`SELECT day, visitors FROM visit_sources ORDER BY day`)).toEqual([
      { day: "2026-06-01", visitors: 1 },
      { day: "2026-06-02", visitors: 1 },
    ]);

    // The hourly chores on the other replica end a day no view asked past, and erase counts past their retention.
    clock.at = DAY + 731 * 86_400_000;
    await b!.chores();
    expect(await sql.all(`SELECT day FROM visit_salts`)).toEqual([]);
    expect(await sql.all(`SELECT day FROM visit_visitors`)).toEqual([]);
    expect(await sql.all(`SELECT day FROM visit_sources ORDER BY day`)).toEqual([{ day: "2026-06-02" }]);
    await Promise.all([a!.stop(), b!.stop()]);
  });

  it(`${name}: past a day's bound on distinct sources, a new one counts as "other"`, async () => {
    const sql = await open();
    const [a] = replicas(sql, { at: DAY }, 1, 3);
    for (let i = 0; i < 6; i++) a!.count(pageView(`/?utm_source=made-up-${i}`, PHONE, `203.0.113.${i}`), 200);
    a!.count(pageView("/?utm_source=made-up-1", PHONE, "203.0.113.99"), 200);
    await a!.flush();
    expect(await sql.all(`SELECT channel, visitors FROM visit_sources ORDER BY channel`)).toEqual([
      { channel: "made-up-0", visitors: 1 },
      { channel: "made-up-1", visitors: 2 },
      { channel: "made-up-2", visitors: 1 },
      { channel: "other", visitors: 3 },
    ]);
  });

  it(`${name}: the funnel joins enquiries by their source, spam left out`, async () => {
    const sql = await open();
    const part = visitsPartOf(sql, async () => {});
    await part.flush({
      day: "2026-06-01",
      views: new Map([["/\nen\nphone", 3]]),
      visitors: ["a", "b", "c"].map((hash, i) => ({
        hash,
        source: { channel: i ? "instagram" : "google", landing: "/", ...(i && { campaign: "summer-vip" }) },
        device: "phone" as const,
        paths: [{ path: "/", page: "/", language: "en" }],
        contact: i === 1,
      })),
    });
    const enquiry = (
      channel: string | null,
      followUp: string,
      at: string,
      extra: { spam?: string; replied?: string } = {},
    ) =>
      sql.run(
        `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, follow_up, spam, first_replied_at,
           source_channel, source_landing) VALUES ($1, $2, 'A', 'a@example.com', '', 'vip', 'Hello', $3, $4, $5, $6, $7)`,
        [randomUUID(), at, followUp, extra.spam ?? null, extra.replied ?? null, channel, channel && "/"],
      );
    await enquiry("instagram", "booked", "2026-06-01T12:00:00.000Z");
    await enquiry("instagram", "new", "2026-06-01T23:59:59.000Z", { replied: "2026-06-02T08:00:00.000Z" });
    await enquiry("instagram", "new", "2026-06-01T13:00:00.000Z", { spam: "honeypot" });
    await enquiry("instagram", "spam", "2026-06-01T13:00:00.000Z");
    await enquiry("instagram", "booked", "2026-06-02T00:00:00.000Z");
    await enquiry(null, "replied", "2026-06-01T09:00:00.000Z");
    expect(await part.funnel({ from: "2026-06-01", to: "2026-06-01", by: "channel" })).toEqual([
      { key: "instagram", visitors: 2, contactVisitors: 1, enquiries: 2, replied: 2, booked: 1 },
      { key: "google", visitors: 1, contactVisitors: 0, enquiries: 0, replied: 0, booked: 0 },
      { key: "", visitors: 0, contactVisitors: 0, enquiries: 1, replied: 1, booked: 0 },
    ]);
  });
}
