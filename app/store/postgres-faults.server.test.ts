import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONFIG, deliveryTestbed, enquiry, quickWorker } from "../../tests/support/delivery-testbed";
import { createEmailJsSend } from "~/delivery/emailjs.server";
import { startDelivery } from "~/delivery/worker.server";
import { createLimiter } from "~/utils/limiter.server";
import { recordedSends } from "../../mocks/emailjs";
import { postgresForTests, startPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { migrate } from "./migrate.server";
import { MIGRATIONS } from "./migrations";
import firstLayoutVersion from "./migrations/0001-first-layout";
import { createPostgres } from "./postgres.server";
import { openSqlStore as openConfigured } from "./open-store.server";

let cluster: PgCluster;
let n = 0;
const opened: { close(): Promise<void> }[] = [];
const enquiryLimit = (where: { pool: pg.Pool }, points: number) =>
  createLimiter({ where, keyPrefix: "enquiry", tableName: "enquiry_rate_limit", points, windowSeconds: 60 });
const freshDatabase = () => cluster.createDatabase(`faults_${++n}`);
const openSqlStore = (url: string) => {
  const store = openConfigured({ DATABASE_URL: url, DATABASE_POOL_MAX: 5 }, { staleMs: 2_000 });
  opened.push(store);
  return store;
};

describe.runIf(postgresForTests("the PostgreSQL store's faults"))("PostgreSQL store", () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    for (const store of opened) await store.close().catch(() => {});
    cluster?.remove();
  });
  const bed = deliveryTestbed();

  it("is migrated once when six replicas start at the same moment", async () => {
    const url = freshDatabase();
    const stores = Array.from({ length: 6 }, () => openSqlStore(url));
    await Promise.all(stores.map((s) => s.prepare()));
    expect(cluster.psql("SELECT version FROM enquiry_schema_versions ORDER BY version", `faults_${n}`).trim()).toBe(
      MIGRATIONS.map((m) => m.version).join("\n"),
    );
    await openSqlStore(url).prepare();
    await stores[0]!.store(enquiry("After six starts"));
    expect((await stores[5]!.counts()).pending).toBe(1);
  });

  it("a migration that runs longer than a visitor's query may wait (5 s) is not cut off", async () => {
    const sql = createPostgres(freshDatabase());
    const slow = { version: 99, name: "a long rewrite", sqlite: null, postgres: "SELECT pg_sleep(6)" };
    try {
      expect(await migrate(sql, [...MIGRATIONS, slow])).toEqual([...MIGRATIONS.map((m) => m.version), 99]);
    } finally {
      await sql.close();
    }
  }, 20_000);

  it("a deliverer whose session was ended stops at once, and another takes over", async () => {
    const url = freshDatabase();
    const a = openSqlStore(url);
    const b = openSqlStore(url);
    const record = await a.store(enquiry("Ended session"));
    expect(await a.deliverer().hold()).toBe(true);
    cluster.psql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'adriatic-vip-deliverer' AND datname = 'faults_${n}'`,
    );
    await vi.waitFor(async () => expect(await a.deliverer().hold()).toBe(false));
    await expect(a.markSending(record, new Date().toISOString())).rejects.toThrow();
    expect(await b.deliverer().hold()).toBe(true);
    expect(await b.markSending(record, new Date().toISOString())).toMatchObject({ id: record.id });
  });

  it("a frozen deliverer (its heartbeat stale, its session alive) is ended by the next one", async () => {
    const url = freshDatabase();
    const a = openSqlStore(url);
    const b = openSqlStore(url);
    expect(await a.deliverer().hold()).toBe(true);
    expect(await b.deliverer().hold()).toBe(false);
    cluster.psql("UPDATE enquiry_deliverer SET heartbeat_at = now() - interval '1 hour'", `faults_${n}`);
    expect(await b.deliverer().hold()).toBe(false);
    expect(bed.logs.some((l) => l.includes("delivery.holder_ended"))).toBe(true);
    await vi.waitFor(async () => expect(await b.deliverer().hold()).toBe(true));
    expect(await a.deliverer().hold()).toBe(false);
  });

  it("a holder in a long call keeps its heartbeat going: not taken for a frozen one", async () => {
    const url = freshDatabase();
    const a = openSqlStore(url);
    const b = openSqlStore(url);
    expect(await a.deliverer().hold()).toBe(true);
    // No tick of a's worker for longer than the stale bound (2 s here): a call to EmailJS in flight.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await b.deliverer().hold()).toBe(false);
    expect(bed.logs.some((l) => l.includes("delivery.holder_ended"))).toBe(false);
    expect(await a.deliverer().hold()).toBe(true);
  });

  it("counts one client's enquiries across replicas, and each replica alone while the database is away", async () => {
    const url = freshDatabase();
    const store = openSqlStore(url);
    await store.prepare();
    const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
    for (const pool of pools) pool.on("error", () => {});
    const limiters = pools.map((pool) => enquiryLimit({ pool }, 3));
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await limiters[i % 2]!.hit("203.0.113.9"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false, false]);
    expect(verdicts[3]).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect((await limiters[0]!.hit("198.51.100.1")).allowed).toBe(true);
    cluster.stop();
    try {
      for (const limiter of limiters) {
        const alone = [];
        for (let i = 0; i < 4; i++) alone.push((await limiter.hit("192.0.2.77")).allowed);
        expect(alone).toEqual([true, true, true, false]);
      }
      expect(bed.events("rate_limit.local").length).toBeGreaterThan(0);
    } finally {
      cluster.start();
    }
    await Promise.all(pools.map((p) => p.end().catch(() => {})));
  }, 30_000);

  it("migrates the first layout's rows into one delivery each, as they were, and a row it cannot read quarantined", async () => {
    const url = freshDatabase();
    const db = `faults_${n}`;
    cluster.psql(
      `CREATE TABLE enquiry_schema_versions (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
       ${firstLayoutVersion.postgres}
       INSERT INTO enquiry_schema_versions (version, name) VALUES (1, 'first');`,
      db,
    );
    const firstLayout = ({ phone, ...fields }: ReturnType<typeof enquiry>) => ({ ...fields, number: phone });
    const record = (id: string, message: string, extra: object) =>
      JSON.stringify({
        v: 1,
        id,
        receivedAt: "2026-11-01T10:00:00.000Z",
        enquiry: { ...firstLayout(enquiry(message)), language: "hr" },
        attempts: [],
        ...extra,
      });
    const ids = [
      "11111111-1111-4111-8111-111111111111",
      "22222222-2222-4222-8222-222222222222",
      "33333333-3333-4333-8333-333333333333",
    ] as const;
    const tried = { at: "2026-11-01T10:00:01.000Z", outcome: "http_500", status: 500 };
    cluster.psql(
      `INSERT INTO enquiries (id, state, received_at, due_at, record) VALUES
        ('${ids[0]}', 'pending', '2026-11-01T10:00:00Z', '2099-01-01T00:00:00Z',
         '${record(ids[0], "Retrying", { attempts: [tried], nextAttemptAt: "2099-01-01T00:00:00.000Z" })}'),
        ('${ids[1]}', 'failed', '2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z',
         '${record(ids[1], "Failed", { failure: { reason: "http_403", fix: "unlock" } })}'),
        ('${ids[2]}', 'pending', '2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z', '{"v": 9}');
       UPDATE enquiry_deliverer SET last_call_ended_at = clock_timestamp() WHERE id = 1;`,
      db,
    );
    const store = openSqlStore(url);
    await store.prepare();
    const after = MIGRATIONS.map((m) => m.version).filter((v) => v > 1);
    expect(bed.events("database.migrated")).toEqual([expect.objectContaining({ versions: after })]);
    expect(await store.counts()).toMatchObject({ pending: 1, failed: 1, quarantined: 1 });
    const [retrying] = (await store.scan("pending")).deliveries;
    expect(retrying).toMatchObject({ id: ids[0], attempts: [tried] });
    expect(retrying?.nextAttemptAt).toBeUndefined();
    expect(retrying?.enquiry).toEqual({ ...enquiry("Retrying"), language: "hr" });
    expect((await store.scan("failed")).deliveries[0]).toMatchObject({ id: ids[1], failure: { reason: "http_403" } });
    expect(await store.deliverer().hold()).toBe(true);
    expect(await store.pacing("email").waitMs(60_000)).toBeGreaterThan(50_000);
  });

  it("the database stopped and started again: stores refused while away, delivery resumes by itself", async () => {
    const url = freshDatabase();
    const store = openSqlStore(url);
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
      const limiter = enquiryLimit({ pool: store.pool! }, 1);
      expect((await limiter.hit("192.0.2.1")).allowed).toBe(true);
      expect((await limiter.hit("192.0.2.1")).allowed).toBe(false);
      await vi.waitFor(() => expect(bed.logs.some((l) => l.includes("enquiry.outcome_unrecorded"))).toBe(true), {
        timeout: 5_000,
      });
      expect(bed.delivery!.problems().join()).toMatch(/not yet written to the store: delivery paused/);
    } finally {
      cluster.start();
    }
    await store.store(enquiry("After the outage"));
    await vi.waitFor(async () => expect((await store.counts()).delivered).toBe(3), { timeout: 15_000 });
    await store.writeCheck();
    const accepted = recordedSends.map((s) => s.fields.message);
    expect(bed.logs.some((l) => l.includes("enquiry.outcome_recorded"))).toBe(true);
    // Each once, except at most the one whose call was in flight when the database went.
    expect(new Set(accepted).size).toBe(3);
    expect(accepted.length).toBeLessThanOrEqual(4);
    await vi.waitFor(() => expect(bed.delivery!.problems()).toEqual([]), { timeout: 10_000 });
  }, 40_000);
});
