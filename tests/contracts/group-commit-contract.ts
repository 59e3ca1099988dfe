// Group commit on the accept path (app/store/group-commit.server.ts), on SQLite and PostgreSQL. Faults are the database's
// own: a trigger refuses one marked enquiry at its insert, or a deferred constraint at COMMIT (the shared commit fails).
import { describe, expect, it } from "vitest";
import { enquiry } from "../support/delivery-testbed";
import { acceptCommits } from "~/utils/metrics.server";
import type { StoreMaker } from "./store-contract";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import type { ConfirmationRule } from "~/store/accepted-deliveries.server";

const REFUSED = "[refused]";
const REFUSED_AT_COMMIT = "[refused at commit]";
const REFUSED_PLAINLY = "[refused plainly]";

const FAULTS: Record<EnquiryStore["kind"], string[]> = {
  sqlite: [
    `CREATE TRIGGER test_refuse BEFORE INSERT ON enquiries WHEN NEW.message LIKE '%${REFUSED}%'
       BEGIN SELECT RAISE(ABORT, 'refused by a constraint'); END`,
    "CREATE TABLE test_parent (id INTEGER PRIMARY KEY)",
    "CREATE TABLE test_child (parent INTEGER REFERENCES test_parent (id) DEFERRABLE INITIALLY DEFERRED)",
    `CREATE TRIGGER test_refuse_at_commit AFTER INSERT ON enquiries WHEN NEW.message LIKE '%${REFUSED_AT_COMMIT}%'
       BEGIN INSERT INTO test_child VALUES (1); END`,
    // An error that is no constraint's (SQLITE_ERROR: malformed JSON).
    `CREATE TRIGGER test_refuse_plainly BEFORE INSERT ON enquiries WHEN NEW.message LIKE '%${REFUSED_PLAINLY}%'
       BEGIN SELECT json('not json'); END`,
  ],
  postgres: [
    `CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS
       'BEGIN RAISE EXCEPTION ''refused by a constraint'' USING ERRCODE = ''23514''; END'`,
    `CREATE TRIGGER test_refuse BEFORE INSERT ON enquiries FOR EACH ROW
       WHEN (NEW.message LIKE '%${REFUSED}%') EXECUTE FUNCTION test_refuse()`,
    `CREATE CONSTRAINT TRIGGER test_refuse_at_commit AFTER INSERT ON enquiries DEFERRABLE INITIALLY DEFERRED
       FOR EACH ROW WHEN (NEW.message LIKE '%${REFUSED_AT_COMMIT}%') EXECUTE FUNCTION test_refuse()`,
    // A plain RAISE EXCEPTION: SQLSTATE P0001, no constraint's.
    `CREATE FUNCTION test_refuse_plainly() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''refused''; END'`,
    `CREATE TRIGGER test_refuse_plainly BEFORE INSERT ON enquiries FOR EACH ROW
       WHEN (NEW.message LIKE '%${REFUSED_PLAINLY}%') EXECUTE FUNCTION test_refuse_plainly()`,
  ],
};

const commits = async () => (await acceptCommits.get()).values[0]?.value ?? 0;

async function rowCounts(store: EnquiryStore) {
  const [row] = await store.sql.all<{ enquiries: number; deliveries: number }>(
    `SELECT (SELECT CAST(count(*) AS integer) FROM enquiries) AS enquiries,
            (SELECT CAST(count(*) AS integer) FROM deliveries) AS deliveries`,
  );
  return { enquiries: Number(row?.enquiries), deliveries: Number(row?.deliveries) };
}

const burst = (store: EnquiryStore, messages: string[]) =>
  Promise.allSettled(messages.map((message) => store.store(enquiry(message))));

export function groupCommitContract(name: string, maker: StoreMaker) {
  describe(`group commit on the accept path: ${name}`, { timeout: 20_000 }, () => {
    const withStore = async (
      channels: readonly string[] | undefined,
      test: (store: EnquiryStore) => Promise<void>,
      confirmation?: ConfirmationRule,
    ) => {
      await maker.reset();
      const store = await maker.make(channels, confirmation);
      try {
        await store.prepare();
        for (const statement of FAULTS[store.kind]) await store.sql.run(statement);
        await test(store);
      } finally {
        await store.close();
      }
    };

    it("stores a burst in one commit: each its own reference, arrival times increasing in the order they came", async () => {
      await withStore(["email", "slack"], async (store) => {
        const before = await commits();
        const messages = Array.from({ length: 20 }, (_, n) => `Burst ${n}`);
        const stored = (await burst(store, messages)).map((r) => (r.status === "fulfilled" ? r.value : undefined));
        expect(stored.every(Boolean)).toBe(true);
        expect((await commits()) - before).toBe(1);
        expect(new Set(stored.map((r) => r!.reference)).size).toBe(20);
        expect(new Set(stored.map((r) => r!.id)).size).toBe(20);
        const times = stored.map((r) => Date.parse(r!.receivedAt));
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
        expect(await rowCounts(store)).toEqual({ enquiries: 20, deliveries: 40 });
        const queued = (await store.scan("pending")).deliveries.filter((r) => r.channel === "slack");
        expect(queued.map((r) => r.enquiry.message)).toEqual(messages);
        expect(queued.map((r) => r.reference)).toEqual(stored.map((r) => r!.reference));
      });
    });

    it("one unit that breaks a constraint fails alone: the others in its commit are stored, whole", async () => {
      await withStore(["email", "slack"], async (store) => {
        const before = await commits();
        const messages = ["First", "Second", `Third ${REFUSED}`, "Fourth", "Fifth"];
        const outcomes = await burst(store, messages);
        expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
        expect((await commits()) - before).toBe(1);
        expect(await rowCounts(store)).toEqual({ enquiries: 4, deliveries: 8 });
        const stored = (await store.scan("pending")).deliveries.filter((r) => r.channel === "email");
        expect(stored.map((r) => r.enquiry.message)).toEqual(["First", "Second", "Fourth", "Fifth"]);
        await expect(store.store(enquiry(`Alone ${REFUSED}`))).rejects.toThrow();
        expect(await rowCounts(store)).toEqual({ enquiries: 4, deliveries: 8 });
      });
    });

    it("one unit refused by an error that is no constraint's fails alone too, with or without a caught one beside it", async () => {
      await withStore(["email"], async (store) => {
        const messages = ["One", "Two", `Three ${REFUSED_PLAINLY}`, "Four"];
        const outcomes = await burst(store, messages);
        expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
        expect(await rowCounts(store)).toEqual({ enquiries: 3, deliveries: 3 });
        const caught = { reasons: ["honeypot"], maxPerHour: 100, maxKept: 100 };
        const mixed = await Promise.allSettled([
          store.store(enquiry("Five")),
          store.store(enquiry("Caught"), undefined, { spam: caught }),
          store.store(enquiry(`Six ${REFUSED_PLAINLY}`)),
          store.store(enquiry("Seven")),
        ]);
        expect(mixed.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
        expect(await rowCounts(store)).toEqual({ enquiries: 6, deliveries: 5 });
      });
    });

    it("a shared commit that fails fails every visitor in it and stores none of them; the next burst is stored", async () => {
      await withStore(["email", "slack"], async (store) => {
        const messages = ["Uno", "Dos", "Tres", `Cuatro ${REFUSED_AT_COMMIT}`, "Cinco", "Seis"];
        const outcomes = await burst(store, messages);
        expect(outcomes.map((o) => o.status)).toEqual(messages.map(() => "rejected"));
        expect(await rowCounts(store)).toEqual({ enquiries: 0, deliveries: 0 });
        const again = await burst(store, ["Uno", "Dos", "Tres", "Cinco", "Seis"]);
        expect(again.map((o) => o.status)).toEqual(again.map(() => "fulfilled"));
        expect(await rowCounts(store)).toEqual({ enquiries: 5, deliveries: 10 });
      });
    });

    it("confirmations in one commit count each other, as one after another would", async () => {
      await withStore(
        ["email"],
        async (store) => {
          const before = await commits();
          const from = ["guest@example.com", "GUEST@example.com", "one@example.com", "two@example.com"];
          const sent = [...from, "three@example.com", "One@example.com"];
          const outcomes = await Promise.allSettled(
            sent.map((email, n) => store.store({ ...enquiry(`Burst ${n}`), email })),
          );
          expect(outcomes.map((o) => o.status)).toEqual(sent.map(() => "fulfilled"));
          expect((await commits()) - before).toBe(1);
          const rows = await store.sql.all<{ confirmation: string | null; n: unknown }>(
            `SELECT e.confirmation, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id AND d.channel = 'confirmation') AS n
               FROM enquiries e ORDER BY e.message`,
          );
          // Within the hour, then the day's total of three, then an address confirmed in this very commit.
          expect(rows.map((row) => `${row.confirmation}:${Number(row.n)}`)).toEqual([
            "queued:1",
            "limit:0",
            "queued:1",
            "queued:1",
            "limit:0",
            "limit:0",
          ]);
        },
        { perAddressDay: 2, perDay: 3 },
      );
    });
  });
}
