// What earlier versions left (an older schema, an unreadable row, an outbox folder); run from store-contract.ts.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importOutbox } from "~/store/import-outbox.server";
import { migrate } from "~/store/migrate.server";
import { LATEST_VERSION, MIGRATIONS } from "~/store/migrations";
import { newRecord } from "~/store/record.server";
import { enquiry } from "../support/delivery-testbed";
import { writeFolderQuarantine, writeFolderRecord, writeLiveFolderLease } from "../support/outbox-folder.fixture";
import { storesOf, type StoreMaker } from "./store-setup";

export function upgradeContract(name: string, maker: StoreMaker) {
  describe(`enquiry store contract, what earlier versions left: ${name}`, () => {
    const { open, fresh, afterEachClose } = storesOf(maker);

    it("moving up from version 5 takes back the due times an outage pushed: the backlog is due in arrival order", async () => {
      await maker.reset();
      const store = await open();
      try {
        await migrate(
          store.sql,
          MIGRATIONS.filter((m) => m.version <= 5),
        );
        const at = (s: number) => new Date(Date.now() - 3_600_000 + s * 1000).toISOString();
        const rows = [
          ["aaaaaaaa-0000-4000-8000-000000000001", "Waited longest", at(0), "2099-01-01T00:00:00.000Z", 5],
          ["aaaaaaaa-0000-4000-8000-000000000002", "Came next", at(1), "2099-01-01T00:00:00.000Z", 3],
          ["aaaaaaaa-0000-4000-8000-000000000003", "Never tried", at(2), at(2), 0],
        ] as const;
        for (const [id, message, received, due, tries] of rows) {
          await store.sql.run(
            `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, reference)
               VALUES ($1, $2, 'Ana', 'ana@example.com', '+385 1', 'other', $3, $4)`,
            [id, received, message, `AAAA-000${tries}`],
          );
          await store.sql.run(
            `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, changed_at)
               VALUES ($1, 'email', 'pending', $2, $3, $4, $5, $2)`,
            [id, received, due, JSON.stringify(Array(tries).fill({ at: received, outcome: "http_503" })), tries],
          );
        }
        await store.prepare(); // version 6, and any after it
        expect((await store.check()).version).toBe(LATEST_VERSION);
        expect((await store.nextDue("email", Date.now()))?.enquiry.message).toBe("Waited longest");
        const pending = (await store.scan("pending")).deliveries;
        expect(pending.map((r) => [r.enquiry.message, r.attempts.length, r.nextAttemptAt])).toEqual([
          ["Waited longest", 5, undefined],
          ["Came next", 3, undefined],
          ["Never tried", 0, undefined],
        ]);
        expect((await store.channelStates()).filter((c) => c.failingSince)).toEqual([]);
      } finally {
        await afterEachClose();
      }
    });

    it("quarantines what is not a record, never gives it out, and says so", async () => {
      const store = await fresh();
      try {
        await maker.plantJunk(store);
        const real = await store.store(enquiry("Real, behind the junk"));
        expect((await store.nextDue("email", Date.now() + 1_000))?.id).toBe(real.id);
        expect((await store.counts()).quarantined).toBe(1);
        const [aside] = await store.quarantined();
        expect(aside?.reason).toMatch(/record/);
        expect(aside?.ref).toContain("00000000-0000-4000-8000-000000000000");
        expect((await store.scan("pending")).deliveries.map((r) => r.id)).toEqual([real.id]);
        expect(await store.dismiss(`row ${real.id}`)).toBe(false);
        expect(await store.dismiss(aside!.ref)).toBe(true);
        expect(await store.dismiss(aside!.ref)).toBe(false);
        expect((await store.counts()).quarantined).toBe(0);
        expect((await store.scan("pending")).deliveries.map((r) => r.id)).toEqual([real.id]);
      } finally {
        await afterEachClose();
      }
    });

    it("moves an earlier version's outbox folder in: every state as it was, junk quarantined, safe to run twice", async () => {
      const store = await fresh();
      const dir = await mkdtemp(path.join(tmpdir(), "import-"));
      try {
        const at = (s: number) => new Date(Date.parse("2026-11-01T10:00:00.000Z") + s * 1000).toISOString();
        const waiting = newRecord(enquiry("Waiting in the folder"), at(1));
        const tried = { at: at(2), outcome: "http_500", status: 500 };
        const retrying = {
          ...newRecord(enquiry("Tried once"), at(2)),
          attempts: [tried],
          nextAttemptAt: "2099-01-01T00:00:00.000Z",
        };
        const gaveUp = { ...newRecord(enquiry("Gave up"), at(3)), failure: { reason: "http_403", fix: "unlock" } };
        const done = { ...newRecord(enquiry("Delivered already"), at(4)), deliveredAt: at(5) };
        await writeFolderRecord(dir, "pending", waiting);
        await writeFolderRecord(dir, "pending", retrying);
        await writeFolderRecord(dir, "failed", gaveUp);
        await writeFolderRecord(dir, "delivered", done);
        await writeFile(path.join(dir, "pending", "junk.json"), "not a record");
        await writeFolderQuarantine(dir, "2026-11-01-x", "{ cut sho", {
          reason: "not JSON",
          from: "pending",
          at: at(6),
        });
        const first = newRecord(enquiry("From the first layout"), at(0));
        await writeFile(path.join(dir, "first.json"), JSON.stringify(first));

        // Refused while a server of the earlier version still delivers from the folder.
        await writeLiveFolderLease(dir);
        await expect(importOutbox(dir, store)).rejects.toThrow(/still delivers/);
        await rm(path.join(dir, "delivery.lease"));

        expect(await importOutbox(dir, store)).toEqual({ imported: 5, already: 0, quarantined: 2 });
        expect(await store.counts()).toMatchObject({ pending: 3, failed: 1, delivered: 1, quarantined: 2 });
        const pending = (await store.scan("pending")).deliveries;
        expect(pending.map((r) => r.id)).toEqual([first.id, waiting.id, retrying.id]);
        expect(pending[2]).toMatchObject({ attempts: [tried] });
        expect(pending[2]?.nextAttemptAt).toBeUndefined();
        expect((await store.nextDue("email", Date.now(), [first.id]))?.id).toBe(waiting.id);
        expect((await store.scan("failed")).deliveries[0]).toMatchObject({
          id: gaveUp.id,
          failure: { reason: "http_403" },
        });
        expect((await store.scan("delivered")).deliveries[0]).toMatchObject({
          id: done.id,
          deliveredAt: done.deliveredAt,
        });
        const aside = await store.quarantined();
        expect(aside.map((q) => q.reason).join(" | ")).toMatch(/not JSON.*\|.*not JSON|from pending/);
        for (const state of ["pending", "failed", "delivered", "quarantine"])
          expect(await readdir(path.join(dir, state))).toEqual([]);
        expect(await importOutbox(dir, store)).toEqual({ imported: 0, already: 0, quarantined: 0 });
        for (const entry of aside) expect(await store.dismiss(entry.ref)).toBe(true);
        expect(await store.counts()).toMatchObject({ pending: 3, quarantined: 0 });
      } finally {
        await rm(dir, { recursive: true, force: true });
        await afterEachClose();
      }
    });
  });
}
