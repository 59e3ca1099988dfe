import { expect, it } from "vitest";
import { parseInboxFilter } from "~/store/inbox-filter.server";
import { migrate } from "~/store/migrate.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";

type Visits = { day: string; channel: string; campaign?: string; landing?: string; visitors: number; contact: number };
type Lead = {
  at: string;
  channel?: string;
  campaign?: string;
  followUp?: "new" | "replied" | "booked" | "spam";
  spam?: string;
  replied?: boolean;
};

let n = 0;

async function seed(store: EnquiryStore, visits: Visits[], leads: Lead[]) {
  await store.sql.transaction(async (tx) => {
    for (const v of visits)
      await tx.run(
        `INSERT INTO visit_sources (day, channel, medium, campaign, referrer, landing, visitors, contact_visitors)
         VALUES ($1, $2, '', $3, '', $4, $5, $6)`,
        [v.day, v.channel, v.campaign ?? "", v.landing ?? "/", v.visitors, v.contact],
      );
    for (const l of leads) {
      n++;
      await tx.run(
        `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, language, page, reference,
           follow_up, spam, first_replied_at, source_channel, source_campaign, source_landing)
         VALUES ($1, $2, $3, $4, $5, 'other', 'A table', 'en', '/contact', $6, $7, $8, $9, $10, $11, $12)`,
        [
          crypto.randomUUID(),
          l.at,
          `Visitor ${n}`,
          `v${n}@example.com`,
          "+385 91 000 0000",
          `FUNNEL-${String(n).padStart(4, "0")}`,
          l.followUp ?? "new",
          l.spam ?? null,
          l.replied ? new Date(Date.parse(l.at) + 600_000).toISOString() : null,
          l.channel ?? null,
          l.campaign ?? null,
          l.channel ? "/hr" : null,
        ],
      );
    }
  });
}

async function expectTallies(
  store: EnquiryStore,
  counted: Map<string, { n: number; replied: number; booked: number }>,
) {
  const tallied = await store.sql.all<{
    day: string;
    channel: string;
    campaign: string;
    n: unknown;
    replied: unknown;
    booked: unknown;
  }>("SELECT day, channel, campaign, n, replied, booked FROM enquiry_source_tallies", []);
  expect(tallied.filter((t) => Number(t.n) === 0).every((t) => Number(t.replied) + Number(t.booked) === 0)).toBe(true);
  expect(
    new Map(
      tallied
        .filter((t) => Number(t.n) > 0)
        .map((t) => [
          `${t.day} ${t.channel} ${t.campaign}`,
          { n: Number(t.n), replied: Number(t.replied), booked: Number(t.booked) },
        ]),
    ),
  ).toEqual(counted);
}

/** The overview's funnel as the dashboard reads it: the store's `visits.funnel`, on each database. */
export function funnelContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: the funnel sums the days asked for (both ends in), by source and by campaign; spam never counts`, async () => {
    const store = await open();
    await seed(
      store,
      [
        { day: "2026-11-01", channel: "instagram", campaign: "summer-vip", visitors: 10, contact: 4 },
        { day: "2026-11-01", channel: "instagram", campaign: "summer-vip", landing: "/hr", visitors: 2, contact: 1 },
        { day: "2026-11-30", channel: "instagram", visitors: 5, contact: 1 },
        { day: "2026-11-15", channel: "google", visitors: 7, contact: 2 },
        { day: "2026-11-15", channel: "direct", visitors: 3, contact: 0 },
        { day: "2026-10-31", channel: "instagram", campaign: "summer-vip", visitors: 100, contact: 50 },
        { day: "2026-12-01", channel: "google", visitors: 100, contact: 50 },
      ],
      [
        {
          at: "2026-11-01T00:00:00.000Z",
          channel: "instagram",
          campaign: "summer-vip",
          followUp: "booked",
          replied: true,
        },
        { at: "2026-11-02T10:00:00.000Z", channel: "instagram", campaign: "summer-vip", replied: true },
        { at: "2026-11-30T23:59:59.999Z", channel: "instagram", followUp: "replied" },
        { at: "2026-11-16T10:00:00.000Z", channel: "google" },
        { at: "2026-11-17T10:00:00.000Z" },
        { at: "2026-11-05T10:00:00.000Z", channel: "instagram", campaign: "summer-vip", spam: "links" },
        { at: "2026-11-05T11:00:00.000Z", channel: "google", followUp: "spam" },
        { at: "2026-10-31T23:59:59.999Z", channel: "instagram", campaign: "summer-vip", followUp: "booked" },
        { at: "2026-12-01T00:00:00.000Z", channel: "google", followUp: "booked" },
      ],
    );
    const period = { from: "2026-11-01", to: "2026-11-30" };
    const row = (
      key: string,
      visitors: number,
      contactVisitors: number,
      e: number,
      replied: number,
      booked: number,
    ) => ({
      key,
      visitors,
      contactVisitors,
      enquiries: e,
      replied,
      booked,
    });
    expect(await store.visits.funnel({ ...period, by: "channel" })).toEqual([
      row("instagram", 17, 6, 3, 3, 1),
      row("google", 7, 2, 1, 0, 0),
      row("direct", 3, 0, 0, 0, 0),
      row("", 0, 0, 1, 0, 0),
    ]);
    expect(await store.visits.funnel({ ...period, by: "campaign" })).toEqual([
      row("", 15, 3, 3, 1, 0),
      row("summer-vip", 12, 5, 2, 2, 1),
    ]);
    expect(await store.visits.funnel({ from: "2026-11-02", to: "2026-11-02", by: "channel" })).toEqual([
      row("instagram", 0, 0, 1, 1, 0),
    ]);
  });

  it(`${name}: after a random series of changes, and after migrating rows already there, the funnel's tallies equal a direct count`, async () => {
    const store = await open();
    let seed32 = 58;
    const random = (k: number) => {
      seed32 = (Math.imul(seed32, 1_103_515_245) + 12_345) >>> 0;
      return (seed32 >>> 8) % k;
    };
    const pick = <T>(values: readonly T[]) => values[random(values.length)]!;
    const channels = ["instagram", "google", null] as const;
    const states = ["new", "replied", "booked", "closed", "spam"] as const;
    const leads = Array.from({ length: 40 }, (_, i): Lead => {
      const channel = pick(channels) ?? undefined;
      return {
        at: `2026-11-0${1 + random(3)}T${pick(["00:00:00.000", "12:30:00.000", "23:59:59.999"])}Z`,
        channel,
        campaign: channel && random(2) ? `c${i % 2}` : undefined,
        followUp: pick(states) === "spam" ? "spam" : "new",
        spam: random(5) ? undefined : "links",
      };
    });
    await seed(store, [], leads);
    const ids = async () =>
      (await store.sql.all<{ id: string }>("SELECT id FROM enquiries ORDER BY id", [])).map((r) => r.id);
    for (let step = 0; step < 150; step++) {
      const id = pick(await ids());
      const change = random(6);
      if (change === 0) await store.sql.run("UPDATE enquiries SET follow_up = $2 WHERE id = $1", [id, pick(states)]);
      if (change === 1)
        await store.sql.run("UPDATE enquiries SET spam = $2 WHERE id = $1", [id, random(2) ? "links" : null]);
      if (change === 2)
        await store.sql.run("UPDATE enquiries SET first_replied_at = $2 WHERE id = $1 AND first_replied_at IS NULL", [
          id,
          "2026-11-05T10:00:00.000Z",
        ]);
      if (change === 3)
        await store.sql.run("UPDATE enquiries SET source_channel = $2, source_campaign = $3 WHERE id = $1", [
          id,
          pick(channels),
          pick(["c0", "c1", null]),
        ]);
      if (change === 4) await store.sql.run("DELETE FROM enquiries WHERE id = $1", [id]);
      if (change === 5) await seed(store, [], [pick(leads)]);
    }
    const counted = new Map<string, { n: number; replied: number; booked: number }>();
    const rows = await store.sql.all<{
      received_at: string | Date;
      source_channel: string | null;
      source_campaign: string | null;
      follow_up: string;
      spam: string | null;
      first_replied_at: unknown;
    }>("SELECT received_at, source_channel, source_campaign, follow_up, spam, first_replied_at FROM enquiries", []);
    for (const r of rows) {
      if (r.spam !== null || r.follow_up === "spam") continue;
      const day = new Date(r.received_at).toISOString().slice(0, 10);
      const key = `${day} ${r.source_channel ?? ""} ${r.source_campaign ?? ""}`;
      const c = counted.get(key) ?? { n: 0, replied: 0, booked: 0 };
      c.n++;
      if (r.first_replied_at !== null || r.follow_up === "replied" || r.follow_up === "booked") c.replied++;
      if (r.follow_up === "booked") c.booked++;
      counted.set(key, c);
    }
    await expectTallies(store, counted);
    expect(counted.size).toBeGreaterThan(5);
    const direct = [...counted.values()].reduce((sum, c) => sum + c.n, 0);
    const funnel = await store.visits.funnel({ from: "2026-11-01", to: "2026-11-03", by: "channel" });
    expect(funnel.reduce((sum, r) => sum + r.enquiries, 0)).toBe(direct);
    // Back to version 21: the same rows, no tallies; migrating again must count them all.
    const postgres = store.sql.dialect === "postgres";
    await store.sql.transaction(async (tx) => {
      const undo = postgres
        ? ["DROP TRIGGER enquiry_source_tallies ON enquiries", "DROP FUNCTION enquiry_source_tallies_change()"]
        : ["insert", "update", "delete"].map((t) => `DROP TRIGGER enquiry_source_tallies_${t}`);
      for (const statement of [...undo, "DROP TABLE enquiry_source_tallies", "DROP INDEX visit_sources_funnel"])
        await tx.run(statement);
      await tx.run("DELETE FROM enquiry_schema_versions WHERE version = 22");
    });
    expect(await migrate(store.sql)).toEqual([22]);
    await expectTallies(store, counted);
  });

  it(`${name}: the inbox shows each enquiry's source, and narrows the list by source and campaign (spam apart)`, async () => {
    const store = await open();
    await seed(
      store,
      [],
      [
        { at: "2026-11-01T10:00:00.000Z", channel: "instagram", campaign: "summer-vip" },
        { at: "2026-11-02T10:00:00.000Z", channel: "instagram" },
        { at: "2026-11-03T10:00:00.000Z", channel: "google" },
        { at: "2026-11-04T10:00:00.000Z" },
        { at: "2026-11-05T10:00:00.000Z", channel: "instagram", campaign: "summer-vip", spam: "links" },
      ],
    );
    const list = async (query: string) =>
      (await store.inbox.list(parseInboxFilter(new URLSearchParams(query)))).rows.map((r) => [
        r.receivedAt.slice(0, 10),
        r.source?.channel,
        r.source?.campaign,
      ]);
    expect(await list("source=instagram")).toEqual([
      ["2026-11-02", "instagram", undefined],
      ["2026-11-01", "instagram", "summer-vip"],
    ]);
    expect(await list("source=Instagram&campaign=summer-vip")).toEqual([["2026-11-01", "instagram", "summer-vip"]]);
    expect(await list("view=spam&campaign=summer-vip")).toEqual([["2026-11-05", "instagram", "summer-vip"]]);
    // Not a value the counter writes: no filter, never an error.
    expect(await list("source=%3Cscript%3E")).toHaveLength(4);
    const [first] = (await store.inbox.list(parseInboxFilter(new URLSearchParams("campaign=summer-vip")))).rows;
    expect((await store.inbox.enquiry(first!.id))?.source).toEqual({
      channel: "instagram",
      campaign: "summer-vip",
      landing: "/hr",
    });
    const [unknown] = (await store.inbox.list(parseInboxFilter(new URLSearchParams("to=2026-11-04&from=2026-11-04"))))
      .rows;
    expect(unknown!.source).toBeUndefined();
  });
}
