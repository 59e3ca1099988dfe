// The enquiry store's contract on SQLite and PostgreSQL; `plantJunk` writes a row this version cannot read.
import { describe, expect, it, vi } from "vitest";
import { deliveryTestbed, enquiry, quickWorker } from "../support/delivery-testbed";
import { startDelivery } from "~/delivery/worker.server";
import { recordedSends } from "../../mocks/emailjs";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import { storesOf, type StoreMaker } from "./store-setup";
import { upgradeContract } from "./upgrade-contract";

export type { StoreMaker };

const leftSince = (at: number) => 1_000 - (Date.now() - at) - 5;

export function storeContract(name: string, maker: StoreMaker) {
  describe(`enquiry store contract: ${name}`, () => {
    const bed = deliveryTestbed();
    const { open, fresh, afterEachClose } = storesOf(maker);

    it("confirms a visitor within the limits, counted in the database: one an hour and a few a day to an address, a bounded total", async () => {
      await maker.reset();
      const store = await open(["email"], { perAddressDay: 2, perDay: 3 });
      const confirmations = async () =>
        (
          await store.sql.all<{ confirmation: string | null; n: unknown }>(
            `SELECT e.confirmation, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id AND d.channel = 'confirmation') AS n
               FROM enquiries e ORDER BY e.message`,
          )
        ).map((row) => `${row.confirmation}:${Number(row.n)}`);
      let n = 0;
      const from = (email: string) => store.store({ ...enquiry(`Enquiry ${++n}`), email });
      try {
        for (const email of ["guest@example.com", "Guest@Example.com", "GUEST@example.com"]) await from(email);
        expect(await confirmations()).toEqual(["queued:1", "limit:0", "limit:0"]);
        // Two hours on: a second to that address may go; then its day's two are used.
        const earlier = new Date(Date.now() - 2 * 3_600_000).toISOString();
        await store.sql.run("UPDATE enquiries SET received_at = $1", [earlier]);
        await from("guest@example.com");
        await store.sql.run("UPDATE enquiries SET received_at = $1", [earlier]);
        await from("guest@example.com");
        expect((await confirmations()).slice(3)).toEqual(["queued:1", "limit:0"]);
        // The day's total: a third address is confirmed, a fourth is over the bound of three.
        await from("one@example.com");
        await from("two@example.com");
        expect((await confirmations()).slice(5)).toEqual(["queued:1", "limit:0"]);
      } finally {
        await afterEachClose();
      }
    });

    it("accepts an enquiry and gives it back, whole, as due", async () => {
      const store = await fresh();
      try {
        const stored = await store.store(enquiry("A yacht for eight, 14 July"), "req-1");
        expect(stored).toMatchObject({ state: "pending", requestId: "req-1", attempts: [] });
        const due = await store.nextDue("email", Date.now());
        expect(due).toMatchObject({ id: stored.id, receivedAt: stored.receivedAt, state: "pending" });
        expect(due?.enquiry).toEqual(enquiry("A yacht for eight, 14 July"));
        const counts = await store.counts();
        expect(counts).toMatchObject({ pending: 1, retrying: 0, failed: 0, quarantined: 0 });
        expect(counts.oldestPendingAt).toBe(stored.receivedAt);
        await store.writeCheck();
      } finally {
        await afterEachClose();
      }
    });

    it("is due oldest first, skips what it is told to, and never gives a record that is not due", async () => {
      const store = await fresh();
      try {
        const records = [];
        for (const n of [1, 2, 3]) records.push(await store.store(enquiry(`Order ${n}`)));
        expect((await store.nextDue("email", Date.now()))?.enquiry.message).toBe("Order 1");
        expect((await store.nextDue("email", Date.now(), [records[0]!.id]))?.enquiry.message).toBe("Order 2");
        const later = new Date(Date.now() + 60_000).toISOString();
        await store.update({
          ...records[0]!,
          attempts: [{ at: new Date().toISOString(), outcome: "http_500" }],
          nextAttemptAt: later,
        });
        expect((await store.nextDue("email", Date.now()))?.enquiry.message).toBe("Order 2");
        expect((await store.nextDue("email", Date.now() + 61_000))?.enquiry.message).toBe("Order 1");
        expect(await store.counts()).toMatchObject({ pending: 3, retrying: 1 });
        await (await open()).close();
        expect((await (await open()).scan("pending")).deliveries.map((r) => r.enquiry.message)).toEqual([
          "Order 1",
          "Order 2",
          "Order 3",
        ]);
      } finally {
        await afterEachClose();
      }
    });

    it("moves records between states, safely twice, and an operator can send a failed one back", async () => {
      const store = await fresh();
      try {
        const a = await store.store(enquiry("To deliver"));
        const b = await store.store(enquiry("To fail"));
        const at = new Date().toISOString();
        const delivered = await store.move(a, "delivered", {
          deliveredAt: at,
          attempts: [{ at, outcome: "delivered", status: 200 }],
        });
        await store.move(a, "delivered", { deliveredAt: at }); // a retry of a move cut short
        expect(delivered.state).toBe("delivered");
        const failure = { reason: "http_403", status: 403, fix: "Allow API calls for non-browser applications." };
        await store.move(b, "failed", { failure });
        expect(await store.nextDue("email", Date.now() + 86_400_000)).toBeUndefined();
        expect(await store.counts()).toMatchObject({ pending: 0, failed: 1 });
        expect(await store.counts()).toMatchObject({ pending: 0, failed: 1, delivered: 1, quarantined: 0 });
        const [failed] = (await store.scan("failed")).deliveries;
        expect(failed).toMatchObject({ id: b.id, failure });

        const found = await store.find(b.id.slice(0, 8).toUpperCase());
        expect(found.map((r) => r.id)).toEqual([b.id]);
        expect(await store.find("'; DROP TABLE enquiries; --")).toEqual([]);
        expect(await store.find("ffffffff-ffff")).toEqual([]);

        await store.retry(failed!);
        const again = await store.nextDue("email", Date.now());
        expect(again).toMatchObject({ id: b.id, state: "pending" });
        expect(again?.failure).toBeUndefined();
        expect(again?.retriedAt).toBeTruthy();

        expect(await store.purgeDelivered(0)).toBe(1);
        expect((await store.counts()).delivered).toBe(0);
      } finally {
        await afterEachClose();
      }
    });

    it("writes the intent to send, only while this process delivers", async () => {
      const store = await fresh();
      try {
        const record = await store.store(enquiry("With intent"));
        expect(await store.deliverer().hold()).toBe(true);
        const at = new Date().toISOString();
        const marked = await store.markSending(record, at);
        expect(marked?.sendingSince).toBe(at);
        expect((await store.nextDue("email", Date.now()))?.sendingSince).toBe(at);
        await store.move(record, "delivered", { deliveredAt: at });
        expect(await store.markSending(record, at)).toBeUndefined();
        await store.deliverer().release();
      } finally {
        await afterEachClose();
      }
    });

    it("lets one process deliver at a time, and another take over when it lets go", async () => {
      await maker.reset();
      const a = await open();
      const b = await open();
      try {
        expect(await a.deliverer().hold()).toBe(true);
        expect(await b.deliverer().hold()).toBe(false);
        expect(await a.deliverer().hold()).toBe(true);
        await a.deliverer().release();
        expect(await b.deliverer().hold()).toBe(true);
        expect(await a.deliverer().hold()).toBe(false);
      } finally {
        await b.deliverer().release();
        await afterEachClose();
      }
    });

    it("keeps the spacing between calls where the next deliverer sees it", async () => {
      await maker.reset();
      const a = await open();
      const b = await open();
      try {
        expect(await a.deliverer().hold()).toBe(true);
        expect(await a.pacing("email").waitMs(1_000)).toBe(0);
        const ended = Date.now();
        await a.pacing("email").callEnded();
        expect(await a.pacing("email").waitMs(1_000)).toBeGreaterThanOrEqual(leftSince(ended));
        await a.deliverer().release();
        expect(await b.deliverer().hold()).toBe(true);
        const wait = await b.pacing("email").waitMs(1_000);
        expect(wait).toBeGreaterThanOrEqual(leftSince(ended));
        expect(wait).toBeLessThanOrEqual(1_000);
        // A call started and never ended (its deliverer died in it): paced from its start.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await b.pacing("email").waitMs(1_000)).toBe(0);
        const started = Date.now();
        await b.pacing("email").callStarting();
        await b.deliverer().release();
        expect(await a.deliverer().hold()).toBe(true);
        expect(await a.pacing("email").waitMs(1_000)).toBeGreaterThanOrEqual(leftSince(started));
        await a.deliverer().release();
      } finally {
        await b.deliverer().release();
        await afterEachClose();
      }
    });

    it("keeps each channel's health beside its pacing, where every opener sees it; only the deliverer writes it", async () => {
      await maker.reset();
      const a = await open(["email", "slack"]);
      const b = await open(["email", "slack"]);
      try {
        const failingOnes = async (store: EnquiryStore) => (await store.channelStates()).filter((c) => c.failingSince);
        expect(await a.channelHealth("email").read()).toEqual({ channel: "email", failures: 0 });
        expect(await failingOnes(a)).toEqual([]);
        const failing = {
          channel: "email",
          failingSince: "2026-11-28T21:14:03.000Z",
          failures: 3,
          nextProbeAt: "2026-11-28T21:14:43.000Z",
          lastFailure: { reason: "http_503", status: 503, detail: "Service Unavailable" },
        };
        // Only the deliverer writes it: another process is refused, and nothing changes.
        await expect(a.channelHealth("email").save(failing)).rejects.toMatchObject({ code: "ENOTHOLDER" });
        expect(await a.deliverer().hold()).toBe(true);
        await a.pacing("email").callEnded();
        await a.channelHealth("email").save(failing);
        expect(await a.pacing("email").waitMs(60_000)).toBeGreaterThan(50_000);
        await a.pacing("email").callStarting();
        expect(await b.channelHealth("email").read()).toEqual(failing);
        expect(await failingOnes(b)).toEqual([failing]);
        expect(await b.channelHealth("slack").read()).toEqual({ channel: "slack", failures: 0 });
        const asked = Date.now();
        expect(await b.probeNow("email")).toBe(true);
        expect(Date.parse((await a.channelHealth("email").read()).nextProbeAt!)).toBeGreaterThanOrEqual(asked - 1_000);
        expect(await b.probeNow("slack")).toBe(false); // up: nothing to probe
        await a.channelHealth("email").save({ channel: "email", failures: 0 });
        expect(await b.channelStates()).toContainEqual({ channel: "email", failures: 0 });
        expect(await failingOnes(b)).toEqual([]);
        expect(await b.probeNow("email")).toBe(false);
        await a.deliverer().release();
      } finally {
        await afterEachClose();
      }
    });

    it("fails what waited for a failing provider past the bound, without a call; never one in flight, never a newer one", async () => {
      await maker.reset();
      const store = await open(["email", "slack"]);
      try {
        const stored = [];
        for (const n of [1, 2, 3, 4]) stored.push(await store.store(enquiry(`Waiting ${n}`)));
        const cutoff = stored[2]!.receivedAt;
        expect(await store.deliverer().hold()).toBe(true);
        await store.markSending(stored[1]!, new Date().toISOString()); // a probe under way
        // Sent back by an operator after the cutoff: its clock starts again.
        await store.move(stored[0]!, "failed", { failure: { reason: "http_503" } });
        await store.retry({ ...stored[0]!, state: "failed" });
        await store.move(stored[2]!, "failed", { failure: { reason: "http_503" } });
        await store.retry({ ...stored[2]!, state: "failed" });
        await store.sql.run("UPDATE deliveries SET retried_at = $1 WHERE enquiry_id = $2", [
          stored[2]!.receivedAt,
          stored[2]!.id,
        ]);
        const failure = { reason: "http_503", status: 503, fix: "Check the provider, then retry --failed." };
        const ids = await store.failWaiting("email", cutoff, failure);
        expect(ids).toEqual([stored[2]!.id]);
        const [aside] = (await store.scan("failed")).deliveries;
        expect(aside).toMatchObject({ id: stored[2]!.id, channel: "email", failure, attempts: [] });
        expect(await store.counts()).toMatchObject({
          channels: { email: { pending: 3, failed: 1 }, slack: { pending: 4, failed: 0 } },
        });
        expect(await store.failWaiting("email", cutoff, failure)).toEqual([]);
        await store.deliverer().release();
        await expect(store.failWaiting("email", cutoff, failure)).rejects.toMatchObject({ code: "ENOTHOLDER" });
      } finally {
        await afterEachClose();
      }
    });

    it("is delivered by the one worker: each once, oldest first, paced", async () => {
      const store = await fresh();
      try {
        for (const n of [1, 2, 3]) await store.store(enquiry(`Through the worker ${n}`));
        bed.delivery = startDelivery(quickWorker(store, { intervalMs: 150 }));
        await vi.waitFor(async () => expect((await store.counts()).delivered).toBe(3), { timeout: 5_000 });
        await bed.delivery.stop();
        bed.delivery = undefined;
        expect(recordedSends.map((s) => s.fields.message)).toEqual([1, 2, 3].map((n) => `Through the worker ${n}`));
        for (let i = 1; i < recordedSends.length; i++)
          expect(recordedSends[i]!.at - recordedSends[i - 1]!.at).toBeGreaterThanOrEqual(145);
        const [first] = (await store.scan("delivered")).deliveries;
        expect(first).toMatchObject({ attempts: [{ outcome: "delivered", status: 200 }] });
        expect(first?.sendingSince).toBeUndefined();
      } finally {
        await afterEachClose();
      }
    });

    it("retries a failure that may pass, and gives up on one that cannot", async () => {
      const store = await fresh();
      try {
        await store.store(enquiry("Down for a moment [mock:500]"));
        await store.store(enquiry("Locked account [mock:403]"));
        bed.delivery = startDelivery(quickWorker(store, { giveUpAfterMs: 400 }));
        await vi.waitFor(async () => expect((await store.counts()).failed).toBe(2), { timeout: 5_000 });
        await bed.delivery.stop();
        bed.delivery = undefined;
        const failed = (await store.scan("failed")).deliveries;
        const reasons = Object.fromEntries(failed.map((r) => [r.enquiry.message, r.failure?.reason]));
        expect(reasons).toEqual({
          "Down for a moment [mock:500]": "http_500",
          "Locked account [mock:403]": "http_403",
        });
        const transient = failed.find((r) => r.failure?.reason === "http_500")!;
        expect(transient.attempts.length).toBeGreaterThan(1);
      } finally {
        await afterEachClose();
      }
    });

    it("accepts an enquiry with one delivery per channel, each queued, moved and counted on its own", async () => {
      const store = await fresh(["email", "slack", "telegram"]);
      try {
        const first = await store.store(enquiry("Three roads"));
        expect(first.channel).toBe("email");
        const slack = await store.nextDue("slack", Date.now());
        expect(slack).toMatchObject({ id: first.id, channel: "slack", state: "pending" });
        await store.move(slack!, "failed", { failure: { reason: "http_404", fix: "a new webhook" } });
        expect(await store.nextDue("slack", Date.now())).toBeUndefined();
        expect((await store.nextDue("email", Date.now()))?.id).toBe(first.id);
        const telegram = (await store.nextDue("telegram", Date.now()))!;
        await store.move(telegram, "delivered", { deliveredAt: new Date().toISOString() });
        expect(await store.counts()).toMatchObject({
          pending: 1,
          failed: 1,
          delivered: 1,
          channels: {
            email: { pending: 1, failed: 0, delivered: 0 },
            slack: { pending: 0, failed: 1, delivered: 0 },
            telegram: { pending: 0, failed: 0, delivered: 1 },
          },
        });
        const found = await store.find(first.id.slice(0, 8));
        expect(found.map((r) => `${r.channel} ${r.state}`).sort()).toEqual([
          "email pending",
          "slack failed",
          "telegram delivered",
        ]);
        await store.retry(found.find((r) => r.channel === "slack")!);
        expect((await store.nextDue("slack", Date.now()))?.id).toBe(first.id);
        expect((await store.counts()).channels.telegram).toMatchObject({ delivered: 1 });
        expect(await store.purgeDelivered(0)).toBe(0);
        expect(await store.deliverer().hold()).toBe(true);
        const ended = Date.now();
        await store.pacing("slack").callEnded();
        expect(await store.pacing("slack").waitMs(1_000)).toBeGreaterThanOrEqual(leftSince(ended));
        expect(await store.pacing("telegram").waitMs(1_000)).toBe(0);
        await store.deliverer().release();
      } finally {
        await afterEachClose();
      }
    });
  });
  upgradeContract(name, maker);
}
