// The PostgreSQL store beyond the shared contract: concurrent starts, a database that goes away
// and comes back, a deliverer whose session is ended or that froze, the shared rate limit, and
// moving a file outbox in. A real server (scripts/lib/pg-cluster.ts), EmailJS stood in by msw.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordedSends } from "../../mocks/emailjs";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster";
import { startDelivery } from "./delivery.server";
import { createEmailJsSend } from "./emailjs.server";
import { CONFIG, enquiry, enquiryTestbed, quickWorker } from "./enquiry-testbed";
import { importOutbox } from "./import-outbox.server";
import { createLease } from "./lease.server";
import { createOutbox } from "./outbox.server";
import { MIGRATIONS } from "./pg-schema.server";
import { createPgStore, type PgStore } from "./pg-store.server";
import { createRateLimiter, createSharedRateLimiter } from "./rate-limit.server";

let cluster: PgCluster;
let n = 0;
const opened: { close(): Promise<void> }[] = [];
const freshDatabase = () => cluster.createDatabase(`faults_${++n}`);
const openStore = (url: string) => {
  const store = createPgStore({ connectionString: url, staleMs: 2_000 });
  opened.push(store);
  return store;
};

beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
  cluster?.remove();
});

describe("PostgreSQL store", () => {
  const bed = enquiryTestbed();

  it("is migrated once when six replicas start at the same moment", async () => {
    const url = freshDatabase();
    const stores = Array.from({ length: 6 }, () => openStore(url));
    await Promise.all(stores.map((s) => s.prepare()));
    expect(cluster.psql("SELECT version FROM enquiry_schema_versions ORDER BY version", `faults_${n}`).trim()).toBe(
      MIGRATIONS.map((m) => m.version).join("\n"),
    );
    // And again later, by a new replica: nothing to do, nothing breaks.
    await openStore(url).prepare();
    await stores[0]!.store(enquiry("After six starts"));
    expect((await stores[5]!.totals()).pending).toBe(1);
  });

  it("a deliverer whose session was ended stops at once, and another takes over", async () => {
    const url = freshDatabase();
    const a = openStore(url);
    const b = openStore(url);
    const record = await a.store(enquiry("Ended session"));
    expect(await a.deliverer().hold()).toBe(true);
    cluster.psql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'adriatic-vip-deliverer' AND datname = 'faults_${n}'`,
    );
    await vi.waitFor(async () => expect(await a.deliverer().hold()).toBe(false));
    // Its intent cannot be written, so it does not send.
    await expect(a.markSending(record, new Date().toISOString())).rejects.toThrow();
    expect(await b.deliverer().hold()).toBe(true);
    expect(await b.markSending(record, new Date().toISOString())).toMatchObject({ id: record.id });
  });

  it("a frozen deliverer (its heartbeat stale, its session alive) is ended by the next one", async () => {
    const url = freshDatabase();
    const a = openStore(url);
    const b = openStore(url);
    expect(await a.deliverer().hold()).toBe(true);
    expect(await b.deliverer().hold()).toBe(false); // a is alive and well
    cluster.psql("UPDATE enquiry_deliverer SET heartbeat_at = now() - interval '1 hour'", `faults_${n}`);
    expect(await b.deliverer().hold()).toBe(false); // ends a's session
    expect(bed.logs.some((l) => l.includes("delivery.holder_ended"))).toBe(true);
    await vi.waitFor(async () => expect(await b.deliverer().hold()).toBe(true));
    expect(await a.deliverer().hold()).toBe(false);
  });

  it("a holder in a long call keeps its heartbeat going: not taken for a frozen one", async () => {
    const url = freshDatabase();
    const a = openStore(url);
    const b = openStore(url);
    expect(await a.deliverer().hold()).toBe(true);
    // No tick of a's worker for longer than the stale bound (2 s here): a call to EmailJS in flight.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await b.deliverer().hold()).toBe(false);
    expect(bed.logs.some((l) => l.includes("delivery.holder_ended"))).toBe(false);
    expect(await a.deliverer().hold()).toBe(true);
  });

  it("counts one client's enquiries across replicas, and each replica alone while the database is away", async () => {
    const url = freshDatabase();
    const store = openStore(url);
    await store.prepare();
    const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
    for (const pool of pools) pool.on("error", () => {});
    const limiters = pools.map((pool) => createSharedRateLimiter(pool, 3, 60_000, createRateLimiter(3, 60_000)));
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await limiters[i % 2]!.hit("203.0.113.9"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false, false]);
    expect(verdicts[3]).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect((await limiters[0]!.hit("198.51.100.1")).allowed).toBe(true); // another client
    await Promise.all(pools.map((p) => p.end()));
  });

  it("moves a file outbox in: pending and failed as they were, junk left, safe to run twice", async () => {
    const url = freshDatabase();
    const store = openStore(url);
    const dir = await mkdtemp(path.join(tmpdir(), "import-"));
    try {
      const outbox = createOutbox(dir);
      const waiting = await outbox.store(enquiry("Waiting in the folder"));
      const retrying = await outbox.store(enquiry("Tried once"));
      const tried = { at: new Date().toISOString(), outcome: "http_500", status: 500 };
      await outbox.update({
        ...retrying,
        attempts: [tried],
        nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
      });
      const gaveUp = await outbox.store(enquiry("Gave up"));
      await outbox.move(gaveUp, "failed", { failure: { reason: "http_403", fix: "unlock" } });
      const done = await outbox.store(enquiry("Delivered already"));
      await outbox.move(done, "delivered", { deliveredAt: new Date().toISOString() });
      await writeFile(path.join(dir, "pending", "junk.json"), "not a record");

      // Refused while a server still delivers from the folder.
      const serverLease = createLease(dir, { identity: { host: "another-host", pid: 1 } });
      expect(await serverLease.hold()).toBe(true);
      await expect(importOutbox(dir, store)).rejects.toThrow(/still delivers/);
      await serverLease.release();

      expect(await importOutbox(dir, store)).toEqual({ imported: 3, already: 0, unreadable: 1 });
      expect(await store.totals()).toEqual({ pending: 2, failed: 1, delivered: 0, quarantined: 0 });
      const pending = (await store.scan("pending")).records;
      expect(pending.map((r) => r.id)).toEqual([waiting.id, retrying.id]);
      expect(pending[1]).toMatchObject({ attempts: [tried] });
      expect((await store.nextDue(Date.now()))?.id).toBe(waiting.id);
      expect((await store.nextDue(Date.now(), [waiting.id]))?.id).toBeUndefined(); // its retry is not due
      expect((await store.scan("failed")).records[0]).toMatchObject({ id: gaveUp.id, failure: { reason: "http_403" } });
      expect(await readdir(path.join(dir, "pending"))).toEqual(["junk.json"]);
      expect((await readdir(path.join(dir, "imported"))).length).toBe(3);
      expect(await importOutbox(dir, store)).toEqual({ imported: 0, already: 0, unreadable: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the database stopped and started again: stores refused while away, delivery resumes by itself", async () => {
    const url = freshDatabase();
    const store: PgStore = openStore(url);
    for (const k of [1, 2]) await store.store(enquiry(`Before the outage ${k} [mock:slow]`));
    const send = createEmailJsSend(CONFIG, { timeoutMs: 2_000 });
    bed.delivery = startDelivery(quickWorker(store, { intervalMs: 100, pollMs: 50, send }));
    await vi.waitFor(() => expect(recordedSends.length).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    cluster.stop();
    try {
      const refused = await store.store(enquiry("During the outage")).then(
        () => "stored",
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(refused).toMatch(/^E|^57P/);
      await expect(store.writeCheck()).rejects.toThrow();
      // A limiter on this pool falls back to counting here.
      const limiter = createSharedRateLimiter(store.pool, 1, 60_000, createRateLimiter(1, 60_000));
      expect((await limiter.hit("192.0.2.1")).allowed).toBe(true);
      expect((await limiter.hit("192.0.2.1")).allowed).toBe(false);
      // The call in flight ends while the database is away: its outcome is kept, said, not lost.
      await vi.waitFor(() => expect(bed.logs.some((l) => l.includes("enquiry.outcome_unrecorded"))).toBe(true), {
        timeout: 5_000,
      });
      expect(bed.delivery!.problems().join()).toMatch(/not yet written to the store: delivery paused/);
    } finally {
      cluster.start();
    }
    await store.store(enquiry("After the outage"));
    await vi.waitFor(async () => expect((await store.totals()).delivered).toBe(3), { timeout: 15_000 });
    await store.writeCheck();
    const accepted = recordedSends.map((s) => s.fields.message);
    expect(bed.logs.some((l) => l.includes("enquiry.outcome_recorded"))).toBe(true);
    // Each once, except at most the one whose call was in flight when the database went.
    expect(new Set(accepted).size).toBe(3);
    expect(accepted.length).toBeLessThanOrEqual(4);
    await vi.waitFor(() => expect(bed.delivery!.problems()).toEqual([]), { timeout: 10_000 });
  }, 40_000);
});
